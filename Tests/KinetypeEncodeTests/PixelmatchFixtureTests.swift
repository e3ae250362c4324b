import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeEncode

/// The comparator against pixelmatch v7.1.0's own fixtures: the 11 comparisons of its test suite,
/// with the counts pixelmatch gives, from `Fixtures/pixelmatch/` (pixelmatch's images, ISC, and
/// `cases.json` with the counts of its test.js).
final class PixelmatchFixtureTests: XCTestCase {
    private struct Cases: Decodable {
        var cases: [Case]
    }

    private struct Case: Decodable {
        var a: String
        var b: String
        var threshold: Double?
        var expected: Int
    }

    func testEveryFixtureComparisonCountsWhatPixelmatchCounts() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/pixelmatch")
        let cases = try JSONDecoder().decode(
            Cases.self, from: Data(contentsOf: folder.appendingPathComponent("cases.json"))
        )
        .cases
        XCTAssertEqual(cases.count, 11)
        var table: [String] = []
        for fixture in cases {
            let a = try PNGCodec.read(contentsOf: folder.appendingPathComponent(fixture.a))
            let b = try PNGCodec.read(contentsOf: folder.appendingPathComponent(fixture.b))
            var options = ComparisonOptions()
            if let threshold = fixture.threshold { options.threshold = threshold }
            let comparison = PerceptualComparison.compare(expected: a, actual: b, options: options)
            table.append(
                "\(fixture.a) \(fixture.b) \(options.threshold): \(comparison.changedPixels) (\(fixture.expected))")
            XCTAssertEqual(
                comparison.changedPixels, fixture.expected,
                "\(fixture.a) against \(fixture.b) at threshold \(options.threshold)")
        }
        print(table.joined(separator: "\n"))
    }

    func testAlphaAloneIsAChange() {
        let transparent = Image(width: 8, height: 8)
        let white = Image(width: 8, height: 8, fill: (255, 255, 255, 255))
        let comparison = PerceptualComparison.compare(expected: transparent, actual: white)
        XCTAssertFalse(comparison.passed)
        XCTAssertEqual(comparison.changedPixels, 64, "transparent turned opaque white")

        let faint = Image(width: 8, height: 8, fill: (30, 120, 220, 89))
        let strong = Image(width: 8, height: 8, fill: (30, 120, 220, 230))
        let opacity = PerceptualComparison.compare(expected: faint, actual: strong)
        XCTAssertEqual(opacity.changedPixels, 64, "opacity 0.35 became 0.9")
    }
}
