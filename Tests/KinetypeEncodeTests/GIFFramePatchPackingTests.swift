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
            (0..<8192).map { (_: Int) -> UInt32 in next() % 3 == 0 ? next() : 0x00FF_FFFF },
            (0..<8192).map { (index: Int) -> UInt32 in UInt32(index / Int(1 + index % 5)) },
        ]
        for (number, words) in shapes.enumerated() {
            let original = patch(words, width: 1)
            let packed = original.packed()
            XCTAssertEqual(packed.pixels, original.pixels, "shape \(number)")
            XCTAssertEqual(packed.rect, original.rect)
            XCTAssertEqual(packed.endTime, 1.25)
            // Never more than one header word per pixel beyond the pixels themselves.
            XCTAssertLessThanOrEqual(packed.byteCount, original.byteCount + 8 + words.count / 3 * 4, "shape \(number)")
        }
    }

    func testRunsShrinkAndAnUnchangedFrameKeepsNothing() {
        let blank = patch([UInt32](repeating: 0xFFF4_F1EA, count: 1200 * 480), width: 1200)
        XCTAssertEqual(blank.packed().byteCount, 8)
        XCTAssertEqual(blank.packed().pixels, blank.pixels)
        let unchanged = GIFFramePatch(rect: nil, pixels: [], endTime: 2)
        XCTAssertEqual(unchanged.packed().byteCount, 0)
        XCTAssertNil(unchanged.packed().rect)
    }

    func testPackedPixelsMapToTheSameIndicesAsStraightOnes() throws {
        // Opaque, half-transparent and transparent pixels, in the palette and off it, in runs and alone.
        let palette: [UInt32] = [0x00_0000, 0xFF_FFFF, 0x33_6699, 0xF4_F1EA]
        var state: UInt64 = 5
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        var words: [UInt32] = []
        while words.count < 6_000 {
            let rgb = next() % 3 == 0 ? next() & 0xFF_FFFF : palette[Int(next() % 4)]
            let alpha: UInt32 = [0, 60, 127, 128, 255, 255][Int(next() % 6)]
            // In memory R, G, B, A: the little-endian word is A B G R from the top byte down.
            let pixel = alpha << 24 | (rgb & 0xFF) << 16 | (rgb >> 8 & 0xFF) << 8 | rgb >> 16
            words += [UInt32](repeating: pixel, count: Int(next() % 7) + 1)
        }
        words = Array(words.prefix(6_000))
        let straight = patch(words, width: 100)
        let rect = try XCTUnwrap(straight.rect)
        let mapper = GIFIndexMapper(opaqueColors: palette, dither: .none)
        let expected = straight.pixels.withUnsafeBufferPointer {
            mapper.indices(of: $0, start: 0, rowBytes: rect.width * 4, rect: rect)
        }
        guard case .packed(let packedWords) = straight.packed().storage else { return XCTFail("not packed") }
        XCTAssertEqual(mapper.indices(ofPacked: packedWords, rect: rect), expected)
        XCTAssertTrue(expected.contains(mapper.transparentIndex))
        // Ordered dithering depends on positions: the packed mapping declines it.
        XCTAssertNil(GIFIndexMapper(opaqueColors: palette, dither: .ordered).indices(ofPacked: packedWords, rect: rect))
    }
}
