import Foundation
import KinetypeEncode
import KinetypeRender

/// What a golden set was rendered with: the render stack, library versions and the hashes of the
/// font files, so a font, library or artifact change is reported as such instead of looking like a
/// regression.
public struct GoldenEnvironment: Codable, Equatable, Sendable {
    public var kinetype: String
    /// The render stack (libraries and font set, by content) and the artifact that recorded the set;
    /// nil in sets recorded before kinetype 0.3.0.
    public var stack: RenderStack?
    /// True when the scene could use the machine's fonts (`systemFonts`), so its pixels depend on them.
    public var systemFonts: Bool?
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
        var libraries: [String: String] = [:]
        for (name, version) in LibraryVersions.all() where name != "ffmpeg" { libraries[name] = version }
        return GoldenEnvironment(
            kinetype: KinetypeVersion.current, stack: .current, systemFonts: prepared.scene.systemFonts ? true : nil,
            libraries: libraries, fonts: fonts)
    }

    /// Sentences describing how `current` differs from this recorded environment: first, in one
    /// line, which render stack recorded the goldens, which renders now and how to match it.
    public func changes(to current: GoldenEnvironment) -> [String] {
        var changes: [String] = []
        if let recorded = stack, let now = current.stack, recorded.id != now.id {
            let remedy =
                recorded.artifact.map { "render with \($0) (\($0).tar.gz, see docs/portable.md)" }
                ?? "render where they were recorded, or record them with the portable bundle (docs/portable.md)"
            changes.append(
                "the goldens were recorded with render stack \(recorded.summary) and this run renders with "
                    + "\(now.summary); for the same pixels, \(remedy)")
        }
        if (systemFonts ?? false) != (current.systemFonts ?? false) {
            changes.append(
                (systemFonts ?? false)
                    ? "the goldens were recorded with this machine's fonts allowed (systemFonts), this run allows only kinetype's own"
                    : "this run allows the machine's fonts (systemFonts), the goldens were recorded with kinetype's own only"
            )
        }
        // Only libraries both environments name: sets recorded by older versions list fewer.
        for name in Set(libraries.keys).intersection(current.libraries.keys).sorted()
        where libraries[name] != current.libraries[name] {
            changes.append(
                "\(name) was \(libraries[name]!) when the goldens were recorded, now \(current.libraries[name]!)")
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
