import Foundation
import KinetypeCore

/// Where an encoder puts a file's bytes when a header must be corrected at the end (APNG's frame
/// count): memory, or a temporary file next to the destination, written in 64 KB pieces and
/// renamed over the destination by `finish()`.
final class PatchableByteSink {
    private var buffer = Data()
    /// Bytes already written to the file (file mode).
    private var flushed = 0
    private let file: AtomicFile?
    private let handle: FileHandle?
    private let flushThreshold = 1 << 16

    /// Collects the bytes in memory.
    init() {
        file = nil
        handle = nil
    }

    /// Streams the bytes into a temporary file for `destination` (`.cannotWrite` at once when the
    /// folder is missing or not writable).
    init(destination: URL, group: OutputGroup? = nil) throws {
        let file = try AtomicFile(destination: destination, group: group)
        do {
            handle = try FileHandle(forWritingTo: file.temporaryURL)
        } catch {
            file.discard()
            throw OutputError.cannotWrite(destination, error: error)
        }
        self.file = file
    }

    /// How many bytes have been appended.
    var count: Int { flushed + buffer.count }

    func append(_ bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        if handle != nil, buffer.count >= flushThreshold { try flush() }
    }

    /// Replaces bytes already appended, starting at `offset`.
    func overwrite(at offset: Int, with bytes: [UInt8]) throws {
        precondition(offset >= 0 && offset + bytes.count <= count, "overwrite outside the written bytes")
        guard let handle, let file else {
            buffer.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
            return
        }
        try flush()
        do {
            try handle.seek(toOffset: UInt64(offset))
            try handle.write(contentsOf: bytes)
            try handle.seekToEnd()
        } catch {
            throw OutputError.cannotWrite(file.destination, error: error)
        }
    }

    /// Memory: returns the bytes. File: flushes, closes and renames the file over the destination,
    /// and returns empty data. On failure the temporary file is removed.
    func finish() throws -> Data {
        guard let file, let handle else { return buffer }
        do {
            try flush()
            try handle.close()
        } catch {
            discard()
            throw error
        }
        try file.commit()
        return Data()
    }

    /// Removes the temporary file; the destination is left as it was.
    func discard() {
        try? handle?.close()
        file?.discard()
        buffer = Data()
    }

    private func flush() throws {
        guard let file, let handle, !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
            flushed += buffer.count
            buffer.removeAll(keepingCapacity: true)
        } catch {
            throw OutputError.cannotWrite(file.destination, error: error)
        }
    }
}
