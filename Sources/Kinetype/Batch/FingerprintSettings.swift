import Foundation
import KinetypeCore

/// What a batch output's fingerprint records of how it is rendered, besides the template, the
/// entry's values and the files its scene reads (`InputFingerprint`): the settings it renders with,
/// as its format reads them (`RenderSettings.normalized`), the scene's resolved scale, appearance
/// and layout direction, whether it may use the machine's fonts, and whether the keystrokes'
/// haptic pattern is written with it. The fingerprint holds its canonical encoding, so every
/// stored property is recorded without a list of them to keep: a setting added to `RenderSettings`
/// counts for every format that reads it (`RenderSettingsFingerprintTests` fails until one does).
struct FingerprintSettings: Hashable, Codable {
    var render: RenderSettings
    var scale: Double
    var colorScheme: ColorScheme
    var layoutDirection: LayoutDirection
    var systemFonts: Bool
    /// `--haptics`: the output's haptic pattern is written, and kept, with it.
    var haptics: Bool

    /// The record of an output rendered with `settings` from the scene `scene` summarizes (the
    /// entry's scene, its overrides applied).
    init(_ settings: RenderSettings, scene: SceneSummary, haptics: Bool) {
        render = settings.normalized
        scale = scene.scale
        colorScheme = scene.colorScheme
        layoutDirection = scene.layoutDirection
        systemFonts = scene.systemFonts
        self.haptics = haptics
    }

    /// Key-sorted JSON: equal settings give equal bytes, on every run and machine. A moment at the
    /// end of the scene (`StillMoment.end`) is written `"end"`; the strategy spells every number,
    /// so the encoder has nothing left to refuse.
    func canonicalJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "end", negativeInfinity: "-end", nan: "nan")
        return try encoder.encode(self)
    }
}
