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
/// untouched; `discard()` (or deinit without commit) removes the temporary. Only a regular file
/// (or nothing) at the destination is replaced (`OutputDestination`). The first file written into
/// a folder removes the stale temporaries that killed runs left there (`StaleTemporaries`).
public final class AtomicFile: Sendable {
    /// Where the file will be once committed.
    public let destination: URL
    /// The temporary file being written (same folder, hidden name).
    public let temporaryURL: URL
    private let group: OutputGroup?
    /// Set once by `commit` or `discard`: the temporary is no longer this object's to remove.
    private let finished = Locked(false)

    /// Creates the (empty) temporary file. Throws `.cannotWrite` when the folder does not exist,
    /// is not writable, the destination's name is too long for it, or something other than a
    /// regular file is in the way of the destination.
    public init(destination: URL, group: OutputGroup? = nil) throws {
        self.destination = destination
        self.group = group
        self.temporaryURL = TemporaryName.sibling(of: destination)
        try OutputDestination.check(destination, kind: .file)
        try OutputDestination.checkNameLength(destination)
        StaleTemporaries.cleanOnce(in: destination.deletingLastPathComponent())
        let descriptor = open(temporaryURL.path, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        guard descriptor >= 0 else { throw OutputError.cannotWrite(destination, errno: errno) }
        close(descriptor)
    }

    deinit {
        if !finished.withLock({ $0 }) { removeTemporary() }
    }

    /// Replaces the temporary file's contents with `data`.
    public func write(_ data: Data) throws {
        precondition(!finished.withLock({ $0 }), "AtomicFile used after commit or discard")
        do {
            try data.write(to: temporaryURL)
        } catch {
            discard()
            throw OutputError.cannotWrite(destination, error: error)
        }
    }

    /// Renames the temporary file over the destination, or hands it to the group. On failure the
    /// temporary is removed and the destination keeps its old contents. `recheck` runs again just
    /// before the file is put in place, and stops it by throwing.
    public func commit(recheck: @escaping @Sendable () throws -> Void = {}) throws {
        precondition(!finish(), "AtomicFile committed twice or after discard")
        let destination = destination
        if let group {
            group.add(
                .init(
                    temporary: temporaryURL, destination: destination, shownAs: destination, kind: .file,
                    recheck: {
                        try OutputDestination.check(destination, kind: .file)
                        try recheck()
                    }))
            return
        }
        do {
            try recheck()
            _ = try OutputPlacement.place(
                temporaryURL, at: destination, shownAs: destination, kind: .file, keepingOld: false)
        } catch {
            removeTemporary()
            throw error
        }
    }

    /// Removes the temporary file and leaves the destination untouched.
    public func discard() {
        guard !finish() else { return }
        removeTemporary()
    }

    private func removeTemporary() {
        unlink(temporaryURL.path)
    }

    /// Marks the file finished; returns whether it already was.
    private func finish() -> Bool {
        finished.withLock { isFinished in
            defer { isFinished = true }
            return isFinished
        }
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
