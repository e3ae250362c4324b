import Foundation
import KinetypeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks what ffmpeg wrote before it may replace anything, because ffmpeg's exit status alone
/// cannot be trusted: on a full disk it prints "Error writing trailer … No space left on device"
/// and still exits 0, leaving a video without its index.
enum VideoVerification {
    /// The error for anything ffmpeg printed (it runs with `-loglevel error`, so every line is
    /// an error), or nil when it printed nothing. Disk errors (no space, quota, read-only file
    /// system) become `.cannotWrite` (exit 73), everything else `.renderFailure` (exit 1).
    static func failure(fromFFmpegOutput text: String, destination: URL) -> DiagnosticList? {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard !lines.isEmpty else { return nil }
        let shown = lines.suffix(5).joined(separator: "\n")
        if let code = diskErrno(in: text) {
            return OutputError.cannotWrite(
                destination, reason: OutputError.reason(forErrno: code) + " (ffmpeg: \(shown))",
                hint: "free some space or choose another output folder; the existing file was left as it was")
        }
        return Diagnostic(
            kind: .renderFailure,
            message: "cannot write \(OutputError.displayPath(destination)): ffmpeg reported an error: \(shown)"
        ).fail()
    }

    /// The errno of a disk error that ffmpeg's message names, if any.
    static func diskErrno(in text: String) -> Int32? {
        let reasons: [(String, Int32)] = [
            (String(cString: strerror(ENOSPC)), ENOSPC), ("No space left", ENOSPC),
            (String(cString: strerror(EDQUOT)), EDQUOT), ("quota exceeded", EDQUOT),
            (String(cString: strerror(EROFS)), EROFS), ("Read-only file system", EROFS),
        ]
        let lowered = text.lowercased()
        return reasons.first { lowered.contains($0.0.lowercased()) }?.1
    }

    /// Why the finished file at `file` is not the video that was sent (`frames` frames at `fps`,
    /// with an alpha channel or without), or nil when it is. Uses ffprobe next to ffmpeg or on the
    /// search path (frame count, duration, alpha channel, BT.709 tags); without ffprobe, a
    /// structural check of the container.
    ///
    /// Frames are counted as the stream's packets, which ffprobe reads without decoding them: every
    /// format kinetype writes stores one packet per shown frame (VP9's hidden frames travel inside
    /// the packet of the frame they precede). Decoding the whole video again cost a tenth of the
    /// encode's wall time, and a truncated file loses packets as surely as frames.
    static func problem(
        with file: URL, format: VideoFormat, frames: Int, fps: Double, alpha: Bool = false, ffprobe: URL?
    ) -> String? {
        if let ffprobe {
            return probeProblem(file: file, format: format, frames: frames, fps: fps, alpha: alpha, ffprobe: ffprobe)
        }
        return structuralProblem(file: file, format: format)
    }

    /// The `ffprobe` executable beside `ffmpeg`, else on `searchPath` (default: PATH).
    static func findFFprobe(besides ffmpeg: URL, searchPath: String?) -> URL? {
        let sibling = ffmpeg.deletingLastPathComponent().appendingPathComponent("ffprobe")
        if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
        let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("ffprobe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    private static func probeProblem(
        file: URL, format: VideoFormat, frames: Int, fps: Double, alpha: Bool, ffprobe: URL
    ) -> String? {
        let process = Process()
        process.executableURL = ffprobe
        process.arguments = [
            "-v", "error", "-count_packets", "-select_streams", "v:0",
            "-show_entries",
            "stream=nb_read_packets,pix_fmt,codec_tag_string,color_space,color_primaries,color_transfer"
                + ":stream_tags=alpha_mode"
                + ":format=duration",
            "-of", "default=nw=1", file.path,
        ]
        let output = Pipe()
        let errors = PipeDrain()
        process.standardOutput = output
        process.standardError = errors.pipe
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return structuralProblem(file: file, format: format)
        }
        errors.start()
        let outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorData = errors.wait()
        process.waitUntilExit()
        let errorText = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if process.terminationReason != .exit || process.terminationStatus != 0 || !errorText.isEmpty {
            let detail = errorText.split(separator: "\n").suffix(3).joined(separator: "\n")
            return "ffprobe cannot read the video ffmpeg wrote" + (detail.isEmpty ? "" : ": " + detail)
        }
        var values: [String: String] = [:]
        for line in outputText.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        guard let counted = values["nb_read_packets"].flatMap(Int.init) else {
            return "ffprobe found no video frames in the file ffmpeg wrote"
        }
        guard counted == frames else {
            return "the file ffmpeg wrote has \(counted) frames, but \(frames) were sent"
        }
        let expected = Double(frames) / fps
        if let duration = values["duration"].flatMap(Double.init), abs(duration - expected) > 1 / fps + 0.01 {
            return
                "the file ffmpeg wrote lasts \(String(format: "%.3f", duration)) s, but \(frames) frames at \(fps) fps last \(String(format: "%.3f", expected)) s"
        }
        if format.isHEVC, values["codec_tag_string"] != "hvc1" {
            return "the HEVC video ffmpeg wrote is tagged \(values["codec_tag_string"] ?? "nothing"), not hvc1, "
                + "so Apple's players would not open it"
        }
        return alphaProblem(values, format: format, alpha: alpha) ?? colorProblem(values)
    }

