import Foundation
import KinetypeRender

/// What a render's pixels depend on besides the scene, its files and kinetype's own code: the
/// shared libraries the process runs on (cairo, pixman, pango, HarfBuzz, FreeType, fontconfig, the
/// C and maths libraries …, by content) and the font set. Two runs with the same `id` draw the same
/// pixels; the portable bundle carries its whole stack, so its `id` is the same on every machine.
public struct RenderStack: Codable, Equatable, Sendable {
    /// 12 hex digits of a SHA-256 over every library's name and content and the font set.
    public var id: String
    /// The portable artifact this kinetype is (`kinetype-0.3.0-linux-x86_64`), or nil for a build
    /// from source.
    public var artifact: String?
    /// Which fonts scenes draw with: `kinetype's font set 1a2b3c4d5e6f (301 files)`, or the
    /// machine's when kinetype's own set is missing.
    public var fonts: String

    /// This process's stack, worked out once: a static kinetype (the release binary) carries the
    /// digests of the libraries linked into it; otherwise every shared library loaded is read and
    /// hashed (about 20 MB).
    public static let current =
        LoadedLibraries.linked().map {
            RenderStack(libraryLines: $0, fontSet: .shared, bundle: BundleDescription.read())
        }
        ?? RenderStack(libraries: LoadedLibraries.paths(), fontSet: .shared, bundle: BundleDescription.read())

    /// The stack of the shared libraries at `libraries` (paths), each by its name and content.
    init(libraries: [String], fontSet: KinetypeFontSet, bundle: BundleDescription?) {
        let lines = libraries.map { path in
            let content = try? RegularFile.read(path, limit: RegularFile.fontLimit)
            return "library \((path as NSString).lastPathComponent) \(content.map(SHA256.hex(of:)) ?? "unreadable")"
        }
        self.init(libraryLines: lines, fontSet: fontSet, bundle: bundle)
    }

    /// The stack of libraries given as "library NAME SHA-256" lines.
    init(libraryLines: [String], fontSet: KinetypeFontSet, bundle: BundleDescription?) {
        var lines = libraryLines
        if let digest = fontSet.digest {
            fonts = "kinetype's font set \(digest.prefix(12)) (\(fontSet.files.count) files)"
            lines.append("fonts \(digest)")
        } else {
            fonts = "this machine's (kinetype's own are missing: \(fontSet.folder.path))"
            lines.append("fonts system")
        }
        var hasher = SHA256()
        for line in lines.sorted() { hasher.update(line + "\n") }
        id = String(hasher.hexDigest().prefix(12))
        artifact = bundle?.artifact
    }

    /// `3f9a2c81d0e4 (kinetype-0.3.0-linux-x86_64)`, or `… (built from source)`.
    public var summary: String { "\(id) (\(artifact ?? "built from source"))" }
}

/// `share/kinetype/bundle.json`, which `scripts/bundle` writes into the portable bundle.
struct BundleDescription: Codable {
    /// The bundle's name, as its tarball is named without `.tar.gz`.
    var artifact: String

    static func read(from share: URL = KinetypeHome.share) -> BundleDescription? {
        let url = share.appendingPathComponent("bundle.json")
        guard let data = try? RegularFile.read(url.path, limit: RegularFile.documentLimit) else { return nil }
        return try? JSONDecoder().decode(BundleDescription.self, from: data)
    }
}
