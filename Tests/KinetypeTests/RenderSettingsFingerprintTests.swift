import Foundation
import KinetypeCore
import KinetypeEncode
import XCTest

@testable import Kinetype

/// A batch output's fingerprint records every stored property of what it renders with
/// (`FingerprintSettings`, its `RenderSettings` inside), found by reflection: a property added to
/// either fails `testEveryStoredSettingChangesTheFingerprintOfAFormatThatReadsIt` until some format
/// reads it (`RenderSettings.normalized`), with no list here to forget to extend.
final class RenderSettingsFingerprintTests: XCTestCase {
    /// The summary of a prepared scene, as a batch fingerprints from it.
    private lazy var scene: SceneSummary = {
        try! SceneSummary(SceneLoader(.file(path: TestScenes.url("tiny-typewriter.json").path)).load())
    }()

    func testEveryStoredSettingChangesTheFingerprintOfAFormatThatReadsIt() throws {
        let record = FingerprintSettings(RenderSettings(format: .gif), scene: scene, haptics: false)
        let paths = Settings.leafPaths(of: record)
        XCTAssertTrue(paths.contains(["render", "video", "crf"]), "nested settings are found: \(paths)")
        for path in paths {
            if path.first == "render" {
                let inside = Array(path.dropFirst())
                let formats = OutputFormat.allCases.filter { format in
                    bases(format).contains { base in
                        guard let changed = Settings.changing(base, at: inside) else { return false }
                        return fingerprint(changed) != fingerprint(base)
                    }
                }
                XCTAssertFalse(
                    formats.isEmpty,
                    "RenderSettings.\(inside.joined(separator: ".")) changes the fingerprint of no format: copy it "
                        + "in RenderSettings.normalized for the formats whose bytes it changes, or, if it changes "
                        + "no output's bytes, move it to EncodingOptions")
            } else {
                let changed = Settings.changing(record, at: path)
                XCTAssertNotNil(changed, "the test cannot change \(path.joined(separator: "."))")
                XCTAssertNotEqual(
                    changed.map(hex), hex(record), "FingerprintSettings.\(path.joined(separator: ".")) is not recorded")
            }
        }
    }

    /// What each format reads of the settings, as batches have always decided: changing another
    /// setting (the GIF quality of a WebP batch, a budget's scale without a budget) keeps its outputs.
    func testEachFormatReadsOnlyItsOwnSettings() {
        let budget = ["maxBytes", "budgetMayLowerScale"]
        let video = ["video.crf", "video.matte", "sound"]
        let expected: [OutputFormat: Set<String>] = [
            .gif: Set(["gifQuality", "gifDither"] + budget),
            .webp: Set(["webpQuality"] + budget),
            .apng: Set(["pngCompression"] + budget),
            .mp4: Set(video + ["video.codec"]),
            .webm: Set(video),
            .mov: Set(video + ["video.codec"]),
            .pngSequence: ["pngCompression"],
            .stillPNG: ["pngCompression", "stillTime"],
            .lottie: [], .dotLottie: [], .svg: [],
        ]
        for format in OutputFormat.allCases {
            let read = Settings.leafPaths(of: RenderSettings(format: format)).filter { path in
                path != ["format"]
                    && bases(format).contains { base in
                        guard let changed = Settings.changing(base, at: path) else {
                            XCTFail("the test cannot change \(path.joined(separator: "."))")
                            return false
                        }
                        return fingerprint(changed) != fingerprint(base)
                    }
            }
            XCTAssertEqual(Set(read.map { $0.joined(separator: ".") }), expected[format], "\(format)")
        }
    }

    func testABudgetKeepsOrLowersTheScaleOnlyWhenThereIsOne() {
        var settings = RenderSettings(format: .gif)
        settings.budgetMayLowerScale = false
        XCTAssertEqual(fingerprint(settings), fingerprint(RenderSettings(format: .gif)), "no budget, nothing to keep")
        var options = BatchOptions(
            template: URL(fileURLWithPath: "/t.json"), data: URL(fileURLWithPath: "/d.json"),
            outputFolder: URL(fileURLWithPath: "/out"))
        options.encoding.settings.maxBytes = 9000
        let lowering = fingerprint(options.outputSettings)
        options.scales = [2]
        XCTAssertNotEqual(fingerprint(options.outputSettings), lowering, "outputs named for their scale keep it")
    }

