import Foundation
import KinetypeCore
import KinetypeEncode
import XCTest

@testable import Kinetype

/// Every field of the encoding a batch hands its renders either reaches the outputs' fingerprints
/// or is listed here as one that cannot change an output's bytes. A new option that changes bytes
/// but is not fingerprinted would leave stale outputs that the next run calls unchanged; a field
/// added to `EncodingOptions` (or to the GIF, WebP and video settings inside it) fails this test
/// until it is one or the other.
final class FingerprintCoverageTests: XCTestCase {
    /// The fields that cannot change an output's bytes, and why.
    private let bytesIndependent: [String: String] = [
        "jobs": "bytes are identical for any number of threads",
        "limits": "a render past a limit is refused, never changed",
        "gif.loop": "set from the scene's output.loop, which the template's bytes carry",
        "webp.loop": "set from the scene's output.loop, which the template's bytes carry",
    ]

    /// The fields that change bytes: each changed in a batch of a format that uses it.
    private let changes: [String: (format: OutputFormat, change: (inout BatchOptions) -> Void)] = [
        "format": (.gif, { $0.encoding.format = .webp }),
        "stillTime": (.stillPNG, { $0.encoding.stillTime = 1 }),
        "gif.quality": (.gif, { $0.encoding.gif.quality = 50 }),
        "gif.dither": (.gif, { $0.encoding.gif.dither = .ordered }),
        "webp.quality": (.webp, { $0.encoding.webp.quality = 75 }),
        "pngCompression": (.apng, { $0.encoding.pngCompression = 9 }),
        "video.crf": (.mp4, { $0.encoding.video.crf = 30 }),
        "video.codec": (.mp4, { $0.encoding.video.codec = .hevc }),
        "video.matte": (.mp4, { $0.encoding.video.matte = .white }),
        "sound": (.mp4, { $0.encoding.sound = false }),
        "maxBytes": (.gif, { $0.encoding.maxBytes = 9000 }),
        // Derived from the scales a batch names its outputs for (`outputEncoding`).
        "budgetMayLowerScale": (
            .gif,
            {
                $0.encoding.maxBytes = 9000
                $0.scales = [2]
            }
        ),
    ]

    func testEveryEncodingFieldIsFingerprintedOrCannotChangeBytes() {
        let fields = Set(Self.fieldPaths(of: EncodingOptions(format: .gif)))
        let classified = Set(bytesIndependent.keys).union(changes.keys)
        XCTAssertEqual(
            fields.subtracting(classified), [],
            "EncodingOptions fields neither fingerprinted nor listed as unable to change bytes: "
                + "add them to BatchOptions.fingerprintSettings, or to bytesIndependent with the reason")
        XCTAssertEqual(classified.subtracting(fields), [], "fields this test lists that no longer exist")
    }

    func testChangingAnyFieldThatChangesBytesChangesTheFingerprint() throws {
        let prepared = try SceneLoader(.file(path: TestScenes.url("tiny-typewriter.json").path)).load()
        let scene = SceneSummary(prepared)
        for (field, (format, change)) in changes.sorted(by: { $0.key < $1.key }) {
            var options = BatchOptions(
                template: URL(fileURLWithPath: "/t.json"), data: URL(fileURLWithPath: "/d.json"),
                outputFolder: URL(fileURLWithPath: "/out"))
            options.encoding.format = format
            // With a budget already, the budget's own change is the scale it may lower.
            if field == "budgetMayLowerScale" { options.encoding.maxBytes = 9000 }
            let before = options.fingerprintSettings(of: scene)
            change(&options)
            XCTAssertNotEqual(options.fingerprintSettings(of: scene), before, "\(field) changed no fingerprint")
        }
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
            "scales": "fingerprinted: the scene's resolved scale, and whether a budget keeps it",
            "colorSchemes": "fingerprinted: the scene's resolved appearance",
            "systemFonts": "fingerprinted: the scene's systemFonts, and the font files it reads",
            "encoding": "fingerprinted field by field (testEveryEncodingFieldIsFingerprintedOrCannotChangeBytes)",
            "posterTime": "fingerprinted: the poster's own fingerprint has its moment",
            "fallbackFormats": "fingerprinted: each fallback's own fingerprint has its format",
            "haptics": "fingerprinted: haptics",
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
            "assetCatalog": "a copy of the outputs, compared by content when delivered",
            "androidResources": "a copy of the outputs, compared by content when delivered",
        ]
        let options = BatchOptions(
            template: URL(fileURLWithPath: "/t.json"), data: URL(fileURLWithPath: "/d.json"),
            outputFolder: URL(fileURLWithPath: "/out"))
        let fields = Set(Mirror(reflecting: options).children.compactMap(\.label))
        XCTAssertEqual(
            fields.subtracting(decisions.keys), [],
            "BatchOptions fields with no fingerprint decision: fingerprint them (fingerprintSettings, "
                + "InputFingerprint) or say here why they cannot change an output's bytes")
        XCTAssertEqual(Set(decisions.keys).subtracting(fields), [], "fields this test lists that no longer exist")
    }

    /// The stored fields of `value`, nested structures by dotted path (`gif.quality`).
    private static func fieldPaths(of value: Any, prefix: String = "") -> [String] {
        Mirror(reflecting: value).children.flatMap { child -> [String] in
            guard let label = child.label else { return [] }
            let path = prefix + label
            let nested: Bool =
                child.value is GIFOptions || child.value is WebPOptions || child.value is VideoSettings
            return nested ? fieldPaths(of: child.value, prefix: path + ".") : [path]
        }
    }
}
