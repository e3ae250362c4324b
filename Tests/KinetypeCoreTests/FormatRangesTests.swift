import Foundation
import TestSupport
import XCTest

@testable import KinetypeCore

/// The range table: its own consistency, its use by the schema and the README, and the checks.
final class FormatRangesTests: XCTestCase {
    func testEveryRangeIsFiniteAndOrdered() {
        for range in FormatRanges.all {
            XCTAssertTrue(range.minimum.isFinite && range.maximum.isFinite, "\(range.keys)")
            XCTAssertLessThan(range.minimum, range.maximum, "\(range.keys)")
            XCTAssertFalse(range.meaning.isEmpty || range.reason.isEmpty, "\(range.keys)")
            XCTAssertFalse(range.keys.isEmpty)
        }
        let keys = FormatRanges.all.flatMap(\.keys)
        XCTAssertEqual(keys.count, Set(keys).count, "a key is listed twice")
    }

    func testViolationsKeepTheirSentences() {
        XCTAssertNil(FormatRanges.fps.violation(120))
        XCTAssertEqual(FormatRanges.fps.violation(121), "must be between 1 and 120, found 121")
        XCTAssertEqual(FormatRanges.duration.violation(0), "must be greater than 0, found 0")
        XCTAssertEqual(FormatRanges.duration.violation(1e300), "must be at most 3600, found 1e+300")
        XCTAssertEqual(FormatRanges.hold.violation(-1), "must be 0 or more, found -1")
        XCTAssertNotNil(FormatRanges.offset.violation(.infinity))
        XCTAssertNotNil(FormatRanges.offset.violation(.nan))
        XCTAssertEqual(FormatRanges.duration.text, "> 0 and ≤ 3600")
        XCTAssertEqual(FormatRanges.loop.text, "whole, 0…65535")
    }

    /// The README's range table is generated from `FormatRanges.all`; run with
    /// KINETYPE_UPDATE_README=1 to rewrite it after changing the table.
    func testReadmeStatesEveryRange() throws {
        try ReadmeSection.assertEqual("ranges", to: FormatRanges.markdownTable, source: "FormatRanges")
    }

    /// The manual's option and canvas tables state the same fps and scale bounds as the table.
    func testReadmeTablesUseTheSameBounds() throws {
        let text = try Manual.texts().map(\.text).joined(separator: "\n")
        let pixels = "1…" + JSONText.number(FormatRanges.canvasSize.maximum) + " pixels each after scaling"
        for row in [
            "| `--fps N` | frames per second, \(FormatRanges.fps.text) (overrides `canvas.fps`) |",
            "| `--scale N` | pixel density \(FormatRanges.canvasScale.text) (overrides `canvas.scale`) |",
            "| `canvas.width`, `canvas.height` | size in points, \(pixels) | required |",
            "| `canvas.scale` | pixel density \(FormatRanges.canvasScale.text) (@2x, @3x assets) | 1 |",
            "| `canvas.fps` | \(FormatRanges.fps.text) | 30 |",
        ] {
            XCTAssertTrue(text.contains(row), "the manual lacks the row \(row)")
        }
    }