    func testNamingTheContainersOwnCodecKeepsTheOutput() {
        for (format, codec) in [(OutputFormat.mp4, VideoCodec.h264), (.mov, .prores)] {
            var named = RenderSettings(format: format)
            named.video.codec = codec
            XCTAssertEqual(fingerprint(named), fingerprint(RenderSettings(format: format)), "\(format)")
        }
    }

    func testAMomentAtTheEndIsRecorded() {
        var settings = RenderSettings(format: .stillPNG)
        settings.stillTime = StillMoment.end
        XCTAssertNotEqual(fingerprint(settings), fingerprint(RenderSettings(format: .stillPNG)))
    }

    /// `EncodingOptions` is the settings and what cannot change an output's bytes.
    func testEncodingOptionsHoldTheSettingsAndOnlyWhatCannotChangeBytes() {
        let decisions: [String: String] = [
            "settings": "fingerprinted (RenderSettings)",
            "jobs": "bytes are identical for any number of threads",
            "limits": "a render past a limit is refused, never changed",
        ]
        let fields = Set(Mirror(reflecting: EncodingOptions(format: .gif)).children.compactMap(\.label))
        XCTAssertEqual(
            fields, Set(decisions.keys),
            "a setting that can change an output's bytes goes in RenderSettings; anything else is listed here "
                + "with the reason it cannot")
    }

    /// Every field of `BatchOptions` says how it reaches an output's fingerprint, or why it cannot
    /// change an output's bytes: a batch option added without a decision fails here.
    func testEveryBatchOptionReachesTheFingerprintOrCannotChangeBytes() {
        let decisions: [String: String] = [
            "template": "fingerprinted: the template's bytes",
            "templateBytes": "fingerprinted: the template's bytes",
            "data": "fingerprinted: each entry's values, as placeholder values",
            "dataBytes": "fingerprinted: each entry's values, as placeholder values",
            "overrides": "fingerprinted: placeholder values",
            "layoutDirection": "fingerprinted: the scene's resolved layout direction",
            "scales": "fingerprinted: the scene's resolved scale, and whether a budget keeps it (outputSettings)",
            "colorSchemes": "fingerprinted: the scene's resolved appearance",
            "systemFonts": "fingerprinted: the scene's systemFonts, and the font files it reads",
            "encoding": "its settings fingerprinted as the format reads them; jobs and limits change no bytes",
            "posterTime": "fingerprinted: the poster's own fingerprint has its moment",
            "fallbackFormats": "fingerprinted: each fallback's own fingerprint has its format",
            "haptics": "fingerprinted: FingerprintSettings.haptics",
            "root": "only refuses files outside it; the files read are fingerprinted",
            "templateDisplayName": "messages only",
            "dataDisplayName": "messages only",
            "outputFolder": "where outputs go, not what they hold",
            "strictPlaceholders": "turns a warning into a failure; what renders is the same",
            "pictureFile": "the snippet's own file, not what an output holds",
            "jobs": "outputs rendered at once; each output's bytes are the same",
            "force": "renders again; the bytes are the same",
            "shard": "which outputs this run renders",
            "reportFile": "the report's own file",
            "keepsOutcomes": "what the returned report holds in memory; outputs and report bytes are the same",
            "assetCatalog": "a copy of the outputs, compared by content when delivered",
            "androidResources": "a copy of the outputs, compared by content when delivered",
        ]
        let options = BatchOptions(
            template: URL(fileURLWithPath: "/t.json"), data: URL(fileURLWithPath: "/d.json"),
            outputFolder: URL(fileURLWithPath: "/out"))
        let fields = Set(Mirror(reflecting: options).children.compactMap(\.label))
        XCTAssertEqual(
            fields.subtracting(decisions.keys), [],
            "BatchOptions fields with no fingerprint decision: fingerprint them (FingerprintSettings, "
                + "InputFingerprint) or say here why they cannot change an output's bytes")
        XCTAssertEqual(Set(decisions.keys).subtracting(fields), [], "fields this test lists that no longer exist")
    }

    /// The settings `format` is tried from: every setting at its default, and every setting changed
    /// (so that a setting that counts only with another, the scale a budget may lower, is seen).
    private func bases(_ format: OutputFormat) -> [RenderSettings] {
        var changed = RenderSettings(format: format)
        for path in Settings.leafPaths(of: changed) where path != ["format"] {
            changed = Settings.changing(changed, at: path) ?? changed
        }
        return [RenderSettings(format: format), changed]
    }

