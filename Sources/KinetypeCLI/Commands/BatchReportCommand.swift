import Foundation
import Kinetype

/// `kinetype batch-report merge REPORT... -o OUT`: one report from the reports of a sharded batch.
enum BatchReportCommand: Command {
    static let name = "batch-report"
    static let abstract = "Merge the --report files of a sharded batch into one report."
    static let usage = "batch-report merge REPORT... -o OUTPUT.json [--allow-partial]"
    static let discussion = """
        Each machine of a sharded batch (batch --shard I/N or --shard auto) writes its own --report.
        merge joins them into the report one unsharded run would have written: every output in entry
        order, with the totals. Reports are checked as input from elsewhere: a number out of its
        range or a shard that is not I/N (N at most 10000) is an error at its line (exit 65). It
        refuses reports of different batches, a shard given twice and an output in two reports.
        Exits 1 when a merged output failed, a shard's report is missing or a shard was interrupted
        (the merged report is still written, and says so), so a CI step can gate on the merged
        result; --allow-partial turns a missing or interrupted shard into a warning.
        """
    /// The options only `batch-report` takes.
    enum Options {
        static let allowPartial = Flag(
            .allowPartial,
            help: "Accept a batch with missing or interrupted shards: warn instead of exiting 1.")
    }

    static let options: [OptionSpec] = [ReportMerge.output.spec, Options.allowPartial.spec]
    static let groups: [OptionGroup] = [.quiet(help: "Print only problems.")]

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> ExitStatus {
        let request = try ReportMerge(arguments, command: name)
        let merged = try BatchReportMerge.merge(request.reports.map { (name: $0.path, bytes: $0.bytes) })
        try JSONReport.write(merged.report, to: URL(fileURLWithPath: request.output))
        let report = merged.report
        return request.finish(
            totals: "\(report.rendered) rendered, \(report.unchanged) unchanged, \(report.failed) failed",
            failed: report.failed > 0, gaps: merged.gaps, allowPartial: Options.allowPartial, arguments,
            terminal: terminal)
    }
}
