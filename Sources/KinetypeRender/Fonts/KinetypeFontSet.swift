import CPangoCairo
import Foundation
import KinetypeCore

/// kinetype's own fonts: the pinned set every scene can use (the font files of
/// `scripts/font-packages`), in `share/kinetype/fonts` (`KinetypeHome`), listed with their SHA-256
/// in `share/kinetype/fonts.sha256`. With them a render's pixels depend on the scene, the files it
/// names and the kinetype artifact, never on the fonts a machine happens to have installed.
///
/// A scene's configuration adds the folder as fontconfig adds any font folder, through its caches,
/// kept in kinetype's own cache folder (`$XDG_CACHE_HOME/kinetype/fontconfig`): the first run on a
/// machine reads the 300 files and writes them, later runs map them. Where that folder cannot be
/// written and holds no valid caches (a read-only container), the files are read once per process
/// instead, in the order fontconfig scans a folder, and every configuration shares those faces.
// Unchecked: `scannedFaces` is set in `init` and never changed; fontconfig counts references atomically.
public final class KinetypeFontSet: @unchecked Sendable {
    /// The font folder.
    public let folder: URL
    /// The SHA-256 of `fonts.sha256` (so of every file's name and content), or nil when the set is
    /// missing.
    public let digest: String?
    /// The files `fonts.sha256` lists, relative to `folder`, in the order fontconfig scans them.
    public let files: [String]
    /// kinetype's fontconfig cache folder, when it can be written or holds every cache of the set.
    public let cacheFolder: String?
    /// Without a cache folder: every face of the set, read from its files once (owned).
    private let scannedFaces: FontconfigFontSet?

    /// This process's set, found by `KinetypeHome`, cached where the environment says.
    public static let shared = KinetypeFontSet(
        share: KinetypeHome.share, cacheFolder: cacheFolder(environment: ProcessInfo.processInfo.environment))

    /// The set in `share/fonts`, described by `share/fonts.sha256` (missing when either is absent),
    /// with fontconfig's caches in `cacheFolder` (made if it does not exist).
    public init(share: URL, cacheFolder: String?) {
        folder = share.appendingPathComponent("fonts", isDirectory: true)
        let manifest = try? RegularFile.read(
            share.appendingPathComponent("fonts.sha256").path, limit: RegularFile.documentLimit)
        var isFolder: ObjCBool = false
        guard let manifest, FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
            isFolder.boolValue
        else {
            (digest, files, self.cacheFolder, scannedFaces) = (nil, [], nil, nil)
            return
        }
        digest = SHA256.hex(of: manifest)
        files = Self.files(listedIn: manifest)
        let fonts = folder
        // fontconfig adds a folder whole: only one that holds exactly the listed regular files
        // (nothing a scan could block on, such as a FIFO) is handed to it.
        let usable =
            Self.holdsExactly(files, folder: fonts)
            ? cacheFolder.flatMap { Self.usableCacheFolder($0, for: fonts) } : nil
        self.cacheFolder = usable
        scannedFaces = usable == nil ? Self.scan(files, in: fonts) : nil
    }

