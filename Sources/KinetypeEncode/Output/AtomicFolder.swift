#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import KinetypeCore

/// A folder written atomically (a PNG sequence): files go into a temporary sibling folder, and
/// `commit()` replaces the destination folder with it. Until then the destination is untouched;
/// `discard()` (or deinit without commit) removes the temporary folder and everything in it.
public final class AtomicFolder {
    /// Where the folder will be once committed.
    public let destination: URL
    /// The temporary folder being filled (same parent folder, hidden name).
    public let temporaryURL: URL
    private var isFinished = false

    /// Creates the temporary folder. Throws `.cannotWrite` when the parent folder does not exist
    /// or is not writable, or when a file (not a folder) is in the way of the destination.
    public init(destination: URL) throws {
        self.destination = destination
        self.temporaryURL = TemporaryName.sibling(of: destination)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw OutputError.cannotWrite(destination, errno: EEXIST)
        }
        guard mkdir(temporaryURL.path, 0o777) == 0 else {
            throw OutputError.cannotWrite(destination, errno: errno)
        }
    }

    deinit {
        if !isFinished { removeTemporary() }
    }

    /// The URL of a file named `name` inside the temporary folder.
    public func temporaryFile(named name: String) -> URL {
        temporaryURL.appendingPathComponent(name)
    }

    /// Replaces the destination folder with the temporary one. An existing destination is moved
    /// aside first and restored if the replacement fails, then removed.
    public func commit() throws {
        precondition(!isFinished, "AtomicFolder committed twice or after discard")
        isFinished = true
        let backup = TemporaryName.sibling(of: destination, suffix: "old")
        let hadDestination = FileManager.default.fileExists(atPath: destination.path)
        if hadDestination, rename(destination.path, backup.path) != 0 {
            let code = errno
            removeTemporary()
            throw OutputError.cannotWrite(destination, errno: code)
        }
        if rename(temporaryURL.path, destination.path) != 0 {
            let code = errno
            if hadDestination { rename(backup.path, destination.path) }
            removeTemporary()
            throw OutputError.cannotWrite(destination, errno: code)
        }
        if hadDestination { try? FileManager.default.removeItem(at: backup) }
    }

    /// Removes the temporary folder and leaves the destination untouched.
    public func discard() {
        guard !isFinished else { return }
        isFinished = true
        removeTemporary()
    }

    private func removeTemporary() {
        try? FileManager.default.removeItem(at: temporaryURL)
    }
}
