import Foundation
import Kinetype

/// `kinetype verify-report merge REPORT... -o OUT [--html PAGE]`: one report, and one review page,
/// from the reports of a sharded verify.
enum VerifyReportCommand: Command {
    static let name = "verify-report"
    static let abstract = "Merge the --report files of a sharded verify into one report and one review page."
    static let usage = "verify-report merge REPORT... -o OUTPUT.json [--html PAGE]"
    static let discussion = """
        Each job of a sharded verify (verify --shard I/N or --shard auto) writes its own --report.
        merge joins them into the report one unsharded run would have written: every scene in the
        order that run would have verified it. With --html it also writes one review page of every
        shard's scenes (like verify --html). A shard's failure images are found where its report
        names them or, when the report was moved, beside it: keep each shard's artifacts folder
        next to its report (a CI artifact holding both does). It refuses reports of different
        runs, a shard given twice and a scene in two reports; a missing shard is a warning. Exits
        1 when a merged scene failed, so a CI step can gate on the merged result.
        """
    /// The options only `verify-report` takes.
    enum Options {
        static let output = Option(
            "output", short: "o", .path(placeholder: "OUTPUT.json"), help: "Where to write the merged report.")
        static let html = Option("html", .path(), help: "Also write one HTML review page of every shard's scenes.")
    }

    static let options: [OptionSpec] = [Options.output.spec, Options.html.spec]
    static let groups: [OptionGroup] = [.quiet(help: "Print only problems.")]

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> ExitStatus {
        guard let action = arguments.positionals.first, action == "merge" else {
            let found = arguments.positionals.first.map { ", found \(JSONText.quoted($0))" } ?? ""
            throw DiagnosticList.usage("verify-report takes the action merge\(found)", command: name)
        }
        let paths = Array(arguments.positionals.dropFirst())
        guard !paths.isEmpty else {
            throw DiagnosticList.usage("verify-report merge needs the reports to merge", command: name)
        }
        guard let output = try arguments[Options.output] else {
            throw DiagnosticList.usage("verify-report merge needs -o OUTPUT.json", command: name)
        }
        let inputs = try paths.map { path in
            do throws(InputFileError) {
                return VerifyReportMerge.Input(
                    path: path, bytes: try RegularFile.read(path, limit: RegularFile.documentLimit))
            } catch {
                throw Diagnostic(kind: error.kind, file: path, message: "cannot read \(path): the file \(error.reason)")
                    .fail()
            }
        }
        let merged = try VerifyReportMerge.merge(inputs)
        merged.warnings.forEach(terminal.report)
        let report = merged.report
        let documents = OutputGroup()
        try JSONReport.write(report, to: URL(fileURLWithPath: output), group: documents)
        if let page = try arguments[Options.html] {
            try VerifyHTMLReport(report: report).write(to: URL(fileURLWithPath: page), group: documents)
        }
        try documents.commit()
        if !arguments[SharedOptions.quiet] {
            let failing = report.failingScenes.count
            terminal.out(
                "Merged \(paths.count) report\(paths.count == 1 ? "" : "s") into \(output): "
                    + "\(report.scenes.count) verification(s), \(failing) failing")
        }
        return report.passed ? .success : .failure
    }
}