    /// Whether `folder` holds exactly `files`, each a regular file (a source build's are symbolic
    /// links to them), and folders.
    private static func holdsExactly(_ files: [String], folder: URL) -> Bool {
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return false }
        var found: Set<String> = []
        while let entry = walk.nextObject() as? String {
            var info = stat()
            guard stat(folder.appendingPathComponent(entry).path, &info) == 0 else { return false }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: continue
            case S_IFREG: found.insert(entry)
            default: return false
            }
        }
        return found == Set(files)
    }

    /// The faces of `files` that are regular files within the font size limit, read in order, as
    /// fontconfig scans a folder.
    private static func scan(_ files: [String], in folder: URL) -> FontconfigFontSet? {
        guard let set = FontconfigFontSet() else { return nil }
        for file in files {
            let path = folder.appendingPathComponent(file).path
            guard (try? RegularFile.check(path, limit: RegularFile.fontLimit)) != nil else { continue }
            var count: Int32 = 0
            _ = FcFreeTypeQueryAll(path, UInt32.max, nil, &count, set.pointer)
        }
        return set
    }

    /// Whether the set was found.
    public var isAvailable: Bool { digest != nil }

    /// `$XDG_CACHE_HOME/kinetype/fontconfig`, or `$HOME/.cache/kinetype/fontconfig`; nil with neither.
    static func cacheFolder(environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/kinetype/fontconfig" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/kinetype/fontconfig" }
        return nil
    }

    /// `folder` when fontconfig can keep the set's caches there: it can be made and written, or it
    /// already holds a valid cache of every folder of the set (so fontconfig never needs to write
    /// one, which it would otherwise complain about on standard error).
    private static func usableCacheFolder(_ cacheFolder: String, for fonts: URL) -> String? {
        try? FileManager.default.createDirectory(atPath: cacheFolder, withIntermediateDirectories: true)
        if access(cacheFolder, W_OK) == 0 { return cacheFolder }
        guard let config = try? FontconfigConfig(),
            FcConfigParseAndLoadFromMemory(config.pointer, FontLibrary.configuration(kinetypeCache: cacheFolder), 0)
                != 0
        else { return nil }
        var folders = [fonts.path]
        var index = 0
        while index < folders.count {
            guard let cache = FcDirCacheLoad(folders[index], config.pointer, nil) else { return nil }
            defer { FcDirCacheUnload(cache) }
            for subfolder in 0..<FcCacheNumSubdir(cache) {
                guard let name = FcCacheSubdir(cache, subfolder) else { return nil }
                folders.append(String(cString: name))
            }
            index += 1
        }
        return cacheFolder
    }

    /// The relative paths `fonts.sha256` lists (`SHA-256  path` lines), leaving out any that could
    /// leave the folder, in the order fontconfig scans a folder: a folder's files by name before
    /// its subfolders', and the subfolders of one depth by path.
    static func files(listedIn manifest: Data) -> [String] {
        let paths = String(decoding: manifest, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
            guard let separator = line.range(of: "  ") else { return nil }
            let path = String(line[separator.upperBound...])
            guard !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else { return nil }
            return path
        }
        func key(_ path: String) -> (depth: Int, folder: String, name: String) {
            let components = path.split(separator: "/")
            return (components.count, components.dropLast().joined(separator: "/"), String(components.last ?? ""))
        }
        return paths.sorted { a, b in
            let (x, y) = (key(a), key(b))
            if x.depth != y.depth { return x.depth < y.depth }
            if x.folder != y.folder { return x.folder.utf8.lexicographicallyPrecedes(y.folder.utf8) }
            return x.name.utf8.lexicographicallyPrecedes(y.name.utf8)
        }
    }

    /// Adds every face of the set to `config`, after the fonts it has; `config` must have been
    /// loaded with `FontLibrary.configuration(kinetypeCache: cacheFolder)`.
    /// - Returns: false when the set is missing or fontconfig fails.
    func add(to config: OpaquePointer) -> Bool {
        guard isAvailable else { return false }
        if cacheFolder != nil { return FcConfigAppFontAddDir(config, folder.path) != 0 }
        guard let faces = scannedFaces else { return false }
        if FcConfigGetFonts(config, FcSetApplication) == nil {
            // fontconfig has no public call that makes a configuration's application font set; its
            // first FcConfigAppFontAddFile makes it, even when the file adds nothing.
            _ = FcConfigAppFontAddFile(config, "")
        }
        guard let target = FcConfigGetFonts(config, FcSetApplication) else { return false }
        for face in FontconfigPatterns.patterns(of: faces.pointer) {
            FcPatternReference(face)
            guard FcFontSetAdd(target, face) != 0 else {
                FcPatternDestroy(face)
                return false
            }
        }
        return true
    }
}