    /// Whether the stream has an alpha channel exactly when one was asked for: ProRes decodes to a
    /// `yuva` pixel format; VP9 keeps alpha in a side channel that WebM flags with `alpha_mode=1`.
    static func alphaProblem(_ values: [String: String], format: VideoFormat, alpha: Bool) -> String? {
        let hasAlpha: Bool
        switch format {
        case .mp4, .hevcMP4, .hevcMOV: hasAlpha = false
        case .webm: hasAlpha = values["TAG:alpha_mode"] == "1"
        case .mov: hasAlpha = values["pix_fmt"]?.hasPrefix("yuva") ?? false
        }
        if alpha && !hasAlpha { return "the file ffmpeg wrote has no alpha channel" }
        if !alpha && hasAlpha { return "the file ffmpeg wrote has an alpha channel, but the frames are opaque" }
        return nil
    }

    /// Whether the stream is tagged BT.709 (matrix, primaries, transfer).
    static func colorProblem(_ values: [String: String]) -> String? {
        for key in ["color_space", "color_primaries", "color_transfer"] where values[key] != "bt709" {
            return "the file ffmpeg wrote is not tagged BT.709 (\(key) is \(values[key] ?? "missing"))"
        }
        return nil
    }

    /// Without ffprobe: an MP4 (or MOV) must consist of whole top-level boxes, among them `ftyp`, `moov`
    /// (the index) and `mdat`; a WebM must start with the EBML header and hold a Segment. Only box
    /// headers are read, so a large video is not loaded into memory.
    static func structuralProblem(file: URL, format: VideoFormat) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return "ffmpeg wrote an unreadable file" }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size > 0 else { return "ffmpeg wrote an empty file" }
        switch format {
        case .mp4, .hevcMP4, .mov, .hevcMOV: return mp4Problem(handle, size: size)
        case .webm: return webmProblem(handle)
        }
    }

    private static func mp4Problem(_ handle: FileHandle, size: UInt64) -> String? {
        var boxes: Set<String> = []
        var offset: UInt64 = 0
        while offset < size {
            guard (try? handle.seek(toOffset: offset)) != nil, let header = try? handle.read(upToCount: 16),
                header.count >= 8
            else { return "the MP4 file ends inside a box header (it is truncated)" }
            let bytes = [UInt8](header)
            let type = String(decoding: bytes[4..<8], as: UTF8.self)
            var boxSize = bytes[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            var headerSize: UInt64 = 8
            if boxSize == 1 {
                guard bytes.count == 16 else { return "the MP4 file ends inside the \(type) box header" }
                boxSize = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                headerSize = 16
            } else if boxSize == 0 {
                boxSize = size - offset
            }
            guard boxSize >= headerSize, boxSize <= size - offset else {
                return "the MP4 file ends inside the \(type) box (it is truncated)"
            }
            boxes.insert(type)
            offset += boxSize
        }
        for required in ["ftyp", "moov", "mdat"] where !boxes.contains(required) {
            return "the MP4 file has no \(required) box"
                + (required == "moov" ? " (no index: ffmpeg did not finish writing it)" : "")
        }
        return nil
    }

    private static func webmProblem(_ handle: FileHandle) -> String? {
        guard (try? handle.seek(toOffset: 0)) != nil, let head = try? handle.read(upToCount: 4096) else {
            return "the WebM file cannot be read"
        }
        let ebml: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3]
        let segment: [UInt8] = [0x18, 0x53, 0x80, 0x67]
        guard head.starts(with: ebml) else { return "the WebM file does not start with an EBML header" }
        guard head.range(of: Data(segment)) != nil else { return "the WebM file has no Segment" }
        return nil
    }
}
