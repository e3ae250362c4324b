import Foundation

/// Merges the `--report` files of a sharded batch (`--shard I/N` on several machines) into the
/// report one unsharded run would have written.
public enum BatchReportMerge {
    /// The merged report, and warnings (shards that are missing).
    /// - Parameter reports: each report's name (for messages) and bytes.
    /// - Throws: a `DiagnosticList` when a report is not a batch report, the reports are of
    ///   different batches, a shard appears twice, or two reports hold the same output.
    public static func merge(_ reports: [(name: String, bytes: Data)]) throws -> (
        report: BatchReport, warnings: [Diagnostic]
    ) {
        let decoded = try reports.map { report in (name: report.name, stored: try decode(report)) }
        guard let first = decoded.first else {
            throw Diagnostic(kind: .usage, message: "there are no reports to merge").fail()
        }
        for other in decoded.dropFirst()
        where other.stored.template != first.stored.template || other.stored.data != first.stored.data {
            throw Diagnostic(
                message: "\(other.name) is a report of \(other.stored.template) with \(other.stored.data), but "
                    + "\(first.name) is of \(first.stored.template) with \(first.stored.data); merge reports of one batch"
            ).fail()
        }
        let shards = try ShardCoverage.check(decoded.map { ($0.name, $0.stored.shard) }, of: "batch")
        // An output (its path) belongs to one shard; an entry's outputs (appearances, scales) to
        // the same one, in the order its report lists them, which is the unsharded run's.
        var seen: [String: String] = [:]
        var outcomes: [(outcome: BatchOutcome, place: Int)] = []
        for (name, stored) in decoded {
            for (place, outcome) in stored.outcomes.enumerated() {
                if let earlier = seen[outcome.output] {
                    throw Diagnostic(
                        message:
                            "\(outcome.output) (entry \(outcome.entry) at scale \(format(outcome.scale))) is in both "
                            + "\(earlier) and \(name); each output belongs to one shard"
                    ).fail()
                }
                seen[outcome.output] = name
                outcomes.append((outcome.outcome, place))
            }
        }
        let merged = outcomes.sorted { ($0.outcome.entry, $0.place) < ($1.outcome.entry, $1.place) }.map(\.outcome)
        var report = BatchReport(
            template: first.stored.template, data: first.stored.data, shard: shards.label, outcomes: merged,
            planned: merged.count)
        report.interrupted = decoded.contains { $0.stored.interrupted == true }
        report.warnings = decoded.flatMap { $0.stored.warnings ?? [] }.map { Diagnostic(.warning, message: $0) }
        return (report, shards.warnings)
    }

    private static func decode(_ report: (name: String, bytes: Data)) throws -> StoredReport {
        do {
            return try JSONDecoder().decode(StoredReport.self, from: report.bytes)
        } catch {
            throw Diagnostic(
                file: report.name,
                message:
                    "\(report.name) is not a kinetype batch report (written by batch --report): \(ReportDecoding.reason(error))"
            ).fail()
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// A batch report as `--report` writes it (entries counted from 1).
    private struct StoredReport: Decodable {
        var template: String
        var data: String
        var shard: String?
        var outcomes: [StoredOutcome]
        var interrupted: Bool?
        var warnings: [String]?
    }

    private struct StoredOutcome: Decodable {
        var entry: Int
        var name: String
        var scale: Double
        var output: String
        var poster: String?
        var haptics: String?
        var status: BatchOutcome.Status
        var frames: Int?
        var bytes: Int?
        var seconds: Double?
        var error: String?

        var outcome: BatchOutcome {
            BatchOutcome(
                entry: entry - 1, name: name, scale: scale, output: output, poster: poster, haptics: haptics,
                status: status,
                frames: frames,
                bytes: bytes,
                seconds: seconds, error: error)
        }
    }
}
