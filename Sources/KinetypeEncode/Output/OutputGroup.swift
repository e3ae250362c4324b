import Foundation
import KinetypeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The outputs of one command, put in place together: an `AtomicFile` or `AtomicFolder` made with
/// a group does not rename its temporary when it is committed, it hands it to the group, and the
/// group's `OutputTransaction` puts every one at its destination only once all of them are
/// complete (`commit()`), or removes them all (`discard()`).
///
/// Each existing destination is exchanged with its temporary (so the old version is kept, under the
/// temporary's name, until every output is in place); if putting one in place fails, the ones
/// already placed are put back, and every destination is as it was. Only a kill in the few
/// microseconds between two renames can leave some outputs new and others old; each is still a
/// whole file or folder, and the old versions left under temporary names are removed by the next
/// run (`StaleTemporaries`). Where the file system cannot exchange, a file's old version is kept as
/// a hard link and a folder's is moved aside, so a failure can still put it back.
///
/// A group made `keepingIdenticalFiles` leaves a file whose destination already holds exactly its
/// bytes as it is (same inode, same modification time) and drops the temporary: a batch re-run
/// that renders the same bytes touches nothing, so Xcode, Gradle and `git status` see no change.
public final class OutputGroup: Sendable {
    private struct State {
        var pending: [Pending] = []
        var isFinished = false
    }

    private let state = Locked(State())
    /// Whether a file whose destination already has its bytes is left in place (see above).
    public let keepsIdenticalFiles: Bool

    init(keepingIdenticalFiles: Bool = false) {
        self.keepsIdenticalFiles = keepingIdenticalFiles
    }

    /// A temporary handed over by `AtomicFile` or `AtomicFolder`, to be put at `destination`.
    struct Pending: Sendable {
        var temporary: URL
        var destination: URL
        /// The destination as the user gave it, for messages.
        var shownAs: URL
        var kind: OutputDestination.Kind
        /// Run just before this output is put in place; throws when it may no longer be.
        var recheck: @Sendable () throws -> Void
    }

    /// Where a destination's complete output is until `commit()`: its temporary.
    public func stagedURL(for destination: URL) -> URL? {
        let wanted = destination.standardizedFileURL
        return state.withLock { state in state.pending.last { $0.destination.standardizedFileURL == wanted } }?
            .temporary
    }

    /// The destinations handed over so far, in order, as they were given.
    public var destinations: [URL] { state.withLock { $0.pending.map(\.shownAs) } }

    func add(_ output: Pending) {
        state.withLock { state in
            precondition(!state.isFinished, "an output was added to a group already committed or discarded")
            state.pending.append(output)
        }
    }

    /// `OutputTransaction.commit()`: puts every output in place, in the order they were handed
    /// over, and returns the destinations kept because they held the new bytes. On failure the
    /// outputs already placed are put back, every temporary is removed, and the error is thrown.
    func placeAll() throws -> [URL] {
        let outputs = state.withLock { state in
            state.isFinished = true
            return state.pending
        }
        var placed: [OutputPlacement.Placed] = []
        var kept: [URL] = []
        for (index, output) in outputs.enumerated() {
            do {
                try output.recheck()
                if keepsIdenticalFiles, output.kind == .file,
                    IdenticalFiles.same(output.temporary, output.destination)
                {
                    OutputPlacement.remove(output.temporary)
                    kept.append(output.shownAs)
                    continue
                }
                placed.append(
                    try OutputPlacement.place(
                        output.temporary, at: output.destination, shownAs: output.shownAs, kind: output.kind,
                        keepingOld: true))
            } catch {
                for done in placed.reversed() { OutputPlacement.undo(done) }
                for rest in outputs[index...] { OutputPlacement.remove(rest.temporary) }
                throw error
            }
        }
        for done in placed { OutputPlacement.finish(done) }
        return kept
    }

    /// `OutputTransaction.discard()`: removes every temporary handed over; every destination stays
    /// as it was.
    func removeAll() {
        let outputs = state.withLock { state in
            state.isFinished = true
            return state.pending
        }
        for output in outputs { OutputPlacement.remove(output.temporary) }
    }
}

/// What may stand at an output's path: nothing, or what kinetype would write there (a regular file
/// for a file output, a folder for a folder output). A FIFO, a device, a socket or a symbolic link
/// is never replaced: renaming over it would destroy something kinetype did not write.
public enum OutputDestination {
    public enum Kind: Sendable {
        case file
        case folder
    }

    /// Throws `.cannotWrite` when something other than `kind` (or nothing) is at `url`; the last
    /// part of the path is not followed when it is a symbolic link. `shownAs` names it in messages.
    public static func check(_ url: URL, kind: Kind, shownAs: URL? = nil) throws {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return }
        let url = shownAs ?? url
        let type = status.st_mode & S_IFMT
        switch (type, kind) {
        case (S_IFREG, .file), (S_IFDIR, .folder): return
        case (S_IFDIR, .file): throw OutputError.cannotWrite(url, errno: EISDIR)
        case (S_IFREG, .folder): throw OutputError.cannotWrite(url, errno: EEXIST)
        default:
            throw OutputError.cannotWrite(
                url, reason: "it is \(describe(type)), not a \(kind == .file ? "regular file" : "folder")",
                hint: "kinetype replaces only files and folders it could have written; choose another output path")
        }
    }

    private static func describe(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
        }
    }
}

