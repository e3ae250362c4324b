import Foundation
import Kinetype

/// What `batch-report merge` and `verify-report merge` share: the `merge` action, the reports
/// given after it, `-o`, each report read as input from elsewhere (size-checked), and the closing
/// summary with the shards' gaps. Each command merges the bytes with its own `…ReportMerge`.
struct ReportMerge {
    /// `-o OUTPUT.json`, the same for both commands.
    static let output = Option(
        .output, short: "o", .path(placeholder: "OUTPUT.json"), help: "Where to write the merged report.")

    /// The reports to merge, as given.
    let paths: [String]
    /// Where the merged report goes.
    let output: String
    /// Each report's path and bytes, in the order given.
    let reports: [(path: String, bytes: Data)]

    /// Reads `command merge REPORT... -o OUTPUT.json`; throws a usage error naming `command` when
    /// the action, the reports or `-o` is missing, and a diagnostic at a report that cannot be read.
    init(_ arguments: ParsedArguments, command: String) throws {
        guard let action = arguments.positionals.first, action == "merge" else {
            let found = arguments.positionals.first.map { ", found \(JSONText.quoted($0))" } ?? ""
            throw DiagnosticList.usage("\(command) takes the action merge\(found)", command: command)
        }
        paths = Array(arguments.positionals.dropFirst())
        guard !paths.isEmpty else {
            throw DiagnosticList.usage("\(command) merge needs the reports to merge", command: command)
        }
        guard let output = try arguments[Self.output] else {
            throw DiagnosticList.usage("\(command) merge needs -o OUTPUT.json", command: command)
        }
        self.output = output
        reports = try paths.map { path in
            do throws(InputFileError) {
                return (path: path, bytes: try RegularFile.read(path, limit: RegularFile.documentLimit))
            } catch {
                throw Diagnostic(kind: error.kind, file: path, message: "cannot read \(path): the file \(error.reason)")
                    .fail()
            }
        }
    }

    /// Prints "Merged N reports into OUTPUT: `totals`" (unless `--quiet`) and the shards' `gaps`
    /// (warnings with `allowPartial`); the run fails when `failed` or, unless `allowPartial`, when a
    /// shard is missing or was interrupted.
    func finish(
        totals: String, failed: Bool, gaps: [Diagnostic], allowPartial: Flag, _ arguments: ParsedArguments,
        terminal: Terminal
    ) -> ExitStatus {
        let partial = !gaps.isEmpty
        if !arguments[SharedOptions.quiet] {
            terminal.out(
                "Merged \(paths.count) report\(paths.count == 1 ? "" : "s") into \(output): " + totals
                    + (partial ? " (incomplete)" : ""))
        }
        let allowPartial = arguments[allowPartial]
        gaps.map { allowPartial ? $0.downgraded : $0 }.forEach(terminal.report)
        return failed || (partial && !allowPartial) ? .failure : .success
    }
}
