import Foundation
import KinetypeCore

/// Where an encoder puts a file's bytes: memory, or a temporary file next to the destination,
/// written in 64 KB pieces (so giflib's 255-byte blocks do not each cost a system call) and renamed
/// over the destination by `finish()`. Bytes already appended can be corrected (APNG's frame count
/// in its header). A C library's output callback, which cannot throw, uses `appendRemembering`,
/// and the first failure is `writeError`.
final class OutputByteSink {
    private var buffer = Data()
    /// Bytes already written to the file (file mode).
    private var flushed = 0
    /// The file being written (file mode), until `finish` commits it or `discard` removes it.
    private var file: AtomicFile?
    /// Its destination, for messages.
    private let destination: URL?
    private let handle: FileHandle?
    private let flushThreshold = 1 << 16

    /// Collects the bytes in memory.
    init() {
        file = nil
        destination = nil
        handle = nil
    }

    /// Streams the bytes into a temporary file for `destination` (`.cannotWrite` at once when the
    /// folder is missing or not writable).
    init(destination: URL, group: OutputGroup? = nil) throws {
        let file = try AtomicFile(destination: destination, group: group)
        do {
            handle = try FileHandle(forWritingTo: file.temporaryURL)
        } catch {
            throw OutputError.cannotWrite(destination, error: error)
        }
        self.file = consume file
        self.destination = destination
    }

    /// The first failed append of `appendRemembering`, reported when the file is finished.
    private(set) var writeError: DiagnosticList?

    /// How many bytes have been appended.
    var count: Int { flushed + buffer.count }

    /// Memory: every byte appended. File: those not yet written to the file.
    var bytesInMemory: Data { buffer }

    func append(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try append($0) }
    }

    func append(_ bytes: UnsafeRawBufferPointer) throws {
        if let writeError { throw writeError }
        buffer.append(contentsOf: bytes)
        if handle != nil, buffer.count >= flushThreshold { try flush() }
    }

    /// Appends for a caller that cannot throw; false (and `writeError` set) once writing failed.
    func appendRemembering(_ bytes: UnsafeRawBufferPointer) -> Bool {
        do {
            try append(bytes)
            return true
        } catch {
            writeError = writeError ?? DiagnosticList(describing: error)
            return false
        }
    }

    /// Replaces bytes already appended, starting at `offset`.
    func overwrite(at offset: Int, with bytes: [UInt8]) throws {
        precondition(offset >= 0 && offset + bytes.count <= count, "overwrite outside the written bytes")
        guard let handle, let destination else {
            buffer.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
            return
        }
        try flush()
        do {
            try handle.seek(toOffset: UInt64(offset))
            try handle.write(contentsOf: bytes)
            try handle.seekToEnd()
        } catch {
            throw OutputError.cannotWrite(destination, error: error)
        }
    }

    /// Memory: returns the bytes. File: flushes, closes and renames the file over the destination,
    /// and returns empty data. On failure the temporary file is removed.
    func finish() throws -> Data {
        if let writeError {
            discard()
            throw writeError
        }
        guard let handle else { return buffer }
        do {
            try flush()
            try handle.close()
        } catch {
            discard()
            throw error
        }
        try file.take()?.commit()
        return Data()
    }

    /// Removes the temporary file; the destination is left as it was.
    func discard() {
        try? handle?.close()
        file.take()?.discard()
        buffer = Data()
    }

    private func flush() throws {
        guard let destination, let handle, !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
            flushed += buffer.count
            buffer.removeAll(keepingCapacity: true)
        } catch {
            throw OutputError.cannotWrite(destination, error: error)
        }
    }
}
