import Foundation
import Kinetype

/// `kinetype verify-report merge REPORT... -o OUT [--html PAGE]`: one report, and one review page,
/// from the reports of a sharded verify.
enum VerifyReportCommand: Command {
    static let name = "verify-report"
    static let abstract = "Merge the --report files of a sharded verify into one report and one review page."
    static let usage = "verify-report merge REPORT... -o OUTPUT.json [--html PAGE] [--allow-partial]"
    static let discussion = """
        Each job of a sharded verify (verify --shard I/N or --shard auto) writes its own --report.
        merge joins them into the report one unsharded run would have written: every scene in the
        order that run would have verified it. With --html it also writes one review page of every
        shard's scenes (like verify --html). Reports are checked as input from elsewhere: a number
        out of its range or a shard that is not I/N (N at most 10000) is an error at its line (exit
        65), and the page shows only PNG failure images found inside each shard's artifacts folder,
        which must lie next to its report (a CI artifact holding both does), never another file a
        report names. It refuses reports of different runs, a shard given twice and a scene in two
        reports. Exits 1 when a merged scene failed, a shard's report is missing or a shard was
        interrupted (the merged report and page are still written, and say so), so a CI step can
        gate on the merged result; --allow-partial turns a missing or interrupted shard into a
        warning.
        """
    /// The options only `verify-report` takes.
    enum Options {
        static let html = Option(.html, .path(), help: "Also write one HTML review page of every shard's scenes.")
        static let allowPartial = Flag(
            .allowPartial, help: "Accept a run with missing or interrupted shards: warn instead of exiting 1.")
    }

    static let options: [OptionSpec] = [ReportMerge.output.spec, Options.html.spec, Options.allowPartial.spec]
    static let groups: [OptionGroup] = [.quiet(help: "Print only problems.")]

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> ExitStatus {
        let request = try ReportMerge(arguments, command: name)
        let merged = try VerifyReportMerge.merge(request.reports.map { .init(path: $0.path, bytes: $0.bytes) })
        merged.warnings.forEach(terminal.report)
        let report = merged.report
        let documents = OutputTransaction()
        try JSONReport.write(report, to: URL(fileURLWithPath: request.output), group: documents.group)
        if let page = try arguments[Options.html] {
            var html = VerifyHTMLReport(report: report)
            html.images = .found(merged.images)
            try html.write(to: URL(fileURLWithPath: page), group: documents.group)
        }
        try documents.commit()
        return request.finish(
            totals: "\(report.scenes.count) verification(s), \(report.failingScenes.count) failing",
            failed: !report.passed, gaps: merged.gaps, allowPartial: Options.allowPartial, arguments,
            terminal: terminal)
    }
}
