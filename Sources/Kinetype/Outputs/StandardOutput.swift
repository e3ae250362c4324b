import Foundation
import KinetypeEncode

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Renders to standard output (`-o -`).
///
/// The output is first written, as to any file, into a private temporary folder (in `TMPDIR`),
/// verified like any output (a video by ffprobe), and only then copied to the descriptor. So
/// standard output receives either the complete file, byte for byte what `-o file` writes, or
/// nothing; every single-file format streams, an MP4 keeps its index up front, and a failed or
/// interrupted render writes no bytes. The temporary folder is removed in every case.
public enum StandardOutput {
    /// Renders `prepared` with `options` (its `output` is ignored) and copies the file to
    /// `descriptor`. The report's `output` is `-`.
    /// - Throws: a `.usage` Diagnostic for a format that is a folder; `.cannotWrite` (73) when the
    ///   reader closed the pipe (`| head -c 10`) or the descriptor fails; the render's own errors.
    public static func render(
        _ prepared: PreparedScene, _ options: RenderOptions, descriptor: Int32 = STDOUT_FILENO,
        isCancelled: @escaping @Sendable () -> Bool = { false },
        progress: @escaping (RenderProgress) -> Void = { _ in }
    ) throws -> RenderReport {
        guard options.encoding.format.traits.canStream else {
            throw Diagnostic(
                kind: .usage,
                message: "PNG frames are a folder of files and cannot be written to standard output",
                hint: "give a folder (-o frames/), or one moment as a PNG with \(CommandLineOption.still.flag) SECONDS"
            ).fail()
        }
        // A closed descriptor would be reused by the next open (a temporary file, ffmpeg's pipe),
        // and the output copied into it: refuse before anything is opened.
        guard fcntl(descriptor, F_GETFD) != -1 else { throw failure(errno) }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var fileOptions = options
        fileOptions.output = folder.appendingPathComponent("output")
        var report = try prepared.render(fileOptions, isCancelled: isCancelled, progress: progress)
        if isCancelled() { throw CancellationError() }
        try copy(fileOptions.output, to: descriptor)
        report.output = URL(fileURLWithPath: "-")
        return report
    }

    /// A new folder only this process can read, in the system's temporary folder.
    private static func temporaryFolder() throws -> URL {
        var template = Array((NSTemporaryDirectory() + "/kinetype-stdout-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Diagnostic(
                kind: .cannotWrite,
                message:
                    "cannot make a temporary folder for standard output in \(NSTemporaryDirectory()) (\(String(cString: strerror(errno))))",
                hint: "set TMPDIR to a writable folder with room for the output"
            ).fail()
        }
        return URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    /// Copies the file to the descriptor in 64 KB pieces (`DescriptorWrite`, so a closed pipe is
    /// EPIPE, not a kill).
    static func copy(_ file: URL, to descriptor: Int32) throws {
        let input = open(file.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw failure(errno) }
        defer { close(input) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            if count == 0 { return }
            if let code = buffer.withUnsafeBytes({
                DescriptorWrite.all(UnsafeRawBufferPointer(rebasing: $0[0..<count]), to: descriptor)
            }) {
                throw failure(code)
            }
        }
    }

    private static func failure(_ code: Int32) -> DiagnosticList {
        if code == EPIPE {
            return DiagnosticList(
                Diagnostic(
                    kind: .cannotWrite,
                    message: "cannot write to standard output: the reading end of the pipe was closed",
                    hint: "the program kinetype's output was piped into stopped reading before the end"))
        }
        return DiagnosticList(
            Diagnostic(
                kind: .cannotWrite,
                message: "cannot write to standard output (\(String(cString: strerror(code))))"))
    }
}
