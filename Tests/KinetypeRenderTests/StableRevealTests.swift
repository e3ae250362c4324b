import KinetypeCore
import XCTest

@testable import KinetypeRender

/// A stable typewriter lays the final text out once: every partial frame shows the revealed glyphs
/// exactly where (and exactly as) the final frame has them, and nothing of the hidden ones.
final class StableRevealTests: XCTestCase {
    private let white: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)

    private func runs(hidingFirst hidden: Int? = nil) -> [TextRun] {
        let blue = Color(red: 0.1, green: 0.3, blue: 0.9)
        let base = [
            TextRun(text: "Stable typewriter: "), TextRun(text: "underlined words", color: blue, underline: true),
            TextRun(text: " wrap in a centered block, 😀 emoji and all."),
        ]
        guard let hidden else { return base }
        // The same text with the first `hidden` characters in a transparent color.
        var result: [TextRun] = []
        var remaining = hidden
        for run in base {
            let characters = Array(run.text)
            let cut = min(remaining, characters.count)
            remaining -= cut
            if cut > 0 {
                var head = run
                head.text = String(characters[..<cut])
                head.color = .transparent
                result.append(head)
            }
            if cut < characters.count {
                var tail = run
                tail.text = String(characters[cut...])
                result.append(tail)
            }
        }
        return result
    }

    private func frame(_ runs: [TextRun], reveal: TextReveal?, scale: Double = 1) -> FrameState {
        var text = TextState(runs: runs, font: ResolvedFont(size: 20), color: .black, textAlignment: .center)
        text.reveal = reveal
        return Fixtures.frame(
            width: 280, height: 150, scale: scale,
            layers: [
                Fixtures.textLayer(text, frame: LayerFrame(x: 20, y: 10, width: 240, height: 130), alignment: .center)
            ])
    }

    func testEveryPartialFrameMatchesTheFinalFrameWhereItsGlyphsAre() throws {
        for scale in [1.0, 2.0] {
            let renderer = try Fixtures.renderer(Fixtures.scene(width: 280, height: 150, scale: scale))
            let final = try renderer.render(frame(runs(), reveal: nil, scale: scale))
            let count = runs().map(\.text).joined().count
            XCTAssertGreaterThan(final.countPixels { $0 != (255, 255, 255, 255) }, 1000, "the final frame shows text")

            let nothing = try renderer.render(frame(runs(), reveal: TextReveal(opaqueCount: 0), scale: scale))
            XCTAssertNil(nothing.inkBounds(background: white), "hidden characters leave no pixels at @\(scale)x")
            let allTransparent = try renderer.render(frame(runs(hidingFirst: count), reveal: nil, scale: scale))
            XCTAssertNil(allTransparent.inkBounds(background: white), "transparent runs leave no pixels at @\(scale)x")

            for k in 0...count {
                let revealed = try renderer.render(frame(runs(), reveal: TextReveal(opaqueCount: k), scale: scale))
                let rest = try renderer.render(frame(runs(hidingFirst: k), reveal: nil, scale: scale))
                let mismatches = Self.mismatches(revealed: revealed, rest: rest, final: final)
                XCTAssertEqual(mismatches, 0, "reveal of \(k) characters at @\(scale)x moves or changes glyphs")
            }
        }
    }

    /// Pixels where the revealed frame differs from the final one although no hidden glyph paints
    /// there, plus pixels where the hidden glyphs, drawn alone, differ from the final frame
    /// although nothing revealed paints there (white is the background). Both checks allow one
    /// level per channel: a partial frame splits the underline into other attribute runs, and
    /// Cairo may round an anti-aliased end one level differently (with Inter's advances one such
    /// pixel falls where the complement frame is white). A glyph that moved differs by far more.
    static func mismatches(revealed: Image, rest: Image, final: Image) -> Int {
        func close(_ a: UInt32, _ b: UInt32) -> Bool {
            for shift in stride(from: 0, to: 32, by: 8) {
                let x = Int((a >> UInt32(shift)) & 0xFF)
                let y = Int((b >> UInt32(shift)) & 0xFF)
                if abs(x - y) > 1 { return false }
            }
            return true
        }
        var count = 0
        revealed.pixels.withUnsafeBufferPointer { p in
            rest.pixels.withUnsafeBufferPointer { s in
                final.pixels.withUnsafeBufferPointer { f in
                    let words = p.count / 4
                    p.withMemoryRebound(to: UInt32.self) { p in
                        s.withMemoryRebound(to: UInt32.self) { s in
                            f.withMemoryRebound(to: UInt32.self) { f in
                                for i in 0..<words {
                                    if s[i] == UInt32.max && p[i] != f[i] && !close(p[i], f[i]) { count += 1 }
                                    if p[i] == UInt32.max && s[i] != f[i] && !close(s[i], f[i]) { count += 1 }
                                }
                            }
                        }
                    }
                }
            }
        }
        return count
    }

    func testHiddenTextLeavesATransparentCanvasUntouched() throws {
        var text = TextState(runs: runs(), font: ResolvedFont(size: 20), color: .black, textAlignment: .center)
        text.shadow = Shadow(color: .black, radius: 3, x: 2, y: 2)
        text.reveal = TextReveal(opaqueCount: 0)
        var layer = Fixtures.textLayer(text, frame: LayerFrame(x: 20, y: 10, width: 240), alignment: .center)
        layer.opacity = 0.7
        let image = try Fixtures.render(
            Fixtures.frame(width: 280, height: 150, scale: 2, background: .transparent, layers: [layer]))
        XCTAssertNil(image.inkBounds(background: (0, 0, 0, 0)))
    }

    func testTruncationEllipsisShowsWithTheFirstCharacterItReplaces() throws {
        func render(_ opaque: Int) throws -> Image {
            var text = Fixtures.text("One two three four five six seven", size: 16)
            text.lineLimit = 1
            text.reveal = TextReveal(opaqueCount: opaque)
            return try Fixtures.render(
                Fixtures.frame(
                    width: 140, height: 30,
                    layers: [
                        Fixtures.textLayer(text, frame: LayerFrame(x: 5, y: 5, width: 130))
                    ]))
        }
        let final = try render(33)
        let white: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)
        let finalInk = try XCTUnwrap(final.inkBounds(background: white))
        // Find how many characters fit before the ellipsis: the first reveal whose ink reaches the final width.
        var shown: Int?
        for k in 1...33 {
            let ink = try XCTUnwrap(try render(k).inkBounds(background: white))
            if ink.x1 == finalInk.x1 {
                shown = k
                break
            }
        }
        let count = try XCTUnwrap(shown)
        XCTAssertLessThan(count, 33, "the ellipsis, standing for the first hidden character, appears before the end")
        XCTAssertEqual(try render(count), final, "once the ellipsis shows, the frame is final")
    }

    func testFullRevealEqualsNoReveal() throws {
        let renderer = try Fixtures.renderer(Fixtures.scene(width: 280, height: 150))
        let count = runs().map(\.text).joined().count
        XCTAssertEqual(
            try renderer.render(frame(runs(), reveal: TextReveal(opaqueCount: count))),
            try renderer.render(frame(runs(), reveal: nil)))
    }

    func testFadingCharacterIsPartlyTransparent() throws {
        func render(_ reveal: TextReveal) throws -> Image {
            let text = TextState(
                runs: [TextRun(text: "AB")], font: ResolvedFont(size: 40), color: .black, reveal: reveal)
            return try Fixtures.render(
                Fixtures.frame(
                    width: 80, height: 60, background: .transparent,
                    layers: [
                        Fixtures.textLayer(text, frame: LayerFrame(x: 5, y: 5))
                    ]))
        }
        let half = try render(TextReveal(opaqueCount: 1, fading: [0.5]))
        let full = try render(TextReveal(opaqueCount: 2))
        // The B's darkest pixel: fully opaque when revealed, about half when fading.
        func maxAlpha(_ image: Image, fromX: Int) -> UInt8 {
            var best: UInt8 = 0
            for y in 0..<image.height { for x in fromX..<image.width { best = max(best, image.pixel(x: x, y: y).a) } }
            return best
        }
        XCTAssertEqual(maxAlpha(full, fromX: 36), 255)
        XCTAssertEqual(Double(maxAlpha(half, fromX: 36)), 128, accuracy: 2)

        // Color emoji fade too.
        let emoji = TextState(
            runs: [TextRun(text: "😀")], font: ResolvedFont(size: 40), color: .black,
            reveal: TextReveal(opaqueCount: 0, fading: [0.5]))
        let faded = try Fixtures.render(
            Fixtures.frame(
                width: 80, height: 60, background: .transparent,
                layers: [
                    Fixtures.textLayer(emoji, frame: LayerFrame(x: 5, y: 5))
                ]))
        XCTAssertEqual(Double(maxAlpha(faded, fromX: 0)), 128, accuracy: 2)
    }

    /// Text whose size animates is filled as outlines; a color emoji in it keeps its colors, as in
    /// still text, instead of its traced mask filled in the text color.
    func testColorEmojiKeepTheirColorsInTextWhoseGlyphsMove() throws {
        func colorfulPixels(glyphsMove: Bool) throws -> Int {
            var text = TextState(runs: [TextRun(text: "A😀")], font: ResolvedFont(size: 40), color: .black)
            text.glyphsMove = glyphsMove
            let image = try Fixtures.render(
                Fixtures.frame(
                    width: 120, height: 60, background: .color(.white),
                    layers: [Fixtures.textLayer(text, frame: LayerFrame(x: 5, y: 5))]))
            var count = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let pixel = image.pixel(x: x, y: y)
                    if Int(pixel.r) - Int(pixel.b) > 100 { count += 1 }
                }
            }
            return count
        }
        let still = try colorfulPixels(glyphsMove: false)
        XCTAssertGreaterThan(still, 300, "the emoji's yellow face")
        XCTAssertEqual(Double(try colorfulPixels(glyphsMove: true)), Double(still), accuracy: Double(still) * 0.1)
    }

    func testCursorBarStandsAtTheCharacterAndOnlyWhenVisible() throws {
        func render(offset: Int, visible: Bool) throws -> Image {
            var text = TextState(
                runs: [TextRun(text: "Type")], font: ResolvedFont(size: 30), color: .black,
                reveal: TextReveal(opaqueCount: offset))
            text.cursor = CursorState(
                shape: .bar, color: Color(red: 1, green: 0, blue: 0), width: 2,
                characterOffset: offset, visible: visible)
            return try Fixtures.render(
                Fixtures.frame(
                    width: 120, height: 50,
                    layers: [
                        Fixtures.textLayer(text, frame: LayerFrame(x: 10, y: 5))
                    ]))
        }
        func redColumns(_ image: Image) -> [Int] {
            (0..<image.width).filter { x in
                (0..<image.height).contains { y in
                    let p = image.pixel(x: x, y: y)
                    return p.r > 200 && p.g < 60 && p.b < 60
                }
            }
        }
        XCTAssertEqual(redColumns(try render(offset: 2, visible: false)), [])
        let start = redColumns(try render(offset: 0, visible: true))
        let middle = redColumns(try render(offset: 2, visible: true))
        XCTAssertFalse(start.isEmpty)
        XCTAssertFalse(middle.isEmpty)
        XCTAssertEqual(
            Double(start.first!), 9, accuracy: 1, "a bar before the first character stands at the frame's edge")
        XCTAssertGreaterThan(middle.first!, start.first! + 20, "a bar after two characters stands further right")
    }
}
