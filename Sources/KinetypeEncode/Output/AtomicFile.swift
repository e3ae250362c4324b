import Foundation
import KinetypeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written atomically: everything goes to a temporary file in the destination's folder,
/// and `commit()` renames it over the destination (or, in an `OutputGroup`, hands it to the group,
/// which puts it in place with the command's other outputs). Until then the destination is
/// untouched; `discard()`, or dropping the file without committing it, removes the temporary
/// (`OutputTemporary`). The file is noncopyable and `commit` and `discard` consume it, so a second
/// commit or a use after either is a compile error. Only a regular file (or nothing) at the
/// destination is replaced (`OutputDestination`). The first file written into a folder removes
/// the stale temporaries that killed runs left there (`StaleTemporaries`).
public struct AtomicFile: ~Copyable, Sendable {
    /// Where the file will be once committed.
    public let destination: URL
    /// The temporary file being written (same folder, hidden name).
    public var temporaryURL: URL { temporary.url }
    private let group: OutputGroup?
    private let temporary: OutputTemporary

    /// Creates the (empty) temporary file. Throws `.cannotWrite` when the folder does not exist,
    /// is not writable, the destination's name is too long for it, or something other than a
    /// regular file is in the way of the destination.
    public init(destination: URL, group: OutputGroup? = nil) throws {
        self.destination = destination
        self.group = group
        let temporaryURL = TemporaryName.sibling(of: destination)
        try OutputDestination.check(destination, kind: .file)
        try OutputDestination.checkNameLength(destination)
        StaleTemporaries.cleanOnce(in: destination.deletingLastPathComponent())
        let descriptor = open(temporaryURL.path, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        guard descriptor >= 0 else { throw OutputError.cannotWrite(destination, errno: errno) }
        close(descriptor)
        self.temporary = OutputTemporary(url: temporaryURL)
    }

    /// Replaces the temporary file's contents with `data`. On failure the temporary is removed,
    /// so a later `commit` fails too.
    public func write(_ data: Data) throws {
        do {
            try data.write(to: temporaryURL)
        } catch {
            OutputPlacement.remove(temporaryURL)
            throw OutputError.cannotWrite(destination, error: error)
        }
    }

    /// Renames the temporary file over the destination, or hands it to the group. On failure the
    /// temporary is removed (as the file is dropped) and the destination keeps its old contents. `recheck` runs again just
    /// before the file is put in place, and stops it by throwing.
    public consuming func commit(recheck: @escaping @Sendable () throws -> Void = {}) throws {
        let destination = destination
        if let group {
            group.add(
                .init(
                    temporary: temporaryURL, destination: destination, shownAs: destination, kind: .file,
                    recheck: {
                        try OutputDestination.check(destination, kind: .file)
                        try recheck()
                    }))
            temporary.release()
            return
        }
        try recheck()
        _ = try OutputPlacement.place(
            temporaryURL, at: destination, shownAs: destination, kind: .file, keepingOld: false)
        temporary.release()
    }

    /// Removes the temporary file and leaves the destination untouched.
    public consuming func discard() {
        temporary.remove()
    }

    /// Writes `data` to `url` atomically, unless `url` is a regular file that holds exactly `data`
    /// already: that file is left as it is, its modification time too. Returns whether it wrote.
    @discardableResult
    public static func writeIfChanged(_ data: Data, to url: URL) throws -> Bool {
        if IdenticalFiles.holds(url, data) { return false }
        try write(data, to: url)
        return true
    }

    /// Writes `data` to `url` atomically (put in place with `group`'s other outputs when given);
    /// `recheck` as for `commit`.
    public static func write(
        _ data: Data, to url: URL, group: OutputGroup? = nil, recheck: @escaping @Sendable () throws -> Void = {}
    ) throws {
        let file = try AtomicFile(destination: url, group: group)
        try file.write(data)
        try file.commit(recheck: recheck)
    }
}
