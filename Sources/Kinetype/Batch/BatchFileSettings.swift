import Foundation
import KinetypeCore

/// How the files of a batch job are rendered (the output, its poster with `--poster`, its
/// fallbacks with `--picture`, in that order) and what their fingerprints record of it: each
/// file's settings, its `FingerprintSettings` and their canonical JSON, encoded once and hashed
/// from those bytes by both the settings digest and the file's `InputFingerprint`.
struct BatchFileSettings: Sendable {
    /// Each file's render settings.
    let render: [RenderSettings]
    /// `FingerprintSettings.canonicalJSON` of each file's.
    let canonicalJSON: [Data]
    /// The SHA-256 of the canonical JSONs, each followed by a 0 byte, in order: while it is the
    /// same, so are the files' fingerprints (everything else they hash is in the summary's key or
    /// the input files; `SceneSummaryRecord.settings`).
    let digest: String

    /// The files of an output rendered with `settings` (its still moment resolved) from the scene
    /// `scene` summarizes: with a poster at `posterTime` when given, and a fallback in each of
    /// `fallbacks`; `haptics`: the output's haptic pattern is written with it (and its fallbacks').
    init(
        _ settings: RenderSettings, posterTime: Double?, fallbacks: [OutputFormat], haptics: Bool,
        scene: SceneSummary
    ) throws {
        var files = [(settings: settings, haptics: haptics)]
        if let posterTime {
            var poster = settings
            poster.format = .stillPNG
            poster.stillTime = posterTime
            files.append((poster, false))
        }
        for format in fallbacks {
            var fallback = settings
            fallback.format = format
            files.append((fallback, haptics))
        }
        render = files.map(\.settings)
        canonicalJSON = try files.map {
            try FingerprintSettings($0.settings, scene: scene, haptics: $0.haptics).canonicalJSON()
        }
        var hasher = SHA256()
        for json in canonicalJSON {
            hasher.update(json)
            hasher.update(CollectionOfOne(0))
        }
        digest = hasher.hexDigest()
    }
}

/// The `BatchFileSettings` of one run's jobs, made once for each distinct set of what they are
/// made from (`Key`): a batch's entries mostly share it, so an unchanged entry encodes and hashes
/// no settings. Holds at most `limit` sets, so memory does not grow with the entries. One cache
/// serves one run: its jobs' settings are the run's but for the still moment, keyed by its bits.
final class BatchFileSettingsCache: Sendable {
    /// What `BatchFileSettings` are made from: the settings, the poster's moment, the fallbacks,
    /// `haptics`, and the scene's scale, appearance, direction and use of the machine's fonts
    /// (what `FingerprintSettings` reads of it). Settings are compared by their canonical JSON's
    /// inputs: numbers by their bits, so that 0 and -0, which encode apart, are two keys.
    private struct Key: Hashable {
        var settings: RenderSettings
        var stillTime: UInt64
        var posterTime: UInt64?
        var fallbacks: [OutputFormat]
        var haptics: Bool
        var scale: UInt64
        var colorScheme: ColorScheme
        var layoutDirection: LayoutDirection
        var systemFonts: Bool
    }

    private let known = Locked<[Key: BatchFileSettings]>([:])

    /// The most sets kept; past it the cache starts again.
    static let limit = 64

    /// `BatchFileSettings(settings, posterTime:fallbacks:haptics:scene:)`, made once.
    func settings(
        _ settings: RenderSettings, posterTime: Double?, fallbacks: [OutputFormat], haptics: Bool,
        scene: SceneSummary
    ) throws -> BatchFileSettings {
        let key = Key(
            settings: settings, stillTime: settings.stillTime.bitPattern, posterTime: posterTime?.bitPattern,
            fallbacks: fallbacks, haptics: haptics, scale: scene.scale.bitPattern, colorScheme: scene.colorScheme,
            layoutDirection: scene.layoutDirection, systemFonts: scene.systemFonts)
        if let known = known.withLock({ $0[key] }) { return known }
        let made = try BatchFileSettings(
            settings, posterTime: posterTime, fallbacks: fallbacks, haptics: haptics, scene: scene)
        known.withLock { known in
            if known.count >= Self.limit { known.removeAll() }
            known[key] = made
        }
        return made
    }
}
