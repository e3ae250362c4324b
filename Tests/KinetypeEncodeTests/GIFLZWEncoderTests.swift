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

    func testCodesExactlyAsThePlainAlgorithm() {
        // Runs of one index of every length (which the encoder takes in one step along the run
        // strings), runs of a few indices, noise that fills the table and clears it, short and
        // long inputs, every code size, one scratch for them all as a worker keeps it.
        let scratch = GIFLZWScratch()
        var generator = SystemIndependentNoise(seed: 2024)
        for round in 0..<60 {
            let codeSize = 2 + round % 7
            let mask = UInt8((1 << codeSize) - 1)
            let target = [1, 7, 300, 5_000, 40_000, 120_000][round % 6]
            var pixels: [UInt8] = []
            while pixels.count < target {
                let value = generator.next() & mask
                switch generator.next() % 4 {
                case 0:
                    pixels += [UInt8](repeating: value, count: Int(generator.next()) * Int(generator.next() & 15) + 1)
                case 1: pixels += (0..<Int(generator.next())).map { _ in generator.next() & mask & 3 }
                case 2: pixels += (0..<Int(generator.next() & 63)).map { _ in generator.next() & mask }
                default: pixels += [UInt8](repeating: value, count: Int(generator.next() & 7) + 1)
                }
            }
            pixels = Array(pixels.prefix(target))
            XCTAssertEqual(
                GIFLZWEncoder.encode(pixels, minimumCodeSize: codeSize, scratch: scratch),
                PlainLZW.encode(pixels, minimumCodeSize: codeSize),
                "round \(round): \(target) pixels, code size \(codeSize)")
        }
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
        let leaningTransparent = GIFFrameWriterCore.fewestRuns(
            wanted: wanted, isFree: isFree, transparent: 15, preferLiteral: false)
        let leaningLiteral = GIFFrameWriterCore.fewestRuns(
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

    /// Both leanings come from one pass; each must be the path the plain two-state dynamic
    /// programme takes for its leaning, ties included.
    func testFewestRunsOfBothLeaningsInOnePassAreThoseOfEachLeaningAlone() {
        var random = SeededGenerator(seed: 11)
        for trial in 0..<2000 {
            let count = Int.random(in: 1...(trial.isMultiple(of: 2) ? 12 : 400), using: &random)
            let colors = Int.random(in: 1...6, using: &random)
            let wanted = (0..<count).map { _ in UInt8(Int.random(in: 0..<colors, using: &random)) }
            let isFree = (0..<count).map { _ in Int.random(in: 0..<(trial % 4 + 2), using: &random) != 0 }
            let transparent = UInt8(Int.random(in: 0...colors, using: &random))
            let both = GIFFrameWriterCore.fewestRuns(wanted: wanted, isFree: isFree, transparent: transparent)
            for preferLiteral in [false, true] {
                let expected = referenceFewestRuns(
                    wanted: wanted, isFree: isFree, transparent: transparent, preferLiteral: preferLiteral)
                guard (preferLiteral ? both.leaningLiteral : both.leaningTransparent) == expected else {
                    return XCTFail("trial \(trial), leaning \(preferLiteral ? "literal" : "transparent")")
                }
            }
        }
    }

    /// The fewest-runs rendition as one dynamic programme per leaning (option 0 is the preferred
    /// one on ties), as the encoder computed it before both leanings shared a pass.
    private func referenceFewestRuns(wanted: [UInt8], isFree: [Bool], transparent: UInt8, preferLiteral: Bool)
        -> [UInt8]
    {
        func options(_ i: Int) -> (UInt8, UInt8) {
            guard isFree[i] else { return (wanted[i], wanted[i]) }
            return preferLiteral ? (wanted[i], transparent) : (transparent, wanted[i])
        }
        var from = [UInt8](repeating: 0, count: wanted.count)
        var cost0 = 0
        var cost1 = 0
        var (previous0, previous1) = options(0)
        for i in wanted.indices.dropFirst() {
            let (option0, option1) = options(i)
            let via00 = cost0 + (previous0 == option0 ? 0 : 1)
            let via10 = cost1 + (previous1 == option0 ? 0 : 1)
            let via01 = cost0 + (previous0 == option1 ? 0 : 1)
            let via11 = cost1 + (previous1 == option1 ? 0 : 1)
            from[i] = (via00 <= via10 ? 0 : 1) | (via01 <= via11 ? 0 : 2)
            (cost0, cost1) = (min(via00, via10), min(via01, via11))
            (previous0, previous1) = (option0, option1)
        }
        var pixels = wanted
        var choice: UInt8 = cost0 <= cost1 ? 0 : 1
        for i in wanted.indices.reversed() {
            let (option0, option1) = options(i)
            pixels[i] = choice == 0 ? option0 : option1
            choice = (from[i] >> choice) & 1
        }
        return pixels
    }

    func testFramePixelsChoosesTheCheapestEquivalentRendition() {
        // A frame where only a few pixels changed: every rendition must show the same picture.
        let width = 40
        let height = 10
        let base = (0..<(width * height)).map { UInt8($0 % 5) }
        var target = base
        for i in stride(from: 3, to: target.count, by: 37) { target[i] = 9 }
        let (pixels, compressed, _) = GIFFrameWriterCore.framePixels(
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
                GIFFrameWriterCore.fewestRuns(
                    wanted: wanted, isFree: isFree, transparent: transparent, preferLiteral: false),
                GIFFrameWriterCore.fewestRuns(
                    wanted: wanted, isFree: isFree, transparent: transparent, preferLiteral: true),
            ]
            let coded = renditions.map { ($0, GIFLZWEncoder.encode($0, minimumCodeSize: codeSize)) }
            let expected = coded.min { $0.1.count < $1.1.count }!
            let chosen = GIFFrameWriterCore.framePixels(
                wanted: wanted, isFree: isFree, transparent: transparent, minimumCodeSize: codeSize)
            guard chosen.pixels == expected.0, chosen.compressed == expected.1 else {
                return XCTFail("trial \(trial): sizes \(coded.map(\.1.count)), chose \(chosen.compressed.count) bytes")
            }
        }
    }

    /// A rendition chosen at the palette's code size is rewritten at the frame's own from its
    /// codes: it must be what coding the pixels there gives, renamed transparent index included.
    func testRecodingAtASmallerCodeSizeIsCodingThere() {
        var random = SeededGenerator(seed: 9)
        var recoded = 0
        for trial in 0..<400 {
            let codedSize = Int.random(in: 3...8, using: &random)
            let minimumCodeSize = Int.random(in: 2...codedSize, using: &random)
            let alphabet = 1 << minimumCodeSize
            let count = Int.random(in: 0...(trial.isMultiple(of: 4) ? 40_000 : 3000), using: &random)
            // Index `alphabet - 1` stands for the palette's transparent one, renamed to a free index.
            let transparent = UInt8(alphabet - 1)
            let renamed = UInt8(Int.random(in: 0..<alphabet, using: &random))
            var pixels: [UInt8] = []
            var color = transparent
            for _ in 0..<count {
                if Int.random(in: 0..<4, using: &random) == 0 {
                    // Never the free index the transparent one is renamed to.
                    color = UInt8(Int.random(in: 0..<alphabet, using: &random))
                    if color == renamed && renamed != transparent { color = transparent }
                }
                pixels.append(color)
            }
            let scratch = GIFLZWScratch()
            _ = GIFLZWEncoder.encode(pixels, minimumCodeSize: codedSize, scratch: scratch)
            guard let codes = GIFLZWEncoder.recordedCodes(in: scratch) else { continue }
            let renaming = renamed == transparent ? nil : (from: transparent, to: renamed)
            let expected = GIFLZWEncoder.encode(
                pixels.map { $0 == transparent ? renamed : $0 }, minimumCodeSize: minimumCodeSize)
            XCTAssertEqual(
                GIFLZWEncoder.recode(
                    codes, codedSize: codedSize, minimumCodeSize: minimumCodeSize, renaming: renaming),
                expected, "trial \(trial): \(count) pixels, code size \(codedSize) to \(minimumCodeSize)")
            recoded += 1
        }
        XCTAssertGreaterThan(recoded, 200, "most trials fit a table that never fills")
    }

    /// A table that fills may be cleared, which depends on the code size: no codes to recode from.
    func testAnEncodeWhoseTableFilledRecordsNoCodes() {
        var generator = SystemIndependentNoise(seed: 4)
        let pixels = (0..<60_000).map { _ in generator.next() & 0x3F }
        let scratch = GIFLZWScratch()
        _ = GIFLZWEncoder.encode(pixels, minimumCodeSize: 8, scratch: scratch)
        XCTAssertNil(GIFLZWEncoder.recordedCodes(in: scratch))
        _ = GIFLZWEncoder.encode(Array(pixels.prefix(50)), minimumCodeSize: 8, scratch: scratch)
        XCTAssertNotNil(GIFLZWEncoder.recordedCodes(in: scratch))
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
