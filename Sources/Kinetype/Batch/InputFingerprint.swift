import Foundation
import KinetypeRender

/// A SHA-256 over everything an output depends on: kinetype's version, the render stack (libraries
/// and font set, `RenderStack`), the template's bytes, the placeholder values, the output's own
/// settings (`FingerprintSettings`: its format and the settings the format reads, its resolved
/// appearance, direction and scale, whether it may use the machine's fonts), and the bytes of
/// every file the prepared scene reads
/// (`PreparedScene.inputPaths`: font files named or found for its families, spans' included, and
/// pictures). Equal fingerprints mean the output would come out the same.
struct InputFingerprint {
    private var hasher = SHA256()

    init(templateBytes: Data, overrides: [String: String], settings: FingerprintSettings) throws {
        self.init(templateBytes: templateBytes, overrides: overrides, settingsJSON: try settings.canonicalJSON())
    }

    /// The fingerprint of settings already encoded: `settingsJSON` is their `canonicalJSON()`
    /// (`BatchFileSettings`, which encodes each once for the settings digest and the fingerprint).
    init(templateBytes: Data, overrides: [String: String], settingsJSON: Data) {
        hasher = Self.hasher(afterTemplate: templateBytes)
        for key in overrides.keys.sorted() { add("var \(key)=\(overrides[key]!)") }
        hasher.update("settings ")
        hasher.update(settingsJSON)
        hasher.update(CollectionOfOne(0))
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
