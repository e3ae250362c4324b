import Foundation
import XCTest

@testable import KinetypeCore

/// Reports read back for a merge are untrusted input: strict JSON, numbers within their ranges,
/// every problem a sentence at its line, column and JSON path (issue #39).
final class ReportDecoderTests: XCTestCase {
    private struct Report: Decodable, Equatable {
        var name: String
        var items: [Item]
        var done: Bool?
    }

    private struct Item: Decodable, Equatable {
        enum Kind: String, Decodable { case good, bad }
        var count: Int
        var seconds: Double?
        var kind: Kind
    }

    private static let ranges = [
        NumberRange(["items[].count"], .between, 1, 100, whole: true, meaning: "count", reason: "test"),
        NumberRange(["items[].seconds"], .between, 0, 60, meaning: "seconds", reason: "test"),
    ]

    private func decode(_ text: String) throws -> Report {
        try ReportDecoder(fileName: "r.json", expected: "a test report", ranges: Self.ranges)
            .decode(Report.self, from: Data(text.utf8)).value
    }

    /// The one diagnostic `text` fails with, as the terminal prints it.
    private func problem(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try decode(text)
            XCTFail("decoded: \(text)", file: file, line: line)
            return nil
        } catch let list as DiagnosticList {
            XCTAssertEqual(list.diagnostics.count, 1, file: file, line: line)
            XCTAssertEqual(DiagnosticList.exitStatus(for: list), .invalidInput, file: file, line: line)
            return list.diagnostics.first?.description
        } catch {
            XCTFail("an untyped error: \(error)", file: file, line: line)
            return nil
        }
    }

    func testAGoodReportDecodes() throws {
        let report = try decode(
            #"{"name": "x", "items": [{"count": 3, "kind": "good", "seconds": 1.5}, {"count": 1e1, "kind": "bad"}]}"#)
        XCTAssertEqual(report.items.map(\.count), [3, 10])
        XCTAssertEqual(report.items.map(\.seconds), [1.5, nil])
        XCTAssertNil(report.done)
    }

    func testNumbersOutsideTheirRangeArePositionedErrors() {
        let items = #"{"name": "x", "items": [{"count": 3, "kind": "good"},"#
        XCTAssertEqual(
            problem(items + "\n" + #" {"count": 3, "kind": "good", "seconds": 1e308}]}"#),
            "r.json:2:42: items[1].seconds: must be between 0 and 60, found 1e+308")
        XCTAssertEqual(
            problem(items + #" {"count": 0, "kind": "good"}]}"#),
            "r.json:1:65: items[1].count: must be between 1 and 100, found 0")
        XCTAssertEqual(
            problem(items + #" {"count": 3.5, "kind": "good"}]}"#),
            "r.json:1:65: items[1].count: expected a whole number, found 3.5")
        XCTAssertEqual(
            problem(items + #" {"count": 1e20, "kind": "good"}]}"#),
            "r.json:1:65: items[1].count: must be between 1 and 100, found 1e+20")
        XCTAssertEqual(
            problem(items + #" {"count": 3, "kind": "good", "seconds": 1e400}]}"#)?.contains("r.json:1:"), true,
            "a number past Double's range is the parser's error")
    }

    func testWrongTypesMissingKeysAndUnknownValuesArePositionedErrors() {
        XCTAssertEqual(
            problem(#"{"name": "x", "items": [{"count": "3", "kind": "good"}]}"#),
            "r.json:1:35: items[0].count: expected a whole number, found a string")
        XCTAssertEqual(
            problem(#"{"name": "x", "items": [{"count": 3, "kind": "ugly"}]}"#),
            "r.json:1:46: items[0].kind: unknown value \"ugly\"")
        XCTAssertEqual(
            problem(#"{"name": "x", "items": [{"kind": "good"}]}"#),
            "r.json:1:25: items[0]: missing required key \"count\"")
        XCTAssertEqual(
            problem(#"{"name": "x", "items": {}}"#), "r.json:1:24: items: expected an array, found an object")
        XCTAssertEqual(
            problem(#"[{"name": "x"}]"#), "r.json:1:1: r.json is not a test report: expected an object, found an array")
        XCTAssertEqual(
            problem(#"{"items": []}"#), "r.json:1:1: r.json is not a test report: missing required key \"name\"")
        XCTAssertEqual(problem(#"{"name": "x", "name": "y", "items": []}"#)?.hasPrefix("r.json:1:15:"), true)
        XCTAssertEqual(problem(#"{"name": "x", "items": [}"#)?.hasPrefix("r.json:1:"), true)
    }

    func testAMessageEchoesAValueCutShort() throws {
        let long = String(repeating: "q", count: 100_000)
        let text = try XCTUnwrap(problem(#"{"name": "x", "items": [{"count": 3, "kind": "\#(long)"}]}"#))
        XCTAssertLessThan(text.count, 200, text)
    }

    /// Every range is finite and ordered, every key listed once, and the report-ranges table of
    /// docs/limits-and-safety.md is generated from them (KINETYPE_UPDATE_README=1 rewrites it).
    func testReportRangesAreBoundedAndInTheManual() throws {
        for range in ReportRanges.all {
            XCTAssertTrue(range.minimum.isFinite && range.maximum.isFinite, "\(range.keys)")
            XCTAssertLessThan(range.minimum, range.maximum, "\(range.keys)")
            // Seconds are rounded to the microsecond when a merge writes them back.
            XCTAssertTrue((range.maximum * 1_000_000).isFinite)
        }
        let keys = ReportRanges.all.flatMap(\.keys)
        XCTAssertEqual(keys.count, Set(keys).count, "a key is listed twice")
        try ReadmeSection.assertEqual("report-ranges", to: ReportRanges.markdownTable, source: "ReportRanges")
    }
}
