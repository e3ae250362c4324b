import Foundation
import KinetypeCore
import TestSupport
import XCTest

@testable import KinetypeEncode

final class GIFPaletteTests: XCTestCase {
    private let frames = (0..<5).map { TestImages.gradient(frame: $0) }

    private func palette(order: [Int], maxDistinctColors: Int = 1 << 18) throws -> GIFPalette {
        let builder = ImagePaletteBuilder(
            width: 64, height: 48, options: GIFOptions(), maxDistinctColors: maxDistinctColors)
        for index in order { try builder.add(frames[index]) }
        return try builder.finish()
    }

    func testPaletteColorsDoNotDependOnTheOrderOfFrames() throws {
        // The set of colors comes from the counts; only their order follows what changes.
        let forward = try palette(order: [0, 1, 2, 3, 4])
        let shuffled = try palette(order: [3, 0, 4, 2, 1])
        XCTAssertFalse(forward.isExact)
        XCTAssertEqual(forward.opaqueColors.count, 255)
        XCTAssertEqual(Set(forward.opaqueColors), Set(shuffled.opaqueColors))
    }

    func testColorsOfManyFramesGetTheLowestIndices() throws {
        // A large first frame of 200 grays (it needs 8-bit codes wherever they sit), then 30
        // small changes in two text colors: those two come first, so the 30 frames need only
        // the smallest LZW code size, although the first frame changed far more pixels.
        let builder = ImagePaletteBuilder(width: 20, height: 20, options: GIFOptions())
        var image = Image(width: 20, height: 20, fill: (250, 250, 250, 255))
        for pixel in 0..<200 {
            image.pixels[pixel * 4..<pixel * 4 + 3] = [UInt8(pixel), UInt8(pixel), UInt8(pixel)]
        }
        try builder.add(image)
        for frame in 0..<30 {
            let pixel = 200 + frame
            image.pixels[pixel * 4..<pixel * 4 + 3] = frame.isMultiple(of: 2) ? [200, 30, 30] : [30, 30, 200]
            try builder.add(image)
        }
        let palette = try builder.finish()
        XCTAssertTrue(palette.isExact)
        XCTAssertEqual(Set(palette.opaqueColors.prefix(2)), [0xC81E1E, 0x1E1EC8])
        XCTAssertEqual(palette.opaqueColors.count, 203)
    }

    func testUnditheredQuantizedPixelsTakeTheClosestPaletteColor() throws {
        let quantized = try palette(order: [0, 1, 2, 3, 4])
        XCTAssertFalse(quantized.isExact)
        let image = frames[3]
        let indices = try quantized.indices(of: image)
        func distance(_ color: UInt32, _ pixel: Int) -> Int {
            let channels = [Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF), Int(color & 0xFF)]
            return (0..<3).reduce(0) { sum, channel in
                let difference = channels[channel] - Int(image.pixels[pixel * 4 + channel])
                return sum + difference * difference
            }
        }
        for pixel in stride(from: 0, to: indices.count, by: 7) {
            let chosen = distance(quantized.opaqueColors[Int(indices[pixel])], pixel)
            let best = quantized.opaqueColors.map { distance($0, pixel) }.min()!
            XCTAssertEqual(chosen, best, "pixel \(pixel)")
        }
    }

    func testCoarsenedColorsStayOrderIndependentAndUsable() throws {
        let forward = try palette(order: [0, 1, 2, 3, 4], maxDistinctColors: 600)
        let backward = try palette(order: [4, 3, 2, 1, 0], maxDistinctColors: 600)
        XCTAssertEqual(Set(forward.opaqueColors), Set(backward.opaqueColors))
        let indices = try forward.indices(of: frames[2])
        var shown = [UInt8](repeating: 255, count: 64 * 48 * 4)
        for (pixel, index) in indices.enumerated() {
            let color = forward.opaqueColors[Int(index)]
            shown[pixel * 4] = UInt8(color >> 16 & 0xFF)
            shown[pixel * 4 + 1] = UInt8(color >> 8 & 0xFF)
            shown[pixel * 4 + 2] = UInt8(color & 0xFF)
        }
        let difference = try XCTUnwrap(
            ImageDifference(expected: frames[2], actual: Image(width: 64, height: 48, pixels: shown)))
        XCTAssertGreaterThan(difference.psnr, 28)
    }

    func testExactPaletteIsSortedAndReservesTransparency() throws {
        let builder = ImagePaletteBuilder(width: 48, height: 20, options: GIFOptions())
        try builder.add(TestImages.typewriter(frame: 3, background: (0, 0, 0, 0)))
        let palette = try builder.finish()
        XCTAssertTrue(palette.isExact)
        XCTAssertTrue(palette.hasTransparency)
        XCTAssertEqual(palette.opaqueColors, [0x14141E, 0x285AC8, 0xE61E28])
        XCTAssertEqual(palette.transparentIndex, 3)
        XCTAssertEqual(palette.tableSize, 4)
    }

    func testExactlyTwoHundredFiftyFiveColorsStayExact() throws {
        var pixels = [UInt8](repeating: 255, count: 255 * 4)
        for index in 0..<255 {
            pixels[index * 4] = UInt8(index)
            pixels[index * 4 + 1] = UInt8(255 - index)
        }
        let image = Image(width: 255, height: 1, pixels: pixels)
        let (gif, _, _) = try encodeGIF([image], fps: 10)
        XCTAssertEqual(gif.frames.count, 1)
        assertSameImage(gif.frames[0].image, image, "255 colors are exact")
        var more = pixels
        more.append(contentsOf: [1, 1, 1, 255])
        let overflowing = Image(width: 256, height: 1, pixels: more)
        let builder = ImagePaletteBuilder(width: 256, height: 1, options: GIFOptions())
        try builder.add(overflowing)
        XCTAssertFalse(try builder.finish().isExact, "256 colors need quantizing")
    }

    /// The pruned search answers as the scan over every color does, ties (the lowest index) included:
    /// palettes with repeated colors and keys equally far from several.
    func testNearestColorSearchAnswersAsTheFullScan() {
        var random = SeededGenerator(seed: 3)
        for trial in 0..<300 {
            let count = Int.random(in: 0...255, using: &random)
            let levels = trial.isMultiple(of: 3) ? 4 : 256
            func channel() -> UInt32 { UInt32(Int.random(in: 0..<levels, using: &random) * (256 / levels)) }
            let colors = (0..<count).map { _ in channel() << 16 | channel() << 8 | channel() }
            let search = GIFNearestColor(colors)
            for _ in 0..<200 {
                let key = UInt32.random(in: 0...0xFF_FFFF, using: &random)
                guard search.nearest(to: key) == GIFPalette.nearest(to: key, among: colors) else {
                    return XCTFail("trial \(trial): key \(String(key, radix: 16)) among \(count) colors")
                }
            }
        }
    }
}
