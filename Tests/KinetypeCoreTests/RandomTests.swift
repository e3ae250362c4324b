import XCTest

@testable import KinetypeCore

final class RandomTests: XCTestCase {
    func testSplitMix64KnownSequence() {
        // Reference values of SplitMix64 (Vigna's splitmix64.c) for seed 0.
        var generator = SplitMix64(seed: 0)
        XCTAssertEqual(generator.next(), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(generator.next(), 0x6E78_9E6A_A1B9_65F4)
        XCTAssertEqual(generator.next(), 0x06C4_5D18_8009_454F)
    }

    func testUnitValuesAndRanges() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<10_000 {
            let unit = generator.nextUnit()
            XCTAssertTrue(unit >= 0 && unit < 1)
            let value = generator.next(in: 0.03...0.12)
            XCTAssertTrue((0.03...0.12).contains(value))
        }
    }

    func testFNV1aKnownValues() {
        XCTAssertEqual(FNV1a.hash(""), 0xCBF2_9CE4_8422_2325)
        XCTAssertEqual(FNV1a.hash("a"), 0xAF63_DC4C_8601_EC8C)
        XCTAssertEqual(FNV1a.hash("foobar"), 0x8594_4171_F739_67E8)
    }
}
