import Foundation
import Kinetype
import KinetypeCore

/// The report-merge target: bytes → shard reports (the input split at the record separator 0x1E,
/// as in JSON text sequences, RFC 7464; at most 8) → `BatchReportMerge.merge` and
/// `VerifyReportMerge.merge` → the merged report encoded as `--report` writes it and the review
/// page as `verify-report merge --html` writes it. Every error must be a `DiagnosticList` of
/// bounded messages; it traps (a finding) when a merged report does not encode, or the page
/// inlines anything but the one PNG inside the shard's artifacts folder.
///
/// The reports lie in a shard's download made once per process (`ReportMergeFixture`), holding
/// that PNG and, around it, what a report must never reach: another PNG beside the folder, a link
/// to it, a FIFO, a text file.
public enum ReportMergeHarness {
    /// At most this many reports per input, so one execution stays fast.
    static let maxReports = 8
    /// The longest message a merge may print about an input (values are cut at 60 characters).
    static let maxMessage = 4096

    /// Runs one input. Returns how many of the two merges accepted it (for tests).
    @discardableResult
    public static func run(_ data: Data) -> Int {
        guard let fixture = ReportMergeFixture.shared else { return 0 }
        let reports = data.split(separator: 0x1E, omittingEmptySubsequences: false).prefix(maxReports)
            .enumerated().map { (path: fixture.reportPath($0.offset), bytes: Data($0.element)) }
        var accepted = 0
        if let merged = expectDiagnostics({ try BatchReportMerge.merge(reports.map { ($0.path, $0.bytes) }) }) {
            accepted += 1
            encode(merged.report)
            merged.gaps.forEach(checkLength)
        }
        if let merged = expectDiagnostics({
            try VerifyReportMerge.merge(reports.map { VerifyReportMerge.Input(path: $0.path, bytes: $0.bytes) })
        }) {
            accepted += 1
            encode(merged.report)
            (merged.gaps + merged.warnings).forEach(checkLength)
            for image in merged.images.values {
                precondition(image.folder.hasPrefix(fixture.shard.path), "an image outside the shard: \(image.path)")
            }
            var page = VerifyHTMLReport(report: merged.report)
            page.images = .found(merged.images)
            let html = page.html(pageURL: fixture.folder.appendingPathComponent("all.html"))
            for payload in html.components(separatedBy: "data:image/png;base64,").dropFirst() {
                let bytes = Data(base64Encoded: String(payload.prefix { $0 != "\"" }))
                precondition(bytes == fixture.inside, "the page inlines bytes other than the shard's own PNG")
            }
        }
        return accepted
    }

    /// The merge's result, or nil when it threw a `DiagnosticList` of bounded messages; any other
    /// error traps.
    static func expectDiagnostics<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch let list as DiagnosticList {
            precondition(list.diagnostics.count <= Diagnostic.maximumReported + 1, "unbounded diagnostics")
            list.diagnostics.forEach(checkLength)
        } catch {
            preconditionFailure("an untyped error: \(error)")
        }
        return nil
    }

    static func checkLength(_ diagnostic: Diagnostic) {
        precondition(diagnostic.description.utf8.count <= maxMessage, "a message of \(diagnostic.description.count)")
    }

    /// Encodes `report` as `--report` writes it: a merge must never produce what cannot be written.
    static func encode<Report: Encodable>(_ report: Report) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            _ = try encoder.encode(report)
        } catch {
            preconditionFailure("the merged report does not encode: \(error)")
        }
    }
}

/// A shard's download in a temporary folder: `shard/report-N.json` (never written: the input is
/// their bytes) beside `shard/failures/card/frame_0001.diff.png`, the only image a merge may show
/// (`Fuzz/Inputs/image.png`); and what it must not: `secret.png` beside the shard, a link to it
/// as `failures/card/frame_0002.diff.png`, a FIFO as `frame_0003.diff.png`, a text file as
/// `frame_0004.diff.png`, and `failures/up`, a link to the folder above.
public struct ReportMergeFixture: Sendable {
    public let folder: URL
    public let shard: URL
    public let inside: Data

    /// Made once per process; the main suite's tests make their own with `make(in:)`.
    public static let shared: ReportMergeFixture? = {
        // Removed when libFuzzer exits after its runs (a crash leaves it, a few kilobytes, for reproducing).
        atexit { try? FileManager.default.removeItem(at: ReportMergeFixture.processFolder) }
        return try? make(in: processFolder)
    }()

    static var processFolder: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-fuzz-report-merge-\(getpid())")
    }

    public static func make(in folder: URL) throws -> ReportMergeFixture {
        let shard = folder.appendingPathComponent("shard")
        let card = shard.appendingPathComponent("failures/card")
        try FileManager.default.createDirectory(at: card, withIntermediateDirectories: true)
        let inside = try Data(contentsOf: FuzzInputs.folder.appendingPathComponent("image.png"))
        try inside.write(to: card.appendingPathComponent("frame_0001.diff.png"))
        var secret = inside
        secret.append(contentsOf: Array("secret".utf8))
        try secret.write(to: folder.appendingPathComponent("secret.png"))
        let links = [
            (card.appendingPathComponent("frame_0002.diff.png"), folder.appendingPathComponent("secret.png").path),
            (shard.appendingPathComponent("failures/up"), folder.path),
        ]
        for (link, target) in links where (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil
        {
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target)
        }
        mkfifo(card.appendingPathComponent("frame_0003.diff.png").path, 0o600)
        try Data("TOKEN=not-a-png".utf8).write(to: card.appendingPathComponent("frame_0004.diff.png"))
        return ReportMergeFixture(folder: folder, shard: shard, inside: inside)
    }

    func reportPath(_ index: Int) -> String { shard.appendingPathComponent("report-\(index).json").path }
}
