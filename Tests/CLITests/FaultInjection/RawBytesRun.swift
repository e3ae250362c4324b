import Foundation
import XCTest

/// One `kinetype` run whose arguments are bytes (Foundation's `Process` passes only Strings, so it
/// cannot pass a name that is not UTF-8), with its standard output and error captured.
struct RawBytesRun {
    var status: Int32
    var stdout: String
    var stderr: String

    /// Runs kinetype with `arguments` in `directory`; the outputs go through files in `scratch`.
    static func run(_ arguments: [[UInt8]], in directory: URL, scratch: URL) throws -> RawBytesRun {
        let outPath = scratch.appendingPathComponent("stdout-\(UUID().uuidString)").path
        let errPath = scratch.appendingPathComponent("stderr-\(UUID().uuidString)").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // The shell passes its arguments on byte for byte.
        let command = "cd \"$1\" && shift && exec \"$@\""
        let prefix = ["/bin/sh", "-c", command, "sh", directory.path, KinetypeProcess.executable.path]
        let argv = prefix.map { Array($0.utf8) } + arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        }
        cArguments.append(nil)
        defer { for argument in cArguments { argument?.deallocate() } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, &cArguments, environ)
        guard spawned == 0 else { throw XCTSkip("cannot spawn kinetype: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        func text(_ path: String) throws -> String {
            String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        }
        return RawBytesRun(status: exitStatus, stdout: try text(outPath), stderr: try text(errPath))
    }
}

/// Files and folders whose names are bytes that need not be UTF-8.
enum RawName {
    /// `folder/name`, as bytes.
    static func path(_ folder: URL, _ name: [UInt8]) -> [UInt8] {
        Array(folder.path.utf8) + [UInt8(ascii: "/")] + name
    }

    /// Creates a regular file holding `contents`.
    static func writeFile(_ path: [UInt8], contents: Data) throws {
        let descriptor = withCString(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == contents.count else { throw CocoaError(.fileWriteUnknown) }
    }

    static func makeFolder(_ path: [UInt8]) throws {
        guard withCString(path, { mkdir($0, 0o755) }) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// The names in `folder`, as bytes (FileManager would show U+FFFD for what is not UTF-8).
    static func names(in folder: URL) -> Set<[UInt8]> {
        guard let directory = opendir(folder.path) else { return [] }
        defer { closedir(directory) }
        var names: Set<[UInt8]> = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != Array(".".utf8), name != Array("..".utf8) { names.insert(name) }
        }
        return names
    }

    private static func withCString<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
