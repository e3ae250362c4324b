import Foundation
import KinetypeRender

/// A SHA-256 over everything an output depends on: kinetype's version, the render stack (libraries
/// and font set, `RenderStack`), the template's bytes, the placeholder values, the output's own
/// settings (its resolved appearance, direction and scale, whether it may use the machine's fonts,
/// and the options of its format), and the bytes of every file the prepared scene reads
/// (`PreparedScene.inputPaths`: font files named or found for its families, spans' included, and
/// pictures). Equal fingerprints mean the output would come out the same.
struct InputFingerprint {
    private var hasher = SHA256()

    init(templateBytes: Data, overrides: [String: String], settings: [String]) {
        hasher = Self.hasher(afterTemplate: templateBytes)
        for key in overrides.keys.sorted() { add("var \(key)=\(overrides[key]!)") }
        for setting in settings { add("setting \(setting)") }
    }

    /// Adds the files a prepared scene reads (`SceneSummary.inputPaths`), each by its path and the
    /// SHA-256 of its bytes. A font of kinetype's own set goes by its path in the set, so the
    /// fingerprint is the same wherever kinetype is installed (the bundle unpacked on two CI runners).
    mutating func addFiles(of summary: SceneSummary) {
        let kinetypeFonts = Self.kinetypeFontsFolder
        for path in summary.inputPaths {
            let name = path.hasPrefix(kinetypeFonts) ? "kinetype-fonts/" + path.dropFirst(kinetypeFonts.count) : path
            add("file \(name) \(FileDigests.shared.digest(ofPath: path))")
        }
    }

    /// The path of kinetype's font set, with a slash: worked out once, not once per output.
    private static let kinetypeFontsFolder = KinetypeFontSet.shared.folder.path + "/"

    var hex: String { hasher.hexDigest() }

    private mutating func add(_ line: String) {
        hasher.update(line)
        hasher.update(CollectionOfOne(0))
    }

    /// What every fingerprint of a template starts with: kinetype's version, the render stack and
    /// the template's bytes, hashed once for all the entries of a batch (the last template's kept).
    private static func hasher(afterTemplate templateBytes: Data) -> SHA256 {
        if let known = afterLastTemplate.withLock({ $0 }), known.bytes == templateBytes { return known.hasher }
        var start = InputFingerprint()
        start.add("kinetype \(KinetypeVersion.current)")
        start.add("render-stack \(RenderStack.current.id)")
        start.add("template")
        start.hasher.update(templateBytes)
        afterLastTemplate.withLock { $0 = (templateBytes, start.hasher) }
        return start.hasher
    }

    private init() {}

    private static let afterLastTemplate = Locked<(bytes: Data, hasher: SHA256)?>(nil)
}

extension BatchOptions {
    /// What decides an output's bytes besides its inputs: the resolved appearance, layout
    /// direction and scale of `scene`, the format, a still's moment, and the values of that
    /// format's own settings only, so that adding `--color-scheme light,dark` or changing the GIF
    /// quality of a WebP batch keeps the outputs they do not change. With `poster`, the settings
    /// of the output's poster (a PNG of the moment `posterTime`), which has a fingerprint of its
    /// own: adding `--poster` to a batch renders the posters and keeps the animations. With
    /// `format`, the settings of the output's fallback in that format (`--picture`).
    func fingerprintSettings(of scene: SceneSummary, poster: Bool = false, format fallback: OutputFormat? = nil)
        -> [String]
    {
        let format = poster ? OutputFormat.stillPNG : fallback ?? format
        let encoding = outputEncoding
        let budgeted = format.traits.settings.contains(.maxBytes) && encoding.maxBytes != nil
        let stillTime = poster ? posterTime : format == .stillPNG ? encoding.stillTime : nil
        return [
            "format \(format.traits.name)\(format.traits.isFolder ? " frames" : "")", "scale \(scene.scale)",
            "color-scheme \(scene.colorScheme.rawValue)",
            "layout-direction \(scene.layoutDirection.rawValue)",
        ]
            + (scene.systemFonts ? ["system-fonts"] : [])
            + (stillTime.map { ["still \($0)"] } ?? [])
            + (haptics && !poster ? ["haptics"] : [])
            + (format.traits.video != nil && !encoding.sound ? ["no-sound"] : [])
            + (budgeted && !encoding.budgetMayLowerScale ? ["budget-keeps-scale"] : [])
            + OutputFormat.Setting.allCases.filter(format.traits.settings.contains).map { setting in
                "\(setting.rawValue) \(encoding.value(of: setting))"
            }
    }
}