    /// Every number in the schema has a maximum, and those maximums are the table's.
    func testSchemaBoundsEveryNumber() throws {
        let schema = SceneSchema.json
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(schema.utf8)) as? [String: Any])
        var unbounded: [String] = []
        func walk(_ node: Any, _ path: String) {
            if let dictionary = node as? [String: Any] {
                let type = dictionary["type"] as? String
                if type == "number" || type == "integer", path != "/properties/version", dictionary["maximum"] == nil {
                    unbounded.append(path)
                }
                for (key, value) in dictionary { walk(value, path + "/" + key) }
            } else if let array = node as? [Any] {
                for (index, value) in array.enumerated() { walk(value, path + "/\(index)") }
            }
        }
        walk(object, "")
        XCTAssertEqual(unbounded.filter { !$0.contains("animatableValue") && !$0.contains("vars") }, [])
        XCTAssertTrue(schema.contains("\"maximum\": 3600"))
    }

    func testSuggestionsSkipHugeWordsAndDistantCandidates() {
        let huge = String(repeating: "q", count: 1_000_000)
        XCTAssertNil(Suggestion.closest(to: huge, among: ["red", "green"]))
        XCTAssertEqual(
            Suggestion.closest(to: "gren", among: ["green", String(repeating: "g", count: 10_000)]), "green")
        XCTAssertFalse(Suggestion.isComparable(String(repeating: "a", count: 65)))
        XCTAssertTrue(Suggestion.isComparable(String(repeating: "a", count: 64)))
    }

    func testQuotedValuesAreShortened() {
        let huge = String(repeating: "x", count: 1_000_000)
        let quoted = JSONText.quoted(huge)
        XCTAssertEqual(quoted, "\"" + String(repeating: "x", count: 60) + "…\" (1000000 characters)")
        XCTAssertEqual(JSONText.quoted("short"), "\"short\"")
        let path = "/" + String(repeating: "folder/", count: 100) + "image.png"
        XCTAssertEqual(JSONText.quotedPath(path), "\"" + path + "\"", "real paths are quoted whole")
        XCTAssertTrue(JSONText.quotedPath(huge).hasSuffix("…\" (1000000 characters)"))
    }

    func testQuotedValuesCannotReorderOrRecolourAMessage() {
        XCTAssertEqual(JSONText.quoted("\u{1B}[31mred"), "\"\\u001B[31mred\"")
        XCTAssertEqual(JSONText.quoted("gpj.\u{202E}exe"), "\"gpj.\\u202Eexe\"")
        XCTAssertEqual(JSONText.quoted("a\u{2067}b\u{200F}\u{9B}"), "\"a\\u2067b\\u200F\\u009B\"")
        XCTAssertEqual(JSONText.quoted("مرحبا 👩‍👩‍👧"), "\"مرحبا 👩‍👩‍👧\"", "letters and emoji joiners stay as they are")
    }

    func testDecodingReportsAtMostFiftyProblemsAndCountsTheRest() {
        let layers = (0..<120).map { _ in "{\"type\": \"rect\", \"opacity\": 2}" }.joined(separator: ", ")
        let diagnostics = DecodingTestSupport.diagnostics(DecodingTestSupport.scene(layers: layers))
        XCTAssertEqual(diagnostics.count, Diagnostic.maximumReported + 1)
        XCTAssertEqual(diagnostics.last?.message, "and 70 more problems")
        XCTAssertEqual(diagnostics.last?.omittedCount, 70)
    }

    func testBoundedMergesSummaries() {
        let many = (0..<60).map { Diagnostic(message: "p\($0)") } + [Diagnostic.more(5)]
        let bounded = Diagnostic.bounded(many)
        XCTAssertEqual(bounded.count, 51)
        XCTAssertEqual(bounded.last?.omittedCount, 15)
    }

    func testTextLongerThanTheLimitIsAnError() {
        let text = String(repeating: "a", count: FormatRanges.maximumTextLength + 1)
        let messages = DecodingTestSupport.messages(layers: "{\"type\": \"text\", \"text\": \"\(text)\"}")
        XCTAssertEqual(messages, ["layers[0].text: text is longer than 100000 characters (100001)"])
    }

    func testCheckedConversionsSaturate() {
        XCTAssertEqual(Int(clamping: 1e300), Int.max)
        XCTAssertEqual(Int(clamping: -Double.infinity), Int.min)
        XCTAssertEqual(Int(clamping: Double.nan), 0)
        XCTAssertEqual(Int32(clamping: 2_097_152.0 * 1024), Int32.max)
        XCTAssertEqual(Int(clamping: -2.7), -2)
    }

    func testTimelineOfAnHourlessAutoDurationSaturatesInsteadOfTrapping() throws {
        let scene = try DecodingTestSupport.decode(
            DecodingTestSupport.scene(
                layers: """
                    {"type": "rect", "animations": [{"type": "animate", "property": "opacity", "to": 1, "duration": 3600, "repeat": 10000}]}
                    """))
        let timeline = try Timeline(scene: scene)
        XCTAssertGreaterThan(timeline.frameCount, 1_000_000_000)
        XCTAssertThrowsError(
            try WorkLimits.standard.check(frameCount: timeline.frameCount, of: scene, fps: timeline.fps)
        ) { error in
            let diagnostic = (error as? DiagnosticList)?.first
            XCTAssertEqual(diagnostic?.path, "canvas")
            XCTAssertNotNil(diagnostic?.position)
            XCTAssertTrue(diagnostic?.message.contains("the limit is 100,000 frames per output") == true)
        }
    }

    func testPixelLimitUsesTheScaledCanvas() throws {
        let scene = try DecodingTestSupport.decode(
            "{\"canvas\": {\"width\": 8192, \"height\": 8192, \"fps\": 120, \"duration\": 60}, \"layers\": []}")
        XCTAssertThrowsError(try WorkLimits.standard.check(frameCount: 7200, of: scene, fps: 120)) { error in
            XCTAssertEqual((error as? DiagnosticList)?.first?.path, "canvas.duration")
            XCTAssertTrue((error as? DiagnosticList)?.first?.message.contains("483,183,820,800 pixels") == true)
        }
        XCTAssertNoThrow(
            try WorkLimits(maximumFrames: 7200, maximumTotalPixels: Int.max).check(
                frameCount: 7200, of: scene, fps: 120))
    }
}
