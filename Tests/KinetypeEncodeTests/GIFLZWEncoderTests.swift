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

    func testFewestRunsKeepsFixedPixelsAndMinimizesChanges() {
        // Free pixels between two literal runs of 1: making them literal joins the runs.
        let wanted: [UInt8] = [1, 1, 1, 1, 2, 2, 1, 1]
        let isFree = [false, false, true, true, false, true, true, false]
        let leaningTransparent = GIFEncoder.fewestRuns(wanted: wanted, isFree: isFree, transparent: 15, preferLiteral: false)
        let leaningLiteral = GIFEncoder.fewestRuns(wanted: wanted, isFree: isFree, transparent: 15, preferLiteral: true)
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
        let width = 40, height = 10
        let base = (0..<(width * height)).map { UInt8($0 % 5) }
        var target = base
        for i in stride(from: 3, to: target.count, by: 37) { target[i] = 9 }
        let rect = GIFRect(x: 0, y: 0, width: width, height: height)
        let pixels = GIFEncoder.framePixels(target: target, base: base, rect: rect, width: width, transparent: 15,
                                            minimumCodeSize: 4)
        let shown = zip(pixels, base).map { $0 == 15 ? $1 : $0 }
        XCTAssertEqual(shown, target)
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
