import XCTest

@testable import KinetypeEncode

final class GIFPaletteOrderTests: XCTestCase {
    func testBitsSavedFollowTheCodeSizeOfTheIndicesNeeded() {
        XCTAssertEqual(GIFPaletteOrder.bitsSaved(indices: 4), 6)
        XCTAssertEqual(GIFPaletteOrder.bitsSaved(indices: 5), 5)
        XCTAssertEqual(GIFPaletteOrder.bitsSaved(indices: 128), 1)
        XCTAssertEqual(GIFPaletteOrder.bitsSaved(indices: 129), 0)
        XCTAssertEqual(GIFPaletteOrder.bitsSaved(indices: 300), 0)
    }

    func testFramesThatCanSaveBitsGetTheLowestIndices() {
        // A gradient frame of 150 colors with the most weight saves nothing wherever its colors
        // sit; a card background of three colors saves the most per color; text frames share 40.
        let gradient = GIFColorSet(0..<150)
        let background = GIFColorSet(150..<153)
        let text = GIFColorSet(160..<200)
        let textWithCursor = GIFColorSet(Array(160..<200) + [153])
        let frames: [GIFColorSet: UInt64] = [gradient: 1_000_000, background: 500, text: 3_000, textWithCursor: 100]
        let order = GIFPaletteOrder.order(colorCount: 200, frames: frames) { $0 }
        XCTAssertEqual(order.count, 200)
        XCTAssertEqual(Set(order), Set(0..<200))
        XCTAssertEqual(Array(order.prefix(3)), [150, 151, 152])
        XCTAssertEqual(Set(order[3..<43]), Set(160..<200))
        XCTAssertEqual(order[43], 153)
        // Left over: the gradient's colors and the unused ones, by rank.
        XCTAssertEqual(Array(order[44...]), Array(0..<150) + Array(154..<160))
    }

    func testRecordedSetsStayBounded() {
        var sets = GIFFrameColorSets()
        for frame in 0..<(GIFFrameColorSets.maxSets + 100) {
            sets.record([UInt32(frame), UInt32(frame) + 1], estimatedCodes: 1)
        }
        sets.record(Set(0..<UInt32(GIFFrameColorSets.maxColorsPerFrame + 1)), estimatedCodes: 1)
        let held = sets.paletteSets { Int($0 % 256) }.values.reduce(0, +)
        XCTAssertEqual(held, UInt64(GIFFrameColorSets.maxSets))
        // A set already held still gains weight once the limit is reached.
        sets.record([0, 1], estimatedCodes: 5)
        XCTAssertEqual(sets.paletteSets { Int($0 % 256) }.values.reduce(0, +), UInt64(GIFFrameColorSets.maxSets) + 5)
    }

    func testOrderDoesNotDependOnTheOrderFramesWereRecorded() {
        var forward = GIFFrameColorSets()
        var backward = GIFFrameColorSets()
        var sets: [(Set<UInt32>, UInt64)] = []
        for frame in 0..<20 {
            let size = UInt32(5 + frame % 7)
            let colors = Set((0..<size).map { (member: UInt32) -> UInt32 in member * 7 + UInt32(frame) })
            sets.append((colors, UInt64(10 + frame)))
        }
        for (colors, weight) in sets { forward.record(colors, estimatedCodes: weight) }
        for (colors, weight) in sets.reversed() { backward.record(colors, estimatedCodes: weight) }
        let index = { (color: UInt32) in Int(color % 200) }
        XCTAssertEqual(
            GIFPaletteOrder.order(colorCount: 200, frames: forward.paletteSets(index)) { $0 },
            GIFPaletteOrder.order(colorCount: 200, frames: backward.paletteSets(index)) { $0 })
    }
}