/// Puts a complete temporary at its destination, and can take it back.
enum OutputPlacement {
    /// What placing did, so it can be undone or finished.
    struct Placed {
        var temporary: URL
        var destination: URL
        var shownAs: URL
        var kind: OutputDestination.Kind
        var how: How
    }

    enum How {
        /// Nothing was at the destination; the temporary was renamed there.
        case renamed
        /// The old output is now at the temporary's path.
        case exchanged
        /// The old output was kept at `backup` (a hard link of a file, or a folder moved aside,
        /// with the note that keeps its destination's name when `backup`'s name is shortened).
        case keptAside(backup: URL, note: URL?)
        /// The old output was replaced and not kept (a single output, which is never undone).
        case replaced
    }

    /// Puts `temporary` at `destination`, after checking again what is there. With `keepingOld`,
    /// an old output is kept so that `undo` can put it back until `finish` removes it.
    /// `shownAs` is the destination as the user gave it, for messages.
    static func place(
        _ temporary: URL, at destination: URL, shownAs: URL, kind: OutputDestination.Kind, keepingOld: Bool
    ) throws -> Placed {
        try OutputDestination.check(destination, kind: kind, shownAs: shownAs)
        var placed = Placed(
            temporary: temporary, destination: destination, shownAs: shownAs, kind: kind, how: .renamed)
        var status = stat()
        guard lstat(destination.path, &status) == 0 else {
            guard rename(temporary.path, destination.path) == 0 else { throw failure(placed, errno) }
            return placed
        }
        if kind == .file, !keepingOld {
            guard rename(temporary.path, destination.path) == 0 else { throw failure(placed, errno) }
            placed.how = .replaced
            return placed
        }
        switch FolderExchange.exchange(temporary, destination) {
        case .exchanged:
            placed.how = .exchanged
        case .failed(let code):
            throw failure(placed, code)
        case .unsupported:
            switch kind {
            case .file:
                let backup = TemporaryName.sibling(of: destination)
                guard link(destination.path, backup.path) == 0 else { throw failure(placed, errno) }
                guard rename(temporary.path, destination.path) == 0 else {
                    let code = errno
                    unlink(backup.path)
                    throw failure(placed, code)
                }
                placed.how = .keptAside(backup: backup, note: nil)
            case .folder:
                placed.how = try moveAside(placed)
            }
        }
        return placed
    }

    /// Moves the old folder aside and the new one into place, for a file system that cannot
    /// exchange. A shortened `.old` name gets its note first, so a kill between the two renames
    /// leaves the next run what it needs to rename the old folder back (`StaleTemporaries`).
    static func moveAside(_ placed: Placed) throws -> How {
        let (backup, note) = TemporaryName.movedAside(placed.destination)
        if let note, let code = MovedAsideNote.write(placed.destination.lastPathComponent, to: note) {
            throw failure(placed, code)
        }
        guard rename(placed.destination.path, backup.path) == 0 else {
            let code = errno
            if let note { remove(note) }
            throw failure(placed, code)
        }
        guard rename(placed.temporary.path, placed.destination.path) == 0 else {
            let code = errno
            if rename(backup.path, placed.destination.path) == 0, let note { remove(note) }
            throw failure(placed, code)
        }
        return .keptAside(backup: backup, note: note)
    }

    /// Puts the old output back (or removes the new one where there was none); best effort.
    static func undo(_ placed: Placed) {
        switch placed.how {
        case .renamed:
            rename(placed.destination.path, placed.temporary.path)
        case .exchanged:
            _ = FolderExchange.exchange(placed.temporary, placed.destination)
        case .keptAside(let backup, let note):
            if placed.kind == .folder { rename(placed.destination.path, placed.temporary.path) }
            if rename(backup.path, placed.destination.path) == 0, let note { remove(note) }
        case .replaced:
            return
        }
        remove(placed.temporary)
    }

    /// Removes the old output kept for `undo`.
    static func finish(_ placed: Placed) {
        switch placed.how {
        case .renamed, .replaced: return
        case .exchanged: remove(placed.temporary)
        case .keptAside(let backup, let note):
            // The folder before its note: the note must outlive it.
            remove(backup)
            if let note { remove(note) }
        }
    }

    static func remove(_ url: URL) {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            try? FileManager.default.removeItem(at: url)
        } else {
            unlink(url.path)
        }
    }

    private static func failure(_ placed: Placed, _ code: Int32) -> DiagnosticList {
        OutputError.cannotWrite(placed.shownAs, errno: code)
    }
}
