import TestSupport
import XCTest

@testable import KinetypeEncode

final class GIFLZWEncoderTests: XCTestCase {
    func testRunsCostFarLessThanNoise() {
        XCTAssertEqual(GIFLZWEncoder.minimumCodeSize(forLargestIndex: 255), 8)
        XCTAssertEqual(GIFLZWEncoder.minimumCodeSize(forLargestIndex: 100), 7)
        XCTAssertEqual(GIFLZWEncoder.minimumCodeSize(forLargestIndex: 1), 2)
        var generator = SystemIndependentNoise(seed: 7)
        let noise = (0..<4096).map { _ in generator.next() }
        let run = [UInt8](repeating: 3, count: 4096)
        let bits = { (pixels: [UInt8]) in GIFLZWEncoder.encode(pixels, minimumCodeSize: 8).count * 8 }
        XCTAssertLessThan(bits(run) * 20, bits(noise))
        // Uncompressible data costs at least its own bits, plus the growing code size.
        XCTAssertGreaterThan(bits(noise), 4096 * 8)
    }

    func testFullTableIsKeptWhileItCodesWell() throws {
        // A 3,000-pixel pattern repeated: by the time the table is full it holds the pattern's
        // strings, so no clear code follows the first one.
        var generator = SystemIndependentNoise(seed: 11)
        let pattern = (0..<3_000).map { _ in generator.next() }
        let pixels = Array([[UInt8]](repeating: pattern, count: 40).joined())
        let compressed = GIFLZWEncoder.encode(pixels, minimumCodeSize: 8)
        let stream = try LZWCodeStream(compressed, minimumCodeSize: 8)
        XCTAssertEqual(stream.pixels, pixels)
        XCTAssertEqual(stream.clearCodes, 1)
        XCTAssertGreaterThan(stream.codesWithFullTable, 1_000)
        XCTAssertEqual(try decodedWithGiflib(compressed, minimumCodeSize: 8, width: 300, height: 400), pixels)
    }

    func testFullTableIsClearedWhenTheContentChanges() throws {
        // Noise over indices 0–63, then noise over 128–191: strings learned from the first half
        // never match in the second, so a fresh table wins and the encoder clears.
        var generator = SystemIndependentNoise(seed: 5)
        let first = (0..<30_000).map { _ in generator.next() & 63 }
        let second = (0..<30_000).map { _ in generator.next() & 63 | 128 }
        let pixels = first + second
        let compressed = GIFLZWEncoder.encode(pixels, minimumCodeSize: 8)
        let stream = try LZWCodeStream(compressed, minimumCodeSize: 8)
        XCTAssertEqual(stream.pixels, pixels)
        XCTAssertGreaterThan(stream.clearCodes, 1)
        XCTAssertEqual(try decodedWithGiflib(compressed, minimumCodeSize: 8, width: 300, height: 200), pixels)
    }

    func testRunsRoundTripAcrossFullTablesAndClears() throws {
        // Runs of every length (the encoder follows them without probing the table) between
        // stretches of noise that fill the table and make it clear, at the smallest and largest
        // code sizes; and one run of a million pixels, as a blank first frame has.
        for codeSize in [2, 8] {
            var generator = SystemIndependentNoise(seed: UInt64(40 + codeSize))
            let mask = UInt8((1 << codeSize) - 1)
            var pixels: [UInt8] = []
            while pixels.count < 150_000 {
                let value = generator.next() & mask
                let length = Int(generator.next()) * Int(generator.next() & 31) + 1
                pixels += [UInt8](repeating: value, count: length)
                if generator.next() < 40 { pixels += (0..<3_000).map { _ in generator.next() & mask } }
            }
            let compressed = GIFLZWEncoder.encode(pixels, minimumCodeSize: codeSize)
            let stream = try LZWCodeStream(compressed, minimumCodeSize: codeSize)
            XCTAssertEqual(stream.pixels, pixels, "code size \(codeSize)")
            // Four indices' noise keeps coding well with a full table; 256 indices' makes it clear.
            XCTAssertGreaterThan(codeSize == 2 ? stream.codesWithFullTable : stream.clearCodes - 1, 0)
        }
        let blank = [UInt8](repeating: 1, count: 1_000_000)
        let compressed = GIFLZWEncoder.encode(blank, minimumCodeSize: 2)
        XCTAssertEqual(try LZWCodeStream(compressed, minimumCodeSize: 2).pixels, blank)
        // Strings of lengths 1, 2, 3, …: k codes cover k(k + 1) / 2 pixels, 1,414 codes of 12 bits at most.
        XCTAssertLessThanOrEqual(compressed.count, 1_414 * 12 / 8 + 8)
    }

    func testSmallCodeSizesRoundTripThroughGiflib() throws {
        for codeSize in 2...8 {
            var generator = SystemIndependentNoise(seed: UInt64(codeSize))
            let mask = UInt8((1 << codeSize) - 1)
            let pixels = (0..<20_000).map { (index: Int) -> UInt8 in
                index % 7 < 4 ? UInt8(truncatingIfNeeded: index / 700) & mask : generator.next() & mask
            }
            let compressed = GIFLZWEncoder.encode(pixels, minimumCodeSize: codeSize)
            XCTAssertEqual(
                try LZWCodeStream(compressed, minimumCodeSize: codeSize).pixels, pixels, "code size \(codeSize)")
            XCTAssertEqual(
                try decodedWithGiflib(compressed, minimumCodeSize: codeSize, width: 200, height: 100), pixels,
                "code size \(codeSize)")
        }
    }

