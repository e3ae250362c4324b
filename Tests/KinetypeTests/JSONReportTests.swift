import Foundation
import XCTest

@testable import Kinetype

/// `JSONReport` encodes a batch report's outcomes one at a time; its bytes must be those
/// `JSONEncoder` gives for the whole report, which earlier kinetypes wrote and merges read.
final class JSONReportTests: XCTestCase {
    private func wholeReportBytes<Report: Encodable>(_ report: Report) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(report)
    }

    private func outcome(_ entry: Int, _ status: BatchOutcome.Status) -> BatchOutcome {
        BatchOutcome(
            entry: entry, name: "card-\(entry)", scale: entry % 2 == 0 ? 1 : 2.5, output: "/out/card-\(entry).gif",
            status: status)
    }

    func testABatchReportHasTheBytesOfTheWholeReportEncodedAtOnce() throws {
        var rendered = outcome(0, .rendered)
        rendered.frames = 61
        rendered.bytes = 12_345
        rendered.seconds = 0.012_345_678
        rendered.altText = "Ünïcødé \"quoted\" / slashed\nnew line \u{1} and\ttab"
        rendered.poster = "/out/card-0-poster.png"
        rendered.fallbacks = ["/out/card-0.webp", "/out/card-0.gif"]
        rendered.locale = "pt-BR"
        rendered.budget = "quality 60, 15 fps"
        var failed = outcome(1, .failed)
        failed.error = "kinetype: error: line 1\n  hint: { \"outcomes\" : \"\u{0}kinetype-list\u{0}\" }"
        let unchanged = outcome(2, .unchanged)
        var reports: [BatchReport] = []
        for outcomes in [[], [unchanged], [rendered, failed, unchanged]] {
            var report = BatchReport(
                template: "card.json", data: "data.json", shard: nil, outcomes: outcomes, planned: outcomes.count + 1)
            reports.append(report)
            report.shard = "2/3"
            report.interrupted = true
            report.warnings = [Diagnostic(.warning, message: "data key \"x\" fills no placeholder", hint: "a hint")]
            reports.append(report)
        }
        for report in reports {
            let written = try JSONReport.data(of: report)
            XCTAssertEqual(
                String(decoding: written, as: UTF8.self), String(decoding: try wholeReportBytes(report), as: UTF8.self))
        }
    }

    /// `writeIfChanged` writes the report's bytes as they are encoded, a buffer at a time: the
    /// file holds the whole report's bytes, and a second write of the same report leaves it alone.
    func testAWrittenReportHasTheBytesOfTheWholeReport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-report-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.json")
        // Longer than the writer's buffer.
        let outcomes = (0..<3000).map { outcome($0, $0 % 3 == 0 ? .rendered : .unchanged) }
        let report = BatchReport(
            template: "card.json", data: "data.json", shard: nil, outcomes: outcomes, planned: 3000)
        XCTAssertTrue(try JSONReport.writeIfChanged(report, to: file))
        XCTAssertEqual(try Data(contentsOf: file), try wholeReportBytes(report))
        let old = Date(timeIntervalSinceReferenceDate: 0)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file.path)
        XCTAssertFalse(try JSONReport.writeIfChanged(report, to: file))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date, old)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["report.json"])
    }

    func testAReportWithoutAListIsEncodedAsItIs() throws {
        struct Plain: Encodable {
            var name = "a/b"
            var values = [1, 2]
            var nothing: [String] = []
        }
        XCTAssertEqual(try JSONReport.data(of: Plain()), try wholeReportBytes(Plain()))
    }

    func testAListBelowTheTopLevelIsEncodedWithTheWholeReport() throws {
        struct Nested: Encodable {
            var report: BatchReport
        }
        let report = BatchReport(
            template: "t.json", data: "d.json", shard: nil, outcomes: [outcome(0, .rendered), outcome(1, .failed)],
            planned: 2)
        XCTAssertEqual(try JSONReport.data(of: Nested(report: report)), try wholeReportBytes(Nested(report: report)))
    }

    /// A report that keeps only its failed outcomes (`BatchOptions.keepsOutcomes` false) is
    /// written from its spool with the bytes of the report that keeps them all; nothing else can
    /// encode it, rather than list some of its outcomes.
    func testAReportKeepingOnlyFailuresHasTheBytesOfTheWholeReport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-spool-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Longer than the report writer's buffer, with outcomes of every kind and odd text.
        let outcomes = (0..<2000).map { index -> BatchOutcome in
            var outcome = outcome(index, [.rendered, .unchanged, .failed][index % 3])
            outcome.altText = index % 7 == 0 ? "line\nbreak \"\u{0}kinetype-list\u{0}\" ü" : nil
            outcome.written = outcome.status == .rendered ? [outcome.output] : []
            outcome.kept = outcome.status == .unchanged ? [outcome.output] : []
            return outcome
        }
        let whole = BatchReport(
            template: "card.json", data: "data.json", shard: "1/2", outcomes: outcomes, planned: 2001)
        let spool = try XCTUnwrap(BatchOutcomeSpool(for: folder.appendingPathComponent("report.json")))
        var dropped = BatchOutcomeCounts()
        for outcome in outcomes {
            spool.add(outcome)
            if outcome.status != .failed { dropped.add(outcome) }
        }
        var kept = BatchReport(
            template: "card.json", data: "data.json", shard: "1/2", outcomes: outcomes.filter { $0.status == .failed },
            planned: 2001, dropped: dropped, spool: spool)
        kept.interrupted = true
        var wholeInterrupted = whole
        wholeInterrupted.interrupted = true
        XCTAssertEqual(
            [kept.finished, kept.rendered, kept.unchanged, kept.failed, kept.filesWritten, kept.filesKept],
            [2000, 667, 667, 666, 667, 667])
        XCTAssertEqual(try JSONReport.data(of: kept), try wholeReportBytes(wholeInterrupted))
        let file = folder.appendingPathComponent("report.json")
        XCTAssertTrue(try JSONReport.writeIfChanged(kept, to: file))
        XCTAssertEqual(try Data(contentsOf: file), try wholeReportBytes(wholeInterrupted))
        // The spool has no name: the folder holds only the report.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["report.json"])

        XCTAssertThrowsError(try wholeReportBytes(kept), "another encoder cannot list the spooled outcomes")
        kept.spool = nil
        XCTAssertThrowsError(try JSONReport.data(of: kept), "without its spool, the report cannot list them all")
    }
}
