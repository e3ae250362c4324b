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
// Unchecked: `fontconfigUseOnce` is set once, under its lock, and never changed; fontconfig counts references atomically;
// the digest is worked out under its lock.
public final class KinetypeFontSet: @unchecked Sendable {
    /// The font folder.
    public let folder: URL
    /// The SHA-256 of `fonts.sha256` (so of every file's name and content), or nil when the set is
    /// missing. Worked out when first asked (the render stack asks; `validate` does not).
    public var digest: String? {
        guard let manifest else { return nil }
        return digestOnce.withLock { known in
            if let known { return known }
            let digest = SHA256.hex(of: manifest)
            known = digest
            return digest
        }
    }
    /// `fonts.sha256`, or nil when the set is missing.
    private let manifest: Data?
    private let digestOnce = Locked<String?>(nil)
    /// The files `fonts.sha256` lists, relative to `folder`, in the order fontconfig scans them.
    public let files: [String]
    /// kinetype's fontconfig cache folder, when it can be written or holds every cache of the set.
    public var cacheFolder: String? { fontconfigUse.cacheFolder }
    /// Without a cache folder: every face of the set, read from its files once (owned).
    private var scannedFaces: FontconfigFontSet? { fontconfigUse.scannedFaces }
    /// How fontconfig gets the set (`cacheFolder`, or else `scannedFaces`), worked out when a font
    /// library first asks: it walks the folder, which an unchanged batch re-run, that makes no
    /// library, need not do.
    private var fontconfigUse: (cacheFolder: String?, scannedFaces: FontconfigFontSet?) {
        fontconfigUseLock.lock()
        defer { fontconfigUseLock.unlock() }
        if let known = fontconfigUseOnce { return known }
        let use = Self.fontconfigUse(files, in: folder, cacheFolder: cacheFolderAsked)
        fontconfigUseOnce = use
        return use
    }
    /// The cache folder the environment names (`shared`) or the caller gave.
    private let cacheFolderAsked: String?
    /// `fontconfigUse` once worked out; set once, under `fontconfigUseLock`.
    private var fontconfigUseOnce: (cacheFolder: String?, scannedFaces: FontconfigFontSet?)?
    private let fontconfigUseLock = NSLock()

    /// This process's set, found by `KinetypeHome`, cached where the environment says.
    public static let shared = KinetypeFontSet(
        share: KinetypeHome.share,
        cacheFolder: cacheFolder(
            environment: ["XDG_CACHE_HOME": getenv("XDG_CACHE_HOME"), "HOME": getenv("HOME")].compactMapValues {
                $0.map { String(cString: $0) }
            }))

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
            (self.manifest, files, cacheFolderAsked) = (nil, [], nil)
            fontconfigUseOnce = (nil, nil)
            return
        }
        self.manifest = manifest
        files = Self.files(listedIn: manifest)
        cacheFolderAsked = cacheFolder
    }

    /// How fontconfig gets the set in `fonts`: fontconfig adds a folder whole, so only one that holds
    /// exactly the listed regular files (nothing a scan could block on, such as a FIFO) is handed to
    /// it, with its caches in `cacheFolder` when they can be kept there; otherwise the faces are read
    /// from the files.
    private static func fontconfigUse(_ files: [String], in fonts: URL, cacheFolder: String?) -> (
        cacheFolder: String?, scannedFaces: FontconfigFontSet?
    ) {
        let usable =
            holdsExactly(files, folder: fonts) ? cacheFolder.flatMap { usableCacheFolder($0, for: fonts) } : nil
        return (usable, usable == nil ? scan(files, in: fonts) : nil)
    }

    /// Whether `folder` holds exactly `files`, each a regular file (a source build's are symbolic
    /// links to them), and folders. Walked with the system's calls, relative to each folder (every
    /// run does this before its first font, so it costs what a C tool's walk does).
    private static func holdsExactly(_ files: [String], folder: URL) -> Bool {
        var found: Set<String> = []
        guard walk(folder.path, prefix: "", into: &found) else { return false }
        return found == Set(files)
    }

    /// Adds the regular files below `path` to `found` (as `prefix` + their path below it), going into
    /// folders but not into links to folders; false at anything else, or a folder it cannot read.
    private static func walk(_ path: String, prefix: String, into found: inout Set<String>) -> Bool {
        guard let folder = opendir(path) else { return false }
        defer { closedir(folder) }
        let descriptor = dirfd(folder)
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(cString: bytes.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            var info = stat()
            guard fstatat(descriptor, name, &info, 0) == 0 else { return false }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                var link = stat()
                guard fstatat(descriptor, name, &link, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
                if link.st_mode & S_IFMT == S_IFDIR, !walk(path + "/" + name, prefix: prefix + name + "/", into: &found)
                {
                    return false
                }
            case S_IFREG: found.insert(prefix + name)
            default: return false
            }
        }
        return true
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
    public var isAvailable: Bool { manifest != nil }

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
        // One pass over the bytes (every run reads the 300 lines before its first font): a newline
        // byte is never inside a UTF-8 sequence, and the path follows a line's first two spaces.
        struct Entry {
            var depth: Int
            var folder: [UInt8]
            var name: [UInt8]
            var path: String
        }
        var entries: [Entry] = []
        manifest.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                defer { lineStart = lineEnd + 1 }
                var separator = lineStart
                while separator + 1 < lineEnd, !(bytes[separator] == 0x20 && bytes[separator + 1] == 0x20) {
                    separator += 1
                }
                guard separator + 1 < lineEnd else { continue }
                let pathStart = separator + 2
                guard pathStart == lineEnd || bytes[pathStart] != 0x2F else { continue }
                // The path's components ("/" apart, empty ones left out): none may be "..".
                var components: [Range<Int>] = []
                var index = pathStart
                while index < lineEnd {
                    if bytes[index] == 0x2F {
                        index += 1
                        continue
                    }
                    let start = index
                    while index < lineEnd, bytes[index] != 0x2F { index += 1 }
                    components.append(start..<index)
                }
                guard
                    !components.contains(where: {
                        $0.count == 2 && bytes[$0.lowerBound] == 0x2E && bytes[$0.lowerBound + 1] == 0x2E
                    })
                else { continue }
                var folder: [UInt8] = []
                for component in components.dropLast() {
                    if !folder.isEmpty { folder.append(0x2F) }
                    folder.append(contentsOf: bytes[component])
                }
                entries.append(
                    Entry(
                        depth: components.count, folder: folder, name: components.last.map { Array(bytes[$0]) } ?? [],
                        path: String(decoding: bytes[pathStart..<lineEnd], as: UTF8.self)))
            }
        }
        entries.sort { x, y in
            if x.depth != y.depth { return x.depth < y.depth }
            if x.folder != y.folder { return x.folder.lexicographicallyPrecedes(y.folder) }
            return x.name.lexicographicallyPrecedes(y.name)
        }
        return entries.map(\.path)
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
