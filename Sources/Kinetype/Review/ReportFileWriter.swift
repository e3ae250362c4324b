import Foundation
import KinetypeEncode

/// Writes a report's bytes into its temporary file as they come, through a buffer of 64 KiB:
/// the memory of writing a report does not grow with its length.
final class ReportFileWriter {
    private var descriptor: Int32
    /// The report's own path, for the messages of a write that fails.
    private let destination: URL
    private var buffer: [UInt8] = []
    private static let bufferSize = 64 << 10

    /// Opens `temporary` (made already, empty) for writing.
    init(_ temporary: URL, destination: URL) throws {
        self.destination = destination
        descriptor = open(temporary.path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputError.cannotWrite(destination, errno: errno) }
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Adds `data`.
    func add(_ data: Data) throws {
        buffer.append(contentsOf: data)
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Writes out what is left and closes the file.
    func finish() throws {
        try flush()
        let result = close(descriptor)
        descriptor = -1
        if result != 0 { throw OutputError.cannotWrite(destination, errno: errno) }
    }

    private func flush() throws {
        try buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw OutputError.cannotWrite(destination, errno: count < 0 ? errno : ENOSPC) }
                offset += count
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
