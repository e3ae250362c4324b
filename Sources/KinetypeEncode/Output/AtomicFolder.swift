import Foundation
import KinetypeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder written atomically (a PNG sequence, a golden set): files go into a temporary sibling
/// folder, and `commit()` puts it at the destination in one step. Until then the destination is
/// untouched; `discard()`, or dropping the folder without committing it, removes the temporary
/// folder (`OutputTemporary`). The folder is noncopyable and `commit` and `discard` consume it, so
/// a second commit or a use after either is a compile error.
///
/// An existing destination is exchanged with the temporary folder (`FolderExchange`), so a kill at
/// any moment leaves either the complete old or the complete new folder at the destination; the
/// old one, now under the temporary name, is removed afterwards (or by the next run, see
/// `StaleTemporaries`). Only where the file system cannot exchange does it fall back to moving the
/// old folder aside first. The caller decides whether a destination may be replaced at all
/// (`FramesManifest.checkReplaceable` for PNG frames). In an `OutputGroup`, `commit()` hands the
/// temporary folder to the group, which puts it in place with the command's other outputs.
public struct AtomicFolder: ~Copyable, Sendable {
    /// Where the folder will be once committed, as the caller gave it (for messages).
    public let destination: URL
    /// The temporary folder being filled (same parent folder, hidden name).
    public var temporaryURL: URL { temporary.url }
    /// The destination with `.` and `..` resolved, which every file operation uses.
    private let location: URL
    private let group: OutputGroup?
    private let temporary: OutputTemporary

    /// Creates the temporary folder, after removing stale temporaries of killed runs from the
    /// parent folder. Throws `.cannotWrite` when the parent folder does not exist or is not
    /// writable, the destination's name is too long for it, or something other than a folder is in
    /// the way of the destination.
    public init(destination: URL, group: OutputGroup? = nil) throws {
        self.destination = destination
        self.location = destination.standardizedFileURL
        self.group = group
        guard location.path != "/" else { throw OutputError.cannotWrite(destination, errno: EBUSY) }
        let temporaryURL = TemporaryName.sibling(of: location)
        try OutputDestination.check(location, kind: .folder, shownAs: destination)
        try OutputDestination.checkNameLength(location, shownAs: destination)
        StaleTemporaries.cleanOnce(in: location.deletingLastPathComponent())
        guard mkdir(temporaryURL.path, 0o777) == 0 else {
            throw OutputError.cannotWrite(destination, errno: errno)
        }
        self.temporary = OutputTemporary(url: temporaryURL)
    }

    /// The URL of a file named `name` inside the temporary folder.
    public func temporaryFile(named name: String) -> URL {
        temporaryURL.appendingPathComponent(name)
    }

    /// Starts the temporary folder as a copy of the destination's files (hard links where the file
    /// system allows, copies otherwise), for updating some files of a folder as a whole. Files
    /// written later must replace the links by renaming (as `AtomicFile` does), never write into
    /// them, or the old folder's files would change too.
    public func seedFromDestination() throws {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: location.path)
        } catch {
            if !FileManager.default.fileExists(atPath: location.path) { return }
            throw OutputError.cannotWrite(destination, error: error)
        }
        for name in names where TemporaryName.parse(name) == nil {
            try keep(name)
        }
    }

    /// Adds the destination's file `name` to the temporary folder unchanged (a hard link where the
    /// file system allows, a copy otherwise).
    public func keep(_ name: String) throws {
        let source = location.appendingPathComponent(name)
        let target = temporaryFile(named: name)
        if link(source.path, target.path) == 0 { return }
        do {
            try FileManager.default.copyItem(at: source, to: target)
        } catch {
            throw OutputError.cannotWrite(destination, error: error)
        }
    }

    /// Puts the temporary folder at the destination (or hands it to the group): exchanged with an
    /// existing folder, which is then removed, or renamed into place when there is none. Where the
    /// file system cannot exchange, the old folder is moved aside under a `.old` name first, which
    /// the next run renames back if a kill comes between the two renames (`StaleTemporaries`).
    /// On failure the temporary folder is removed (as the folder is dropped) and the destination is
    /// as it was.
    /// `recheck` runs again just before the folder is put in place.
    public consuming func commit(recheck: @escaping @Sendable () throws -> Void = {}) throws {
        let (location, destination) = (location, destination)
        let check: @Sendable () throws -> Void = {
            try OutputDestination.check(location, kind: .folder, shownAs: destination)
            try recheck()
        }
        if let group {
            group.add(
                .init(
                    temporary: temporaryURL, destination: location, shownAs: destination, kind: .folder,
                    recheck: check))
            temporary.release()
            return
        }
        try check()
        let placed = try OutputPlacement.place(
            temporaryURL, at: location, shownAs: destination, kind: .folder, keepingOld: false)
        temporary.release()
        OutputPlacement.finish(placed)
    }

    /// Removes the temporary folder and leaves the destination untouched.
    public consuming func discard() {
        temporary.remove()
    }
}
