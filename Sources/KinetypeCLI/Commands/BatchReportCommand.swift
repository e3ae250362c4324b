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
        static let output = Option(
            "output", short: "o", .path(placeholder: "OUTPUT.json"), help: "Where to write the merged report.")
        static let allowPartial = Flag(
            "allow-partial",
            help: "Accept a batch with missing or interrupted shards: warn instead of exiting 1.")
    }

    static let options: [OptionSpec] = [Options.output.spec, Options.allowPartial.spec]
    static let groups: [OptionGroup] = [.quiet(help: "Print only problems.")]

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> ExitStatus {
        guard let action = arguments.positionals.first, action == "merge" else {
            let found = arguments.positionals.first.map { ", found \(JSONText.quoted($0))" } ?? ""
            throw DiagnosticList.usage("batch-report takes the action merge\(found)", command: name)
        }
        let paths = Array(arguments.positionals.dropFirst())
        guard !paths.isEmpty else {
            throw DiagnosticList.usage("batch-report merge needs the reports to merge", command: name)
        }
        guard let output = try arguments[Options.output] else {
            throw DiagnosticList.usage("batch-report merge needs -o OUTPUT.json", command: name)
        }
        let reports = try paths.map { path in
            do throws(InputFileError) {
                return (name: path, bytes: try RegularFile.read(path, limit: RegularFile.documentLimit))
            } catch {
                throw Diagnostic(kind: error.kind, file: path, message: "cannot read \(path): the file \(error.reason)")
                    .fail()
            }
        }
        let merged = try BatchReportMerge.merge(reports)
        try JSONReport.write(merged.report, to: URL(fileURLWithPath: output))
        let report = merged.report
        let partial = !merged.gaps.isEmpty
        if !arguments[SharedOptions.quiet] {
            terminal.out(
                "Merged \(paths.count) report\(paths.count == 1 ? "" : "s") into \(output): "
                    + "\(report.rendered) rendered, \(report.unchanged) unchanged, \(report.failed) failed"
                    + (partial ? " (incomplete)" : ""))
        }
        let allowPartial = arguments[Options.allowPartial]
        merged.gaps.map { allowPartial ? $0.downgraded : $0 }.forEach(terminal.report)
        return report.failed > 0 || (partial && !allowPartial) ? .failure : .success
    }
}
