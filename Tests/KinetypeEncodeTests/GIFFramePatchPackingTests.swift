import KinetypeCore
import XCTest

@testable import KinetypeEncode

/// Patches kept between a GIF's two passes are run-length packed: they must unpack to exactly
/// the pixels they were given, and runs must shrink them.
final class GIFFramePatchPackingTests: XCTestCase {
    private func patch(_ words: [UInt32], width: Int) -> GIFFramePatch {
        let pixels = words.flatMap { word in withUnsafeBytes(of: word.littleEndian) { Array($0) } }
        return GIFFramePatch(
            rect: PixelRect(x: 3, y: 5, width: width, height: words.count / width), pixels: pixels, endTime: 1.25)
    }

    func testEveryMixOfRunsAndLiteralsUnpacksExactly() {
        var state: UInt64 = 99
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        let shapes: [[UInt32]] = [
            [7], [7, 7], [7, 7, 7], [1, 2, 1, 2], [1, 1, 2, 2, 2, 3],
            [UInt32](repeating: 0xFFFF_FFFF, count: 4096),
            (0..<4096).map { _ in next() },
            (0..<8192).map { _ in next() % 3 == 0 ? next() : 0x00FF_FFFF },
            (0..<8192).map { index in UInt32(index / Int(1 + index % 5)) },
        ]
        for (number, words) in shapes.enumerated() {
            let original = patch(words, width: 1)
            let packed = original.packed()
            let unpacked = packed.unpacked()
            XCTAssertEqual(unpacked.pixels, original.pixels, "shape \(number)")
            XCTAssertEqual(unpacked.rect, original.rect)
            XCTAssertEqual(unpacked.endTime, 1.25)
            // Never more than one header word per pixel beyond the pixels themselves.
            XCTAssertLessThanOrEqual(packed.byteCount, original.byteCount + 8 + words.count / 3 * 4, "shape \(number)")
        }
    }

    func testRunsShrinkAndAnUnchangedFrameKeepsNothing() {
        let blank = patch([UInt32](repeating: 0xFFF4_F1EA, count: 1200 * 480), width: 1200)
        XCTAssertEqual(blank.packed().byteCount, 8)
        XCTAssertEqual(blank.packed().unpacked().pixels, blank.pixels)
        let unchanged = GIFFramePatch(rect: nil, pixels: [], endTime: 2)
        XCTAssertEqual(unchanged.packed().byteCount, 0)
        XCTAssertNil(unchanged.packed().unpacked().rect)
    }
}
