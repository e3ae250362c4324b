import KinetypeCore
import XCTest

@testable import KinetypeRender

/// Golden images of text layout at @1x and @2x (look at them: Tests/KinetypeRenderTests/Goldens).
final class TextGoldenTests: XCTestCase {
    private let frameBorder = Border(color: Color(red: 0.8, green: 0.82, blue: 0.88), width: 1)

    private func assertGoldens(
        _ name: String, width: Double, height: Double, background: Fill = .color(.white),
        layers: [LayerState], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        for scale in [1.0, 2.0] {
            let frame = Fixtures.frame(
                width: width, height: height, scale: scale, background: background, layers: layers)
            Goldens.assertMatches(try Fixtures.render(frame), "\(name)@\(Int(scale))x", file: file, line: line)
        }
    }

    private func boxed(
        _ text: TextState, _ frame: LayerFrame, alignment: Alignment = .topLeading,
        padding: EdgeInsets = .zero
    ) -> LayerState {
        var layer = Fixtures.textLayer(text, frame: frame, alignment: alignment, padding: padding)
        layer.border = frameBorder
        return layer
    }

    func testPlainText() throws {
        let text = Fixtures.text(
            "The quick brown fox jumps over the lazy dog. Kinetype lays text out with Pango.", size: 17)
        try assertGoldens(
            "plain-text", width: 320, height: 90,
            layers: [
                boxed(text, LayerFrame(x: 10, y: 10, width: 300), padding: EdgeInsets(all: 8))
            ])
    }

    func testNineAlignments() throws {
        var layers: [LayerState] = []
        for (i, alignment) in Alignment.allCases.enumerated() {
            let frame = LayerFrame(x: 10 + Double(i % 3) * 130, y: 10 + Double(i / 3) * 70, width: 120, height: 60)
            layers.append(
                boxed(
                    Fixtures.text(alignment.rawValue, size: 13), frame, alignment: alignment,
                    padding: EdgeInsets(all: 4)))
        }
        try assertGoldens("nine-alignments", width: 400, height: 220, layers: layers)
    }

    func testTextAlignmentsAndWrapModes() throws {
        let sample = "Wrapped text aligns leading, centered, trailing or justified across every line of it."
        var layers: [LayerState] = []
        for (i, alignment) in TextAlignment.allCases.enumerated() {
            layers.append(
                boxed(
                    Fixtures.text(sample, size: 13, alignment: alignment),
                    LayerFrame(x: 10 + Double(i) * 125, y: 10, width: 115)))
        }
        var spaced = Fixtures.text("Letter spacing and line spacing open the text up.", size: 13)
        spaced.letterSpacing = 2
        spaced.lineSpacing = 6
        layers.append(boxed(spaced, LayerFrame(x: 10, y: 120, width: 240)))
        var chars = Fixtures.text("Char wrap breaks anywhere: Supercalifragilistic", size: 13)
        chars.wrap = .char
        layers.append(boxed(chars, LayerFrame(x: 260, y: 120, width: 120)))
        try assertGoldens("text-alignments", width: 520, height: 200, layers: layers)
    }

    func testTruncation() throws {
        let sample = "Truncation keeps the beginning, the end or both ends of a long sentence in its lines."
        var layers: [LayerState] = []
        for (i, truncation) in Truncation.allCases.enumerated() {
            for (j, limit) in [1, 2].enumerated() {
                var text = Fixtures.text(sample, size: 13)
                text.lineLimit = limit
                text.truncation = truncation
                layers.append(boxed(text, LayerFrame(x: 10 + Double(j) * 210, y: 10 + Double(i) * 50, width: 200)))
            }
        }
        // No line limit, but a frame too short for the text: truncated to the lines that fit.
        layers.append(
            boxed(Fixtures.text(sample + " " + sample, size: 13), LayerFrame(x: 10, y: 210, width: 200, height: 40)))
        // Truncation none: the frame clips what does not fit.
        var clipped = Fixtures.text(sample + " " + sample, size: 13)
        clipped.truncation = .none
        layers.append(boxed(clipped, LayerFrame(x: 220, y: 210, width: 200, height: 40)))
        try assertGoldens("truncation", width: 430, height: 260, layers: layers)
    }

