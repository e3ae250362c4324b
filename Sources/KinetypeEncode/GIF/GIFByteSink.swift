import Foundation
import KinetypeCore

/// Where giflib's output function puts the GIF's bytes: memory, or a temporary file next to the
/// destination (buffered, so giflib's 255-byte blocks do not each cost a system call) that is
/// renamed over the destination when the GIF is complete.
final class GIFByteSink {
    private(set) var data = Data()
    private let file: AtomicFile?
    private let handle: FileHandle?
    /// The first write error, reported when the GIF is finished.
    private(set) var writeError: DiagnosticList?
    private let flushThreshold = 1 << 16

    /// Collects the bytes in memory.
    init() {
        file = nil
        handle = nil
    }

    /// Streams the bytes into a temporary file for `destination`, put in place with `group`'s
    /// other outputs when given (`.cannotWrite` when the folder is missing or not writable).
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

    /// Appends bytes; returns false once writing has failed.
    func append(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        guard writeError == nil else { return false }
        data.append(bytes, count: count)
        if handle != nil, data.count >= flushThreshold { flush() }
        return writeError == nil
    }

    /// Memory: the bytes. File: flushes, closes and renames the file over the destination, and
    /// returns empty data.
    func finish() throws -> Data {
        guard let file, let handle else { return data }
        flush()
        try? handle.close()
        if let writeError {
            file.discard()
            throw writeError
        }
        try file.commit()
        return Data()
    }

    /// Removes the temporary file (file mode); the destination is left as it was.
    func discard() {
        try? handle?.close()
        file?.discard()
        data = Data()
    }

    private func flush() {
        guard let file, let handle, !data.isEmpty, writeError == nil else { return }
        do {
            try handle.write(contentsOf: data)
            data.removeAll(keepingCapacity: true)
        } catch {
            writeError = OutputError.cannotWrite(file.destination, error: error)
        }
    }
}