    func testFewestRunsKeepsFixedPixelsAndMinimizesChanges() {
        // Free pixels between two literal runs of 1: making them literal joins the runs.
        let wanted: [UInt8] = [1, 1, 1, 1, 2, 2, 1, 1]
        let isFree = [false, false, true, true, false, true, true, false]
        let leaningTransparent = GIFFrameWriter.fewestRuns(
            wanted: wanted, isFree: isFree, transparent: 15, preferLiteral: false)
        let leaningLiteral = GIFFrameWriter.fewestRuns(
            wanted: wanted, isFree: isFree, transparent: 15, preferLiteral: true)
        for pixels in [leaningTransparent, leaningLiteral] {
            for i in wanted.indices {
                XCTAssertTrue(pixels[i] == wanted[i] || isFree[i] && pixels[i] == 15, "pixel \(i) of \(pixels)")
            }
            let changes = zip(pixels, pixels.dropFirst()).filter { $0 != $1 }.count
            XCTAssertEqual(changes, 2, "\(pixels)")
        }
        XCTAssertEqual(leaningLiteral, [1, 1, 1, 1, 2, 2, 1, 1])
    }

    func testFramePixelsChoosesTheCheapestEquivalentRendition() {
        // A frame where only a few pixels changed: every rendition must show the same picture.
        let width = 40
        let height = 10
        let base = (0..<(width * height)).map { UInt8($0 % 5) }
        var target = base
        for i in stride(from: 3, to: target.count, by: 37) { target[i] = 9 }
        let (pixels, compressed) = GIFFrameWriter.framePixels(
            wanted: target, isFree: zip(target, base).map { $0 == $1 }, transparent: 15, minimumCodeSize: 4)
        let shown = zip(pixels, base).map { $0 == 15 ? $1 : $0 }
        XCTAssertEqual(shown, target)
        XCTAssertEqual(compressed, GIFLZWEncoder.encode(pixels, minimumCodeSize: 4))
    }

    /// Renditions are coded likeliest-smallest first and stop once they cannot win; the choice must
    /// stay the one made by coding all four whole: the smallest, the earliest on a tie. Short frames
    /// with few colors tie often.
    func testFramePixelsChoosesAsCodingEveryRenditionWholeDoes() {
        var random = SeededGenerator(seed: 5)
        for trial in 0..<3000 {
            let count = Int.random(in: 1...(trial.isMultiple(of: 2) ? 30 : 3000), using: &random)
            let colors = Int.random(in: 2...40, using: &random)
            var wanted: [UInt8] = []
            var isFree: [Bool] = []
            var color: UInt8 = 0
            for _ in 0..<count {
                if Int.random(in: 0..<5, using: &random) == 0 {
                    color = UInt8(Int.random(in: 0..<colors, using: &random))
                }
                wanted.append(color)
                isFree.append(Int.random(in: 0..<(trial % 3 + 2), using: &random) != 0)
            }
            let transparent = UInt8(colors)
            let codeSize = GIFLZWEncoder.minimumCodeSize(forLargestIndex: transparent)
            let renditions = [
                zip(wanted, isFree).map { $1 ? transparent : $0 }, wanted,
                GIFFrameWriter.fewestRuns(
                    wanted: wanted, isFree: isFree, transparent: transparent, preferLiteral: false),
                GIFFrameWriter.fewestRuns(
                    wanted: wanted, isFree: isFree, transparent: transparent, preferLiteral: true),
            ]
            let coded = renditions.map { ($0, GIFLZWEncoder.encode($0, minimumCodeSize: codeSize)) }
            let expected = coded.min { $0.1.count < $1.1.count }!
            let chosen = GIFFrameWriter.framePixels(
                wanted: wanted, isFree: isFree, transparent: transparent, minimumCodeSize: codeSize)
            guard chosen.pixels == expected.0, chosen.compressed == expected.1 else {
                return XCTFail("trial \(trial): sizes \(coded.map(\.1.count)), chose \(chosen.compressed.count) bytes")
            }
        }
    }

    func testCodingStopsOnlyOnceTheLimitIsPassed() {
        let pixels = (0..<5000).map { UInt8($0 * 7 % 13) }
        let whole = GIFLZWEncoder.encode(pixels, minimumCodeSize: 4)
        XCTAssertEqual(GIFLZWEncoder.encode(pixels, minimumCodeSize: 4, unlessLongerThan: whole.count), whole)
        XCTAssertNil(GIFLZWEncoder.encode(pixels, minimumCodeSize: 4, unlessLongerThan: whole.count - 1))
        XCTAssertNil(GIFLZWEncoder.encode(pixels, minimumCodeSize: 4, unlessLongerThan: 10))
    }
}

/// A tiny deterministic byte generator for test inputs.
private struct SystemIndependentNoise {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt8 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 56)
    }
}
