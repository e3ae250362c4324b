import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeEncode

/// The comparator against pixelmatch v7.1.0's own fixtures: the 11 comparisons of its test suite,
/// with the counts pixelmatch gives, read from `shared/pixelmatch-fixtures/cases.json` beside the
/// repository (or `KINETYPE_PIXELMATCH_FIXTURES`).
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
        let folder = try XCTUnwrap(
            PixelmatchFixtures.folder,
            "pixelmatch's fixtures are not here: \(PixelmatchFixtures.searched.joined(separator: ", ")) hold no cases.json"
        )
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

/// Where pixelmatch's fixtures are: `KINETYPE_PIXELMATCH_FIXTURES`, else `shared/pixelmatch-fixtures`
/// beside this repository, else beside the repository it was cloned from (a CI clone of a local checkout).
enum PixelmatchFixtures {
    static let searched: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var candidates: [String] = []
        if let given = ProcessInfo.processInfo.environment["KINETYPE_PIXELMATCH_FIXTURES"] { candidates.append(given) }
        candidates.append(root.deletingLastPathComponent().appendingPathComponent("shared/pixelmatch-fixtures").path)
        if let origin = originPath(of: root) {
            candidates.append(
                URL(fileURLWithPath: origin).deletingLastPathComponent().appendingPathComponent(
                    "shared/pixelmatch-fixtures"
                ).path)
        }
        return candidates
    }()

    static let folder: URL? = searched.map(URL.init(fileURLWithPath:)).first {
        FileManager.default.fileExists(atPath: $0.appendingPathComponent("cases.json").path)
    }

    /// The local path the repository at `root` was cloned from, if it was cloned from a folder.
    private static func originPath(of root: URL) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", root.path, "remote", "get-url", "origin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let path = String(data: output, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
            path.hasPrefix("/")
        else { return nil }
        return path
    }
}
