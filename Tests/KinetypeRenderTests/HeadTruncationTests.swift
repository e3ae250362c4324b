import CPangoCairo
import KinetypeCore
import XCTest

@testable import KinetypeRender

/// `truncation: head` on a text of several lines truncates the start of the last visible line, as
/// SwiftUI does: the lines before it stay exactly as the untruncated text has them (#14).
final class HeadTruncationTests: XCTestCase {
    private let sample =
        "This is a very long sentence that will not fit in its frame, so it is truncated at the head "
        + "and you only see its end."

    private func state(_ truncation: Truncation, lineLimit: Int?) -> TextState {
        var text = Fixtures.text(sample, size: 17, family: "Inter")
        text.lineLimit = lineLimit
        text.truncation = truncation
        return text
    }

    /// The text of each line of the layout the renderer draws for `state` in a 200 pt wide frame.
    private func lines(_ state: TextState) throws -> [String] {
        let renderer = try Fixtures.renderer(Fixtures.scene(width: 240, height: 200))
        let display = try renderer.engine.displayText(for: state, wrapWidth: 200, maxHeight: nil)
        let layout = try renderer.engine.makeLayout(display, state: state, wrapWidth: 200, paint: .measure)
        let bytes = Array(display.string.utf8)
        return withExtendedLifetime(layout) {
            (0..<Int(pango_layout_get_line_count(layout.pointer))).map { index in
                let line = pango_layout_get_line_readonly(layout.pointer, Int32(index))!.pointee
                let start = Int(line.start_index)
                return String(decoding: bytes[start..<start + Int(line.length)], as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{2028}")))
            }
        }
    }

    func testHeadTruncatesTheStartOfTheLastVisibleLine() throws {
        let full = try lines(state(.head, lineLimit: nil))
        XCTAssertGreaterThan(full.count, 3, "the sample needs more lines than the limits below")
        for limit in [2, 3] {
            let truncated = try lines(state(.head, lineLimit: limit))
            XCTAssertEqual(truncated.count, limit, "\(truncated)")
            XCTAssertEqual(Array(truncated.prefix(limit - 1)), Array(full.prefix(limit - 1)), "the first lines stay")
            let last = try XCTUnwrap(truncated.last)
            XCTAssertTrue(last.hasPrefix("\u{2026}"), last)
            XCTAssertTrue(sample.hasSuffix(String(last.dropFirst())), "the last line ends the text: \(last)")
            XCTAssertGreaterThan(last.count, 12, "the last line is filled with the text's end: \(last)")
        }
    }

    func testOneLineHeadTailAndMiddleAreUnchanged() throws {
        let one = try lines(state(.head, lineLimit: 1))
        XCTAssertEqual(one.count, 1)
        XCTAssertTrue(one[0].hasPrefix("\u{2026}") && sample.hasSuffix(String(one[0].dropFirst())), one[0])

        let full = try lines(state(.tail, lineLimit: nil))
        let tail = try lines(state(.tail, lineLimit: 2))
        XCTAssertEqual(tail.count, 2)
        XCTAssertEqual(tail[0], full[0])
        XCTAssertTrue(tail[1].hasSuffix("\u{2026}"), tail[1])

        let middle = try lines(state(.middle, lineLimit: 2))
        XCTAssertEqual(middle.count, 2)
        XCTAssertTrue(middle.joined(separator: " ").contains("\u{2026}"), "\(middle)")
        XCTAssertTrue(sample.hasPrefix(String(middle[0].prefix(10))), middle[0])
        XCTAssertTrue(middle[1].hasSuffix("its end."), middle[1])
    }

    /// In pixels: the first line of the head-truncated text is the untruncated text's first line,
    /// and the second line differs (it shows the end of the text).
    func testTheFirstLineRendersExactlyAsInTheFullText() throws {
        func render(_ text: TextState) throws -> Image {
            try Fixtures.render(
                Fixtures.frame(
                    width: 240, height: 200,
                    layers: [Fixtures.textLayer(text, frame: LayerFrame(x: 20, y: 10, width: 200))]))
        }
        let truncated = try render(state(.head, lineLimit: 2))
        let full = try render(state(.head, lineLimit: nil))
        let lineHeight = 17 * 1.2
        func band(_ image: Image, _ rows: Range<Int>) -> [UInt8] {
            Array(image.pixels[(rows.lowerBound * image.width * 4)..<(rows.upperBound * image.width * 4)])
        }
        let first = 10..<(10 + Int(lineHeight) - 2)
        XCTAssertEqual(band(truncated, first), band(full, first))
        let second = (10 + Int(lineHeight) + 2)..<(10 + Int(2 * lineHeight) - 2)
        XCTAssertNotEqual(band(truncated, second), band(full, second))
        XCTAssertNil(
            Image(width: 240, height: 200 - 60, pixels: band(truncated, 60..<200))
                .inkBounds(background: (255, 255, 255, 255)), "nothing below the second line")
    }
}
