import Foundation
import TestSupport
import XCTest

@testable import KinetypeCore

/// The counts a scene may hold and what one character or word may be, checked by the decoder at
/// the array's or text's path; and the work a render may take beyond frames and pixels.
final class ContentLimitsTests: XCTestCase {
    private func layers(_ count: Int, _ layer: String = #"{"type": "rect"}"#) -> String {
        Array(repeating: layer, count: count).joined(separator: ",")
    }

    private func text(_ text: String, extra: String = "") -> String {
        #"{"type": "text", "text": "\#(text)", "frame": {"x": 0, "y": 0, "width": 90}\#(extra)}"#
    }

    func testCountsOverTheirLimitAreRefusedAtTheArray() {
        XCTAssertEqual(
            DecodingTestSupport.messages(layers: layers(10_001)),
            ["layers: has 10001 items; at most 10000 layers of a scene are allowed"])
        XCTAssertNoThrow(try DecodingTestSupport.decode(DecodingTestSupport.scene(layers: layers(10_000))))

        let spans = Array(repeating: #"{"text": "x"}"#, count: 1_001).joined(separator: ",")
        XCTAssertEqual(
            DecodingTestSupport.messages(layers: #"{"type": "text", "spans": [\#(spans)]}"#),
            ["layers[0].spans: has 1001 items; at most 1000 spans of a text layer are allowed"])

        let animations = Array(repeating: #"{"type": "animate", "property": "opacity", "to": 0}"#, count: 1_001)
        XCTAssertEqual(
            DecodingTestSupport.messages(
                layers: #"{"type": "rect", "animations": [\#(animations.joined(separator: ","))]}"#),
            ["layers[0].animations: has 1001 items; at most 1000 animations of a layer are allowed"])

        let keyframes = (0...10_000).map { #"{"time": \#($0 / 10), "value": 1}"# }.joined(separator: ",")
        XCTAssertEqual(
            DecodingTestSupport.messages(
                layers:
                    #"{"type": "rect", "animations": [{"type": "keyframes", "property": "opacity", "keyframes": [\#(keyframes)]}]}"#
            ),
            ["layers[0].animations[0].keyframes: has 10001 items; at most 10000 keyframes of an animation are allowed"])

        let steps = Array(repeating: #"{"type": "a"}"#, count: 10_001).joined(separator: ",")
        XCTAssertEqual(
            DecodingTestSupport.messages(
                layers: #"{"type": "text", "animations": [{"type": "typewriter", "script": [\#(steps)]}]}"#),
            ["layers[0].animations[0].script: has 10001 items; at most 10000 steps of a typewriter script are allowed"])
    }

    /// Each array may be within its own limit while the scene's together are not: the per-array
    /// limits multiplied by 10,000 layers allowed millions of keyframes, spans and script steps
    /// (#39). The array that crosses the scene's limit is reported; later ones are not decoded.
    func testTheScenesKeyframesSpansStepsAndAnimationsTogetherAreLimited() {
        let keyframes = (0..<10_000).map { #"{"time": \#(Double($0) / 10), "value": 1}"# }.joined(separator: ",")
        let keyframed = #"{"type": "keyframes", "property": "opacity", "keyframes": [\#(keyframes)]}"#
        func rect(_ animations: [String]) -> String {
            #"{"type": "rect", "animations": [\#(animations.joined(separator: ","))]}"#
        }
        XCTAssertEqual(
            DecodingTestSupport.messages(
                layers: [rect(Array(repeating: keyframed, count: 3)), rect(Array(repeating: keyframed, count: 4))]
                    .joined(separator: ",")),
            [
                "layers[1].animations[2].keyframes: has 10000 items, which bring the scene to 60000; at most 50000 "
                    + "keyframes of all the scene's animations together are allowed"
            ])
        XCTAssertNoThrow(
            try DecodingTestSupport.decode(
                DecodingTestSupport.scene(layers: rect(Array(repeating: keyframed, count: 5)))))

        let spans = Array(repeating: #"{"text": "x"}"#, count: 1_000).joined(separator: ",")
        let spanned = #"{"type": "text", "spans": [\#(spans)]}"#
        XCTAssertEqual(
            DecodingTestSupport.messages(layers: Array(repeating: spanned, count: 12).joined(separator: ",")),
            [
                "layers[10].spans: has 1000 items, which bring the scene to 11000; at most 10000 spans of all the "
                    + "scene's text layers together are allowed"
            ])

        let steps = Array(repeating: #"{"pause": 0}"#, count: 10_000).joined(separator: ",")
        let typed = #"{"type": "text", "text": "", "animations": [{"type": "typewriter", "script": [\#(steps)]}]}"#
        XCTAssertEqual(
            DecodingTestSupport.messages(layers: Array(repeating: typed, count: 6).joined(separator: ",")),
            [
                "layers[5].animations[0].script: has 10000 items, which bring the scene to 60000; at most 50000 "
                    + "steps of all the scene's typewriter scripts together are allowed"
            ])

        let animation = #"{"type": "animate", "property": "opacity", "to": 0}"#
        let animated = rect(Array(repeating: animation, count: 1_000))
        XCTAssertEqual(
            DecodingTestSupport.messages(layers: Array(repeating: animated, count: 21).joined(separator: ",")),
            [
                "layers[20].animations: has 1000 items, which bring the scene to 21000; at most 20000 animations of "
                    + "all the scene's layers together are allowed"
            ])
    }

    /// Whatever a scene file holds, the parser stops at the first value past the limit: a 64 MB file
    /// of numbers under an unknown key took 7.5 s and 2.4 GB to parse before its key was refused.
    func testTheValuesOfASceneFileAreLimitedWhileItIsParsed() throws {
        let zeros = Array(repeating: "0", count: 299_992).joined(separator: ",")
        let within = #"{"canvas": {"width": 1, "height": 1}, "layers": [], "vars": {"a": 1}, "x": [\#(zeros)]}"#
        XCTAssertEqual(
            DecodingTestSupport.diagnostics(within).map(\.message), [#"unknown key "x""#], "300,000 values are parsed")
        let past = within.replacingOccurrences(of: #""x": ["#, with: #""x": [0, 0, "#)
        let diagnostic = try XCTUnwrap(DecodingTestSupport.diagnostics(past).first)
        XCTAssertEqual(
            diagnostic.message,
            "the file holds more than 300000 JSON values, the first one past them here; at most 300000 JSON values "
                + "in a scene file (every number, string, true, false, null, array and object, at any depth) are "
                + "allowed")
        // 8 values before the zeros (the scene, canvas, width, height, layers, vars, 1, the array), so
        // value 300,001 is the last zero but one.
        XCTAssertEqual(diagnostic.position, SourcePosition(line: 1, column: past.utf8.count - 4))
    }

    func testTheScenesTextTogetherIsLimited() {
        let half = String(repeating: "word ", count: 12_000)
        XCTAssertEqual(
            DecodingTestSupport.messages(layers: [text(half), text(half)].joined(separator: ",")),
            [
                "layers[1].text: the scene's text reaches 120000 Unicode scalars here; at most 100000 Unicode "
                    + "scalars of all the scene's text together (text, spans, script steps): characters, an accent "
                    + "or an emoji's part counting on its own are allowed"
            ])
        XCTAssertNoThrow(try DecodingTestSupport.decode(DecodingTestSupport.scene(layers: text(half))))
    }

    func testACharacterOfMoreThan32ScalarsIsRefused() {
        let zalgo = "a" + String(repeating: "\u{0301}", count: 31)
        XCTAssertNoThrow(try DecodingTestSupport.decode(DecodingTestSupport.scene(layers: text("ok " + zalgo))))
        XCTAssertEqual(
            DecodingTestSupport.messages(layers: text("ok a" + String(repeating: "\u{0301}", count: 9_999))),
            [
                "layers[0].text: character 4 is made of 10000 Unicode scalars (a base and its combining marks or "
                    + "joiners); at most 32 make one character"
            ])
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        XCTAssertNoThrow(try DecodingTestSupport.decode(DecodingTestSupport.scene(layers: text(family))))
    }

    func testAWrappedTextsWordsAreLimitedUnlessItBreaksAnywhere() {
        let long = String(repeating: "a", count: 1_001)
        XCTAssertEqual(
            DecodingTestSupport.messages(layers: text("See " + long)),
            [
                "layers[0].text: a word of 1001 characters (from character 5) has no place where a line may break; "
                    + "a wrapped text's words may be at most 1000 characters"
            ])
        for allowed in [
            text(long, extra: #", "wrap": "char""#), #"{"type": "text", "text": "\#(long)"}"#,
            text(String(repeating: "a", count: 1_000)), text(String(repeating: "日本語", count: 2_000)),
            text(String(repeating: "ภาษาไทย", count: 500)), text(String(repeating: "ab-", count: 1_000)),
        ] {
            XCTAssertNoThrow(try DecodingTestSupport.decode(DecodingTestSupport.scene(layers: allowed)), allowed)
        }
    }

    /// The manual's table says what ContentLimits says, and for every limit what its largest scene
    /// costs, as `make bench-limits` measured it (a figure, not a promise: it is not compared).
    func testTheReadmeStatesEveryContentLimitAndItsWorstCase() throws {
        let text = try XCTUnwrap(Manual.texts().first { $0.text.contains("<!-- content-limits:begin -->") }).text
        let rows = text.components(separatedBy: "<!-- content-limits:begin -->")[1]
            .components(separatedBy: "<!-- content-limits:end -->")[0].split(separator: "\n").dropFirst(2)
        var worstCases: [String: String] = [:]
        for row in rows {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 3 else { continue }
            worstCases[cells[1]] = cells[cells.count - 2]
        }
        try ReadmeSection.assertEqual(
            "content-limits", to: ContentLimits.markdownTable(worstCases: worstCases), source: "ContentLimits")
        let figures = #"^[0-9]+\.[0-9]{2} s, [0-9]+\.[0-9]{2} s, [0-9]+ MiB$"#
        for limit in ContentLimits.all {
            let worst = worstCases[limit.meaning] ?? "no row"
            XCTAssertNotNil(
                worst.range(of: figures, options: .regularExpression),
                "\(limit.meaning): \"\(worst)\" is not figures of make bench-limits")
        }
    }

    // MARK: Work per output

    private func scene(_ layers: String, duration: Double, fps: Double = 30) throws -> (Scene, Timeline) {
        let scene = try DecodingTestSupport.decode(
            #"{"canvas": {"width": 100, "height": 100, "fps": \#(fps), "duration": \#(duration)}, "layers": [\#(layers)]}"#
        )
        return (scene, try Timeline(scene: scene))
    }

    func testTextLaidOutAgainByItsAnimationsIsCountedAndLimited() throws {
        let words = String(repeating: "word ", count: 4_000)
        func animated(_ property: String, seconds: Double) -> String {
            let to = property == "color" ? "\"#FF0000\"" : "0.5"
            let animation = #"{"type": "animate", "property": "\#(property)", "to": \#(to), "duration": \#(seconds)}"#
            return text(words, extra: #", "animations": [\#(animation)]"#)
        }
        let (still, stillTimeline) = try scene(text(words), duration: 60)
        XCTAssertEqual(TextLayoutWork(stillTimeline, scene: still).characters, 20_000, "laid out once")
        let (moving, movingTimeline) = try scene(animated("opacity", seconds: 60), duration: 60)
        XCTAssertEqual(TextLayoutWork(movingTimeline, scene: moving).characters, 20_000, "opacity keeps the layout")

        let (colored, coloredTimeline) = try scene(animated("color", seconds: 1), duration: 60)
        XCTAssertEqual(
            TextLayoutWork(coloredTimeline, scene: colored).characters, 20_000 * 32,
            "once, then every frame of the second it animates")
        XCTAssertNoThrow(try WorkLimits.standard.check(coloredTimeline, of: colored))

        let (long, longTimeline) = try scene(animated("color", seconds: 2), duration: 60)
        XCTAssertThrowsError(try WorkLimits.standard.check(longTimeline, of: long)) { error in
            let diagnostic = DiagnosticList(describing: error).diagnostics[0]
            XCTAssertEqual(diagnostic.path, "layers[0]")
            XCTAssertEqual(
                diagnostic.message,
                "its text is laid out 62 times (its color animates) × 20,000 characters; the scene's text is "
                    + "1,240,000 characters laid out in all (weighted by cost), and the limit is 1,000,000 per output")
        }
        var raised = WorkLimits.standard
        raised.maximumTextLayout = 2_000_000
        XCTAssertNoThrow(try raised.check(longTimeline, of: long))

        let (spaced, spacedTimeline) = try scene(animated("letterSpacing", seconds: 1), duration: 60)
        XCTAssertEqual(
            TextLayoutWork(spacedTimeline, scene: spaced).characters, 20_000 * (1 + 2 * 31),
            "a frame whose glyphs move counts twice")
        XCTAssertEqual(TextLayoutWork.weightedCount("ab " + String(repeating: "x", count: 31)), 3 + 3 * 31)
    }

    func testLayersTimesFramesAreLimited() throws {
        let (scene, timeline) = try scene(layers(1_000), duration: 200)
        XCTAssertThrowsError(try WorkLimits.standard.check(timeline, of: scene)) { error in
            XCTAssertEqual(
                DiagnosticList(describing: error).diagnostics[0].message,
                "the scene has 1,000 layers × 6,000 frames = 6,000,000 layer frames; the limit is 1,000,000 per output")
        }
        let fewer = try self.scene(layers(100), duration: 200)
        XCTAssertNoThrow(try WorkLimits.standard.check(fewer.1, of: fewer.0))
    }
}
