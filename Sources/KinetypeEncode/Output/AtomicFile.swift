import Foundation
import KinetypeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written atomically: everything goes to a temporary file in the destination's folder,
/// and `commit()` renames it over the destination. Until then the destination is untouched;
/// `discard()` (or deinit without commit) removes the temporary. The first file written into a
/// folder removes the stale temporaries that killed runs left there (`StaleTemporaries`).
public final class AtomicFile {
    /// Where the file will be once committed.
    public let destination: URL
    /// The temporary file being written (same folder, hidden name).
    public let temporaryURL: URL
    private var isFinished = false

    /// Creates the (empty) temporary file. Throws `.cannotWrite` when the folder does not exist,
    /// is not writable, or a folder is in the way of the destination.
    public init(destination: URL) throws {
        self.destination = destination
        self.temporaryURL = TemporaryName.sibling(of: destination)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw OutputError.cannotWrite(destination, errno: EISDIR)
        }
        StaleTemporaries.cleanOnce(in: destination.deletingLastPathComponent())
        let descriptor = open(temporaryURL.path, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        guard descriptor >= 0 else { throw OutputError.cannotWrite(destination, errno: errno) }
        close(descriptor)
    }

    deinit {
        if !isFinished { removeTemporary() }
    }

    /// Replaces the temporary file's contents with `data`.
    public func write(_ data: Data) throws {
        precondition(!isFinished, "AtomicFile used after commit or discard")
        do {
            try data.write(to: temporaryURL)
        } catch {
            discard()
            throw OutputError.cannotWrite(destination, error: error)
        }
    }

    /// Renames the temporary file over the destination. On failure the temporary is removed and
    /// the destination keeps its old contents.
    public func commit() throws {
        precondition(!isFinished, "AtomicFile committed twice or after discard")
        isFinished = true
        if rename(temporaryURL.path, destination.path) != 0 {
            let code = errno
            removeTemporary()
            throw OutputError.cannotWrite(destination, errno: code)
        }
    }

    /// Removes the temporary file and leaves the destination untouched.
    public func discard() {
        guard !isFinished else { return }
        isFinished = true
        removeTemporary()
    }

    private func removeTemporary() {
        unlink(temporaryURL.path)
    }

    /// Writes `data` to `url` atomically.
    public static func write(_ data: Data, to url: URL) throws {
        let file = try AtomicFile(destination: url)
        try file.write(data)
        try file.commit()
    }
}