    private func fingerprint(_ settings: RenderSettings) -> String {
        hex(FingerprintSettings(settings, scene: scene, haptics: false))
    }

    /// The fingerprint of `settings`; a settings value the encoder refuses fails the test.
    private func hex(_ settings: FingerprintSettings) -> String {
        do {
            return try InputFingerprint(templateBytes: Data("{}".utf8), overrides: [:], settings: settings).hex
        } catch {
            XCTFail("the fingerprint's settings could not be encoded: \(error)")
            return UUID().uuidString
        }
    }
}

/// Reflection over a settings value: its stored properties, and a copy with one of them changed.
private enum Settings {
    /// The paths of the stored properties of `value`, a nested structure's own in its place
    /// (`video.crf`); an optional is one property, whatever it holds.
    static func leafPaths(of value: Any, prefix: [String] = []) -> [[String]] {
        Mirror(reflecting: value).children.flatMap { child -> [[String]] in
            guard let label = child.label else { return [] }
            let path = prefix + [label]
            let mirror = Mirror(reflecting: child.value)
            return mirror.displayStyle == .struct && !mirror.children.isEmpty
                ? leafPaths(of: child.value, prefix: path) : [path]
        }
    }

    /// `value` with the property at `path` set to another value, through its coding; nil when no
    /// other value is known for the property's type.
    static func changing<Value: Codable & Equatable>(_ value: Value, at path: [String]) -> Value? {
        guard let current = property(of: value, at: path), let other = otherValue(than: current),
            let otherJSON = json(other),
            let object = try? JSONSerialization.jsonObject(with: JSONEncoder().encode(value)),
            let data = try? JSONSerialization.data(withJSONObject: setting(object, path[...], to: otherJSON)),
            let changed = try? JSONDecoder().decode(Value.self, from: data), changed != value
        else { return nil }
        return changed
    }

    private static func property(of value: Any, at path: [String]) -> Any? {
        guard let label = path.first else { return value }
        let child = Mirror(reflecting: value).children.first { $0.label == label }
        return child.flatMap { property(of: $0.value, at: Array(path.dropFirst())) }
    }

    private static func otherValue(than value: Any) -> Any? {
        if let optional = value as? any OptionalProperty {
            guard let wrapped = optional.wrappedValue else { return sample(of: type(of: optional).wrappedType) }
            return otherValue(than: wrapped) ?? NoValue()
        }
        switch value {
        case let flag as Bool: return !flag
        case let number as Int: return number + 1
        case let number as Double: return number + 0.5
        case let text as String: return text + "x"
        default: break
        }
        if let value = value as? any CaseIterable {
            return otherCase(than: value)
        }
        return nil
    }

    private static func otherCase<Value: CaseIterable>(than value: Value) -> Any? {
        Value.allCases.first { String(describing: $0) != String(describing: value) }
    }

    /// A value of `type`, for an optional property that holds none.
    private static func sample(of type: Any.Type) -> Any? {
        switch type {
        case is Int.Type: return 1
        case is Double.Type: return 0.5
        case is Bool.Type: return true
        case is String.Type: return "x"
        case is Color.Type: return Color.white
        default: break
        }
        if let cases = type as? any CaseIterable.Type { return firstCase(of: cases) }
        return nil
    }

    private static func firstCase<Value: CaseIterable>(of type: Value.Type) -> Any? {
        type.allCases.first
    }

    /// An optional's other value when it holds one: none (JSON's `null`).
    private struct NoValue {}

    private static func json(_ value: Any) -> Any? {
        if value is NoValue { return NSNull() }
        guard let encodable = value as? any Encodable, let data = try? JSONEncoder().encode(encodable) else {
            return nil
        }
        return try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
    }

    private static func setting(_ object: Any, _ path: ArraySlice<String>, to new: Any) -> Any {
        guard let key = path.first else { return new }
        var dictionary = object as? [String: Any] ?? [:]
        dictionary[key] = setting(dictionary[key] ?? [String: Any](), path.dropFirst(), to: new)
        return dictionary
    }
}

/// An optional seen through `Any`: what it holds, and the type it may hold.
private protocol OptionalProperty {
    static var wrappedType: Any.Type { get }
    var wrappedValue: Any? { get }
}

extension Optional: OptionalProperty {
    fileprivate static var wrappedType: Any.Type { Wrapped.self }
    fileprivate var wrappedValue: Any? { map { $0 } }
}
