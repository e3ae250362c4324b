import Foundation
import KinetypeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An anonymous file that holds bytes a writer needs again later, so memory does not grow with
/// them: the APNG encoder's planned frames until the whole animation is known, a batch's outcomes
/// until its report is written.
///
/// The file has no name: on Linux it is made with `O_TMPFILE`; elsewhere (or on a file system
/// without it) it is made with `mkstemp` and unlinked at once. So a killed run leaves nothing
/// behind, and closing the descriptor (`deinit`) frees the space.
public final class SpoolFile {
    private let descriptor: Int32
    /// What errors name: the file the spool's bytes are for, or else the spool's folder.
    private let named: URL
    /// Bytes written so far: the offset of the next append.
    public private(set) var size = 0

    /// A spool in `folder` (the output's folder, so it uses the space the output will), for the
    /// file `destination`, which its errors name.
    public init(folder: URL, for destination: URL? = nil) throws {
        named = destination ?? folder
        var descriptor: Int32 = -1
        #if os(Linux)
            // O_TMPFILE is __O_TMPFILE | O_DIRECTORY, a macro Swift does not import.
            let temporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY
            descriptor = open(folder.path, O_RDWR | O_CLOEXEC | temporaryFile, 0o600)
        #endif
        if descriptor < 0 {
            var template = Array(folder.appendingPathComponent(".kinetype-spool-XXXXXX").path.utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if descriptor >= 0 {
                template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            }
        }
        guard descriptor >= 0 else { throw OutputError.cannotWrite(named, errno: errno) }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Appends `bytes`; returns the offset they start at.
    @discardableResult
    public func append(_ bytes: [UInt8]) throws -> Int {
        let offset = size
        try bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let written = pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { throw OutputError.cannotWrite(named, errno: written < 0 ? errno : ENOSPC) }
                done += written
            }
        }
        size += bytes.count
        return offset
    }

    /// The `count` bytes at `offset`.
    public func read(at offset: Int, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        try bytes.withUnsafeMutableBytes { buffer in
            var done = 0
            while done < count {
                let got = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { throw OutputError.cannotWrite(named, errno: got < 0 ? errno : EIO) }
                done += got
            }
        }
        return bytes
    }
}
