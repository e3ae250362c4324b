import Foundation
import KinetypeEncode
import KinetypeRender

/// What a golden set was rendered with: library versions and the hashes of the font files, so a
/// font or library upgrade is reported as such instead of looking like a regression.
public struct GoldenEnvironment: Codable, Equatable, Sendable {
    public var kinetype: String
    public var libraries: [String: String]
    /// SHA-256 of each font file the scene can use, by file name.
    public var fonts: [String: String]

    /// The environment of this process for `scene`.
    public static func current(for prepared: PreparedScene) -> GoldenEnvironment {
        var fonts: [String: String] = [:]
        for url in SceneFontResolution.fontFiles(usedBy: prepared.scene, in: prepared.fonts) {
            fonts[url.lastPathComponent] =
                (try? RegularFile.read(url.path, limit: RegularFile.fontLimit)).map { SHA256.hex(of: $0) }
                ?? "unreadable"
        }
        return GoldenEnvironment(
            kinetype: KinetypeVersion.current,
            libraries: [
                "cairo": RenderLibraryVersions.cairo, "pango": RenderLibraryVersions.pango,
                "harfbuzz": RenderLibraryVersions.harfbuzz, "freetype": RenderLibraryVersions.freetype,
            ], fonts: fonts)
    }

    /// Sentences describing how `current` differs from this recorded environment.
    public func changes(to current: GoldenEnvironment) -> [String] {
        var changes: [String] = []
        for name in Set(libraries.keys).union(current.libraries.keys).sorted()
        where libraries[name] != current.libraries[name] {
            changes.append(
                "\(name) was \(libraries[name] ?? "absent") when the goldens were recorded, now \(current.libraries[name] ?? "absent")"
            )
        }
        for name in Set(fonts.keys).union(current.fonts.keys).sorted() where fonts[name] != current.fonts[name] {
            switch (fonts[name], current.fonts[name]) {
            case (nil, _): changes.append("font \(name) is used now but was not when the goldens were recorded")
            case (_, nil): changes.append("font \(name) was used when the goldens were recorded but is not now")
            default: changes.append("font \(name) has changed (its SHA-256 differs from the one recorded)")
            }
        }
        return changes
    }

    func write(to url: URL, group: OutputGroup? = nil) throws {
        try AtomicFile.write(encoded(), to: url, group: group)
    }

    /// The file's bytes: pretty, key-sorted JSON.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    static func read(from url: URL) -> GoldenEnvironment? {
        guard let data = try? RegularFile.read(url.path, limit: RegularFile.documentLimit) else { return nil }
        return try? JSONDecoder().decode(GoldenEnvironment.self, from: data)
    }
}