    func testSpans() throws {
        let red = Color(red: 0.85, green: 0.1, blue: 0.15)
        let runs = [
            TextRun(text: "Spans mix "),
            TextRun(text: "colors", color: red),
            TextRun(text: ", "),
            TextRun(text: "bold", font: FontSpec(weight: .bold)),
            TextRun(text: ", "),
            TextRun(text: "italic", font: FontSpec(italic: true)),
            TextRun(text: ", "),
            TextRun(text: "underline", underline: true),
            TextRun(text: ", "),
            TextRun(text: "strikethrough", strikethrough: true),
            TextRun(text: ", "),
            TextRun(text: "larger", font: FontSpec(size: 26)),
            TextRun(text: " and "),
            TextRun(
                text: "Inter semibold", color: Color(red: 0.2, green: 0.3, blue: 0.8),
                font: FontSpec(family: "Inter", weight: FontWeight(620))),
            TextRun(text: " or "),
            TextRun(text: "monospaced", font: FontSpec(design: .monospaced)),
            TextRun(text: "."),
        ]
        let text = TextState(runs: runs, font: ResolvedFont(size: 17), color: .black)
        var weights: [LayerState] = []
        for (i, weight) in [100.0, 250, 400, 550, 700, 900].enumerated() {
            let inter = TextState(
                runs: [TextRun(text: "Inter \(Int(weight))")],
                font: ResolvedFont(family: "Inter", size: 18, weight: weight), color: .black)
            weights.append(Fixtures.textLayer(inter, frame: LayerFrame(x: 10 + Double(i) * 85, y: 110)))
        }
        try assertGoldens(
            "spans", width: 530, height: 145, layers: [boxed(text, LayerFrame(x: 10, y: 10, width: 500))] + weights)
    }

    func testRightToLeft() throws {
        let arabic = Fixtures.text("مرحبا بالعالم، هذا نص عربي يلتف على عدة أسطر داخل الإطار.", size: 18)
        let hebrew = Fixtures.text("שלום עולם, זהו טקסט בעברית.", size: 18)
        var trailing = Fixtures.text("نص محاذى إلى النهاية", size: 18)
        trailing.textAlignment = .trailing
        try assertGoldens(
            "right-to-left", width: 320, height: 190,
            layers: [
                boxed(arabic, LayerFrame(x: 10, y: 10, width: 300)),
                boxed(hebrew, LayerFrame(x: 10, y: 90, width: 300, height: 40), alignment: .leading),
                boxed(
                    trailing, LayerFrame(x: 10, y: 140, width: 300, height: 40), alignment: .center,
                    padding: EdgeInsets(leading: 10)),
            ])
    }

    func testEmojiAndCJK() throws {
        let text = Fixtures.text("Emoji 😀 👋🏽 👨‍👩‍👧 🇯🇵 ❤️ and CJK 日本語のテキスト 中文 한국어, café (e\u{301}) naïve", size: 20)
        try assertGoldens(
            "emoji-cjk", width: 340, height: 120,
            layers: [
                boxed(text, LayerFrame(x: 10, y: 10, width: 320), padding: EdgeInsets(all: 6))
            ])
    }

    func testCursorShapes() throws {
        let accent = Color(red: 0.1, green: 0.45, blue: 0.95)
        var layers: [LayerState] = []
        for (i, shape) in CursorShape.allCases.enumerated() {
            for (j, sample) in ["Typing here", "כתיבה כאן"].enumerated() {
                var text = Fixtures.text(sample, size: 20)
                text.reveal = TextReveal(opaqueCount: 6)
                text.cursor = CursorState(
                    shape: shape, color: accent.withAlpha(shape == .block ? 0.4 : 1),
                    width: shape == .bar ? 2 : 3, characterOffset: 6, visible: true)
                layers.append(
                    boxed(
                        text, LayerFrame(x: 10 + Double(j) * 150, y: 10 + Double(i) * 40, width: 140, height: 32),
                        alignment: .leading, padding: EdgeInsets(leading: 6)))
            }
        }
        try assertGoldens("cursor-shapes", width: 310, height: 130, layers: layers)
    }
}

extension Color {
    fileprivate func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
}
