import Foundation
import KinetypeCore
import XCTest

@testable import Kinetype
@testable import KinetypeRender

/// Glyphs shared by a text's layouts: one per outline, color and place, in every layout's drawing
/// order (#39: a layer per glyph per layout grew a flow typewriter's Lottie with its length squared).
final class VectorGlyphMergeTests: XCTestCase {
    /// A square of side `size`: glyphs told apart by their outline.
    private func outline(_ size: Double) -> VectorPath {
        VectorPath(contours: [
            VectorContour(
                vertices: [Point(x: 0, y: 0), Point(x: size, y: 0), Point(x: size, y: size)],
                inTangents: Array(repeating: Point(x: 0, y: 0), count: 3),
                outTangents: Array(repeating: Point(x: 0, y: 0), count: 3), closed: true)
        ])
    }

    /// A layout of glyphs (outline size, x), drawn in the order given (back to front), character i each.
    private func layout(_ glyphs: [(size: Double, x: Double)]) -> VectorText {
        VectorText(
            glyphs: glyphs.enumerated().map { character, glyph in
                VectorGlyph(
                    outline: outline(glyph.size), bitmap: nil, origin: Point(x: glyph.x, y: 10), color: .black,
                    character: character)
            }, decorations: [], box: Rect(x: 0, y: 0, width: 100, height: 20), clip: nil, ink: nil)
    }

    private func merged(_ layouts: [VectorText]) -> VectorGlyphMerge {
        VectorGlyphMerge(layouts) { _ in { $0 } }
    }

    func testAGlyphTypedEarlierIsOneGlyphInEveryLaterLayout() {
        // "a", "ab", "abc" typed in flow mode: each glyph stays where it was.
        let typed = (1...3).map { count in layout((0..<count).map { (Double($0 + 1), Double(10 * $0)) }) }
        let result = merged(typed)
        XCTAssertEqual(result.glyphs.count, 3)
        XCTAssertEqual(result.glyphs.map { $0.characters.map(\.layout) }, [[2], [1, 2], [0, 1, 2]], "front to back")
        XCTAssertEqual(VectorGlyphMerge.character(in: 1, of: result.glyphs[1].characters), 1)
        XCTAssertNil(VectorGlyphMerge.character(in: 0, of: result.glyphs[1].characters))
    }

    func testAGlyphThatMovesIsAGlyphOfItsOwn() {
        // The word moves to the next line: the same outline elsewhere is another glyph.
        let result = merged([layout([(1, 0), (2, 10)]), layout([(1, 0), (2, 50)])])
        XCTAssertEqual(result.glyphs.count, 3)
    }

    func testEveryLayoutKeepsItsOwnDrawingOrder() {
        // Layout 1 draws b over a where layout 0 drew a over b: one of them is a glyph of its own
        // there, so both layouts find their order front to back.
        let layouts = [layout([(1, 0), (2, 0)]), layout([(2, 0), (1, 0)]), layout([(1, 0), (3, 5), (2, 0)])]
        let result = merged(layouts)
        for (index, vector) in layouts.enumerated() {
            let frontToBack = result.glyphs.filter { glyph in glyph.characters.contains { $0.layout == index } }
                .map { vector.glyphs[$0.characters.first { $0.layout == index }!.character].outline }
            XCTAssertEqual(frontToBack, vector.glyphs.reversed().map(\.outline), "layout \(index)")
        }
    }

    func testIdenticalGlyphsInOnePlaceStayApart() {
        // Three copies of one glyph at one place (stacked marks): three glyphs, in both layouts.
        let result = merged([layout([(1, 0), (1, 0), (1, 0)]), layout([(1, 0), (1, 0), (1, 0), (2, 9)])])
        XCTAssertEqual(result.glyphs.count, 4)
        XCTAssertEqual(result.glyphs.filter { $0.characters.count == 2 }.count, 3)
    }
}
