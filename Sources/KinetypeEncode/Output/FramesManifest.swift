import Foundation
import KinetypeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file kinetype writes into every PNG-frames folder it creates, `.kinetype-frames.json`:
///
/// ```json
/// {"files":["frame_0001.png","frame_0002.png"],"format":"kinetype-frames","frameCount":2,"version":1}
/// ```
///
/// It is how kinetype recognises a folder it wrote: only a folder that does not exist, is empty,
/// or holds a manifest plus nothing but the files that manifest lists may be replaced by a new
/// PNG sequence. Anything else, such as `-o .` in a folder holding the scene, is refused, so
/// writing frames never deletes a file kinetype did not write.
public struct FramesManifest: Codable, Equatable, Sendable {
    /// The manifest's file name inside a frames folder.
    public static let fileName = ".kinetype-frames.json"
    static let formatName = "kinetype-frames"
    static let currentVersion = 1

    public var format: String
    public var version: Int
    public var frameCount: Int
    /// The frame files kinetype wrote into the folder, in frame order.
    public var files: [String]

    public init(files: [String]) {
        self.format = Self.formatName
        self.version = Self.currentVersion
        self.frameCount = files.count
        self.files = files
    }

    /// The manifest's bytes (sorted keys, so they are the same on every run).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// The largest manifest read (a name per frame; far more than any frame limit needs).
    static let maximumBytes = 64 << 20

    /// The manifest in `folder`, or nil when it is missing, not a regular file of a sane size
    /// (a FIFO must not hang the check), or not a kinetype frames manifest.
    static func read(in folder: URL) -> FramesManifest? {
        let url = folder.appendingPathComponent(fileName)
        var status = stat()
        guard lstat(url.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size <= maximumBytes,
            let data = try? Data(contentsOf: url),
            let manifest = try? JSONDecoder().decode(FramesManifest.self, from: data),
            manifest.format == formatName, manifest.version >= 1
        else { return nil }
        return manifest
    }

    /// Throws `.cannotWrite` unless a PNG sequence may be written to `destination`: it does not
    /// exist, or it is an empty folder, or a folder kinetype wrote (a manifest, and no entry the
    /// manifest does not list). A symbolic link, the current folder or one of its parents is
    /// refused too.
    public static func checkReplaceable(_ destination: URL) throws {
        let location = destination.standardizedFileURL
        var status = stat()
        guard lstat(location.path, &status) == 0 else { return }
        let display = OutputError.displayPath(destination)
        if (status.st_mode & S_IFMT) == S_IFLNK {
            throw refusal(
                destination, reason: "it is a symbolic link", hint: "give the real folder's path, or a new folder")
        }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            throw OutputError.cannotWrite(destination, errno: EEXIST)
        }
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        if current == location.path || current.hasPrefix(location.path == "/" ? "/" : location.path + "/") {
            throw refusal(
                destination, reason: "it is the current folder or contains it",
                hint: "name a new folder for the frames, e.g. -o frames/")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: location.path)
        } catch {
            throw OutputError.cannotWrite(destination, error: error)
        }
        if names.isEmpty { return }
        guard let manifest = read(in: location) else {
            throw refusal(
                destination,
                reason:
                    "the folder is not empty and kinetype did not write it (it has no \(fileName)), so replacing it could delete files that are not kinetype's",
                hint:
                    "choose a new or empty folder for the frames, e.g. -o \(display.hasSuffix("/") ? display : display + "/")frames, or remove \(display) yourself if nothing in it is needed"
            )
        }
        let listed = Set(manifest.files)
        let extra = names.filter { name in
            guard name != fileName else { return false }
            guard listed.contains(name) else { return true }
            var entry = stat()
            return lstat(location.appendingPathComponent(name).path, &entry) != 0 || (entry.st_mode & S_IFMT) != S_IFREG
        }.sorted()
        if !extra.isEmpty {
            let shown =
                extra.prefix(3).joined(separator: ", ") + (extra.count > 3 ? " and \(extra.count - 3) more" : "")
            throw refusal(
                destination,
                reason:
                    "kinetype wrote this folder, but it now also holds \(extra.count) file(s) kinetype did not write (\(shown)), which replacing it would delete",
                hint: "move those files elsewhere, choose a new or empty folder, or remove \(display) yourself")
        }
    }

    private static func refusal(_ destination: URL, reason: String, hint: String) -> DiagnosticList {
        OutputError.cannotWrite(destination, reason: reason, hint: hint)
    }
}
