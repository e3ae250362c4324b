import Foundation

/// Merges the `--report` files of a sharded batch (`--shard I/N` on several machines) into the
/// report one unsharded run would have written.
///
/// Reports come from other machines, so each is read as untrusted input (`ReportDecoder`: strict
/// JSON, every number within its `ReportRanges` range, positioned errors), and a merge that is
/// not the whole batch (a shard missing, or interrupted) says so in `gaps`.
public enum BatchReportMerge {
    /// What a merge gives.
    public struct Merged {
        public var report: BatchReport
        /// Why the merged report is not the whole batch: shards that are missing, shards that were
        /// interrupted. Errors (`batch-report merge` exits 1) unless partial batches are accepted.
        public var gaps: [Diagnostic]
    }

    /// What a batch report is, for messages about a file that is not one.
    static let expected = "a kinetype batch report (written by batch \(CommandLineOption.report.flag))"

    /// The merged report, and what it lacks.
    /// - Parameter reports: each report's name (for messages) and bytes.
    /// - Throws: a `DiagnosticList` when a report is not a batch report (at its line, column and
    ///   JSON path: a number out of its range, a shard that is not `I/N`), the reports are of
    ///   different batches, a shard appears twice, or two reports hold the same output.
    public static func merge(_ reports: [(name: String, bytes: Data)]) throws -> Merged {
        var decoded: [(name: String, stored: StoredReport)] = []
        var claims: [ShardCoverage.Claim] = []
        var gaps: [Diagnostic] = []
        for report in reports {
            let document = try ReportDecoder(fileName: report.name, expected: expected, ranges: ReportRanges.batch)
                .decode(StoredReport.self, from: report.bytes)
            let shard = try ShardCoverage.shard(document.value.shard, in: document)
            claims.append(.init(name: report.name, shard: shard, position: document.position(at: [.key("shard")])))
            if document.value.interrupted == true {
                gaps.append(ShardCoverage.interrupted(document, shard: shard, work: "batch"))
            }
            decoded.append((report.name, document.value))
        }
        guard let first = decoded.first else {
            throw Diagnostic(kind: .usage, message: "there are no reports to merge").fail()
        }
        for other in decoded.dropFirst()
        where other.stored.template != first.stored.template || other.stored.data != first.stored.data {
            throw Diagnostic(
                file: other.name,
                message: "\(other.name) is a report of \(JSONText.quotedPath(other.stored.template)) with "
                    + "\(JSONText.quotedPath(other.stored.data)), but \(first.name) is of "
                    + "\(JSONText.quotedPath(first.stored.template)) with \(JSONText.quotedPath(first.stored.data)); "
                    + "merge reports of one batch"
            ).fail()
        }
        let coverage = try ShardCoverage.check(claims, of: "batch")
        if let missing = coverage.missing { gaps.insert(missing, at: 0) }
        // An output (its path) belongs to one shard; an entry's outputs (appearances, scales) to
        // the same one, in the order its report lists them, which is the unsharded run's.
        var seen: [String: String] = [:]
        var outcomes: [(outcome: BatchOutcome, place: Int)] = []
        for (name, stored) in decoded {
            for (place, outcome) in stored.outcomes.enumerated() {
                if let earlier = seen[outcome.output] {
                    throw Diagnostic(
                        file: name,
                        message:
                            "\(JSONText.quotedPath(outcome.output)) (entry \(outcome.entry) at scale "
                            + "\(JSONText.number(outcome.scale))) is in both \(earlier) and \(name); each output "
                            + "belongs to one shard"
                    ).fail()
                }
                seen[outcome.output] = name
                outcomes.append((outcome.outcome, place))
            }
        }
        let merged = outcomes.sorted { ($0.outcome.entry, $0.place) < ($1.outcome.entry, $1.place) }.map(\.outcome)
        var report = BatchReport(
            template: first.stored.template, data: first.stored.data, shard: coverage.label, outcomes: merged,
            planned: merged.count)
        report.interrupted = decoded.contains { $0.stored.interrupted == true }
        report.warnings = decoded.flatMap { $0.stored.warnings ?? [] }.map { Diagnostic(.warning, message: $0) }
        return Merged(report: report, gaps: gaps)
    }

    /// A batch report as `--report` writes it (entries counted from 1).
    private struct StoredReport: Decodable {
        var template: String
        var data: String
        var shard: String?
        var outcomes: [StoredOutcome]
        var interrupted: Bool?
        var warnings: [String]?
        // The totals are counted again from the outcomes; read only so they are range-checked too.
        var rendered: Int?
        var unchanged: Int?
        var failed: Int?
    }

    private struct StoredOutcome: Decodable {
        var entry: Int
        var name: String
        var scale: Double
        var output: String
        var poster: String?
        var haptics: String?
        var locale: String?
        var fallbacks: [String]?
        var altText: String?
        var budget: String?
        var status: BatchOutcome.Status
        var frames: Int?
        var bytes: Int?
        var seconds: Double?
        var error: String?

        var outcome: BatchOutcome {
            var outcome = BatchOutcome(
                entry: entry - 1, name: name, scale: scale, output: output, poster: poster, haptics: haptics,
                status: status,
                frames: frames,
                bytes: bytes,
                seconds: seconds, error: error)
            outcome.locale = locale
            outcome.fallbacks = fallbacks ?? []
            outcome.altText = altText
            outcome.budget = budget
            return outcome
        }
    }
}
