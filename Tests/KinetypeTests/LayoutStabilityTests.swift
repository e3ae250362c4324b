import XCTest

@testable import Kinetype

/// What users see while text appears or changes size, checked on real renders of scene files.
final class LayoutStabilityTests: XCTestCase {
    private let white: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)

    private func isInk(_ image: Image, _ x: Int, _ y: Int) -> Bool {
        image.pixel(x: x, y: y) != white
    }

    /// Every pixel a partial frame paints equals the final frame's pixel there: revealed glyphs are
    /// exactly where they end up (glyphs are spaced so their antialiasing never overlaps).
    private func assertStableReveal(_ prepared: PreparedScene, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let timeline = prepared.timeline
        let final = try prepared.renderFrame(timeline.frameCount - 1)
        var previousInk = 0
        var partialFrames = 0
        for index in 0..<timeline.frameCount {
            let frame = try prepared.renderFrame(index)
            var ink = 0
            for y in 0..<frame.height {
                for x in 0..<frame.width where isInk(frame, x, y) {
                    ink += 1
                    if frame.pixel(x: x, y: y) != final.pixel(x: x, y: y) {
                        return XCTFail(
                            "frame \(index): pixel (\(x), \(y)) differs from the final frame", file: file, line: line)
                    }
                }
            }
            XCTAssertGreaterThanOrEqual(
                ink, previousInk, "frame \(index) shows less than the one before", file: file, line: line)
            if ink > 0 && frame != final { partialFrames += 1 }
            previousInk = ink
        }
        XCTAssertGreaterThan(partialFrames, 10, "the typewriter shows many partial frames", file: file, line: line)
    }

    func testCenteredWrappedTypewriterNeverMovesAGlyph() throws {
        let prepared = try TestScenes.prepared("stable-centered.json")
        try assertStableReveal(prepared)
        // The layout really is centered and wrapped: the final ink spans several lines, centered.
        let final = try prepared.renderFrame(prepared.timeline.frameCount - 1)
        let box = inkBox(final)
        XCTAssertGreaterThan(box.maxY - box.minY, 40, "several lines")
        XCTAssertEqual(Double(box.minX + box.maxX) / 2, 110, accuracy: 6, "centered in the frame")
        // The first character appears where it ends up: on the first line, left of the center,
        // not in the middle of the frame as a growing, re-centered string would be.
        let first = inkBox(try prepared.renderFrame(Int((0.05 * 20).rounded(.up))))
        XCTAssertLessThan(first.maxX, 60)
        XCTAssertEqual(first.minY, box.minY, accuracy: 3)
    }

    func testRightToLeftTypewriterNeverMovesAGlyph() throws {
        let prepared = try TestScenes.prepared(
            "stable-centered.json",
            overrides: ["text": "שלום עולם, הטקסט הזה מופיע אות אחר אות במקומו."])
        try assertStableReveal(prepared)
        let box = inkBox(try prepared.renderFrame(prepared.timeline.frameCount - 1))
        // Hebrew starts on the right: the first letter appears right of the center.
        let first = inkBox(try prepared.renderFrame(Int((0.05 * 20).rounded(.up))))
        XCTAssertGreaterThan(first.minX, 160)
        XCTAssertEqual(first.minY, box.minY, accuracy: 3)
    }

    func testGrowingTextKeepsItsTrailingEdge() throws {
        let prepared = try TestScenes.prepared("grow-trailing.json")
        var rightEdges: [Int] = []
        var heights: [Int] = []
        for index in 0..<prepared.timeline.frameCount {
            let box = inkBox(try prepared.renderFrame(index))
            rightEdges.append(box.maxX)
            heights.append(box.maxY - box.minY)
        }
        XCTAssertGreaterThan(heights.max()! - heights.min()!, 15, "the text grows")
        XCTAssertLessThanOrEqual(rightEdges.max()! - rightEdges.min()!, 1, "right edges: \(rightEdges)")
    }

    private func inkBox(_ image: Image) -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
        var box = (minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min)
        for y in 0..<image.height {
            for x in 0..<image.width where isInk(image, x, y) {
                box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
            }
        }
        return box
    }
}
