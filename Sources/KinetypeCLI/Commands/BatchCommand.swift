import Foundation
import Kinetype

/// `kinetype batch TEMPLATE --data DATA.json -o DIR`.
enum BatchCommand: Command {
    static let name = "batch"
    static let abstract = "Render one template for every entry of a data file (and every scale)."
    static let usage = "batch TEMPLATE --data DATA.json [-o DIR] [--scale 1,2,3] [--format gif|png|mp4|webm] [options]"
    static let discussion = """
    DATA.json is a JSON array of objects; each object is one output: its keys fill the template's
    {{placeholders}} and its optional "output" names the file (sanitized; without it, the output is
    <template name>-<n>). With --scale 1,2,3 each entry is rendered at every scale, named name.gif,
    name@2x.gif, name@3x.gif. Outputs whose inputs are unchanged since the last run are kept, not
    rendered again (fingerprints live in DIR/.kinetype/). A failing entry does not stop the others;
    the summary lists every output, and the exit code is 1 if any failed (73 if an output could not
    be written: disk full, read-only folder, or a frames folder kinetype did not write). With
    --format png, an existing output folder is replaced only if kinetype wrote it. Ctrl-C or
    SIGTERM stops the batch: outputs being rendered are dropped with their temporary files,
    finished ones are kept and listed, existing outputs stay as they were, and the exit code is 130.
    """
    static let options: [OptionSpec] = [
        OptionSpec("data", value: "DATA.json", help: "The entries: a JSON array of objects (required)."),
        OptionSpec("output", short: "o", value: "DIR", help: "Folder for the outputs (default: Output/<template name>)."),
        OptionSpec("set", value: "NAME=VALUE", repeatable: true, help: "Set a {{NAME}} placeholder for every entry (wins over the data)."),
        OptionSpec("scale", value: "LIST", help: "Comma-separated pixel densities, e.g. 1,2,3 (default: the template's)."),
        OptionSpec("format", value: "FORMAT", help: "gif (default), png (a folder of frames), mp4 or webm."),
        OptionSpec("jobs", short: "j", value: "N", help: "Outputs rendered at once (default: the number of cores)."),
        OptionSpec("force", help: "Render every output, even those whose inputs are unchanged."),
        OptionSpec("shard", value: "I/N", help: "Render only the I-th of N deterministic slices of the entries."),
        OptionSpec("report", value: "PATH", help: "Also write the results as JSON."),
        rootOption,
        OptionSpec("quiet", short: "q", help: "Print only failures."),
    ] + LimitOptions.specs

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> Int32 {
        guard arguments.positionals.count == 1, let templatePath = arguments.positionals.first else {
            throw UsageError(message: arguments.positionals.isEmpty ? "batch needs a template scene" : "batch takes one template scene", command: name)
        }
        guard let dataPath = arguments.value("data") else {
            throw UsageError(message: "batch needs --data DATA.json", command: name)
        }
        let templateURL = URL(fileURLWithPath: templatePath)
        let outputPath = arguments.value("output") ?? "Output/" + templateURL.deletingPathExtension().lastPathComponent
        var options = BatchOptions(template: templateURL, data: URL(fileURLWithPath: dataPath),
                                   outputFolder: URL(fileURLWithPath: outputPath))
        options.templateDisplayName = templatePath
        options.dataDisplayName = dataPath
        options.overrides = try parseAssignments(arguments.all("set"), command: name)
        options.force = arguments.has("force")
        options.root = try parseRoot(arguments, command: name)
        options.limits = try LimitOptions.parse(arguments, command: name)
        if let scales = arguments.value("scale") { options.scales = try parseScales(scales) }
        if let format = arguments.value("format") {
            guard let parsed = BatchFormat(rawValue: format) else {
                throw UsageError(message: "--format takes gif, png, mp4 or webm, found \"\(format)\"", command: name)
            }
            options.format = parsed
        }
        if let jobs = try parseInteger(arguments.value("jobs"), option: "jobs", range: 1...256, command: name) {
            options.jobs = jobs
        }
        if let shard = arguments.value("shard") {
            guard let parsed = BatchShard(parsing: shard) else {
                throw UsageError(message: "--shard takes I/N with 1 ≤ I ≤ N, e.g. 2/4, found \"\(shard)\"", command: name)
            }
            options.shard = parsed
        }

        let quiet = arguments.has("quiet")
        let progress = ProgressBar(terminal: terminal, quiet: quiet)
        let interrupt = InterruptFlag.installed
        let report = try BatchRunner.run(options, isCancelled: { interrupt.isSet }) { done, total in
            progress.update(done: done, total: total, label: "outputs")
        }
        progress.finish()
        if let reportPath = arguments.value("report") {
            try JSONReport.write(report, to: URL(fileURLWithPath: reportPath))
        }
        printSummary(report, terminal: terminal, quiet: quiet)
        if report.interrupted {
            terminal.err("kinetype: interrupted; \(report.outcomes.count) of \(report.planned) outputs finished (listed above); the unfinished ones were not written and their existing files are as they were\n")
            return 130
        }
        if report.hasWriteFailure { return 73 }
        return report.failed > 0 ? 1 : 0
    }

    private static func parseScales(_ text: String) throws -> [Double] {
        var scales: [Double] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let scale = Double(part.trimmingCharacters(in: .whitespaces)), FormatRanges.canvasScale.contains(scale) else {
                throw UsageError(message: "--scale takes comma-separated numbers from \(JSONText.number(FormatRanges.canvasScale.minimum)) to \(JSONText.number(FormatRanges.canvasScale.maximum)), e.g. 1,2,3, found \"\(text)\"", command: name)
            }
            if !scales.contains(scale) { scales.append(scale) }
        }
        return scales
    }

    /// A table of every output, then the totals; failures are printed even when quiet.
    private static func printSummary(_ report: BatchReport, terminal: Terminal, quiet: Bool) {
        let rows = report.outcomes.filter { !quiet || $0.status == .failed }
        if !rows.isEmpty {
            var table = [["ENTRY", "OUTPUT", "FRAMES", "SIZE", "TIME", "RESULT"]]
            for outcome in rows {
                table.append([
                    "\(outcome.entry + 1) \(outcome.name)",
                    outcome.output.isEmpty ? "-" : outcome.output,
                    outcome.frames.map(String.init) ?? "-",
                    outcome.bytes.map(byteCount) ?? "-",
                    outcome.seconds.map { String(format: "%.1f s", $0) } ?? "-",
                    outcome.status.rawValue,
                ])
            }
            let widths = (0..<6).map { column in table.map { $0[column].count }.max() ?? 0 }
            for row in table {
                terminal.out(zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }
                    .joined(separator: "  ").trimmingCharacters(in: .whitespaces))
            }
            for outcome in report.outcomes where outcome.status == .failed {
                terminal.problem("kinetype: error: entry \(outcome.entry + 1) (\(outcome.name)): \(outcome.error ?? "failed")\n")
            }
        }
        if !quiet || report.failed > 0 {
            terminal.out("\(report.rendered) rendered, \(report.skipped) unchanged, \(report.failed) failed")
        }
    }
}
