import Foundation
import Kinetype
import KinetypeCore

/// Runs one invocation of the tool and returns its exit code.
func runKinetype(_ arguments: [String], terminal: Terminal) -> Int32 {
    guard let first = arguments.first else {
        terminal.err(HelpCommand.overview(width: terminal.columns))
        return 64
    }
    if first == "--version" {
        return printVersion(verbose: Array(arguments.dropFirst()), terminal: terminal)
    }
    if first == "--help" || first == "-h" {
        terminal.out(HelpCommand.overview(width: terminal.columns))
        return 0
    }
    guard let command = allCommands.first(where: { $0.name == first }) else {
        let message =
            first.hasPrefix("-")
            ? "unknown option \(JSONText.unquoted(first))" + topLevelOptionSuggestion(for: first)
            : "unknown command \(JSONText.quoted(first))" + commandSuggestion(for: first)
        terminal.err("kinetype: error: \(message)\n\nRun 'kinetype help' for the list of commands.\n")
        return 64
    }
    do {
        let parsed = try command.parser.parse(Array(arguments.dropFirst()))
        terminal.colorMode = try parsed[SharedOptions.color] ?? .auto
        if parsed[helpFlag] {
            terminal.out(command.help(width: terminal.columns))
            return 0
        }
        return try command.run(parsed, terminal: terminal)
    } catch {
        report(error, running: command, terminal: terminal)
        return DiagnosticList.exitCode(for: error)
    }
}

/// Prints the error a command ended with: an interruption, or each diagnostic followed, for a
/// usage mistake, by the USAGE line its `usageFollowUp` names.
func report(_ error: any Error, running command: any Command.Type, terminal: Terminal) {
    if error is CancellationError {
        terminal.err("kinetype: interrupted; nothing was written\n")
        return
    }
    for diagnostic in DiagnosticList(describing: error).diagnostics {
        terminal.report(diagnostic)
        guard diagnostic.kind == .usage, diagnostic.severity == .error else { continue }
        switch diagnostic.usageFollowUp {
        case .none:
            break
        case .usageLine:
            terminal.err("\nUSAGE: kinetype \(command.usage)\n")
        case .commandHelp(let name):
            if let named = allCommands.first(where: { $0.name == name }) {
                terminal.err("\nUSAGE: kinetype \(named.usage)\n\nRun 'kinetype help \(name)' for more.\n")
            }
        }
    }
}

/// `kinetype 0.1.0`; with `--verbose` (or `-v`) also every library's version, one per line.
func printVersion(verbose rest: [String], terminal: Terminal) -> Int32 {
    guard rest.isEmpty || rest == ["--verbose"] || rest == ["-v"] else {
        terminal.err(
            "kinetype: error: --version takes only --verbose, found \(JSONText.unquoted(rest.joined(separator: " ")))\n"
        )
        return 64
    }
    terminal.out("kinetype \(KinetypeVersion.current)")
    guard !rest.isEmpty else { return 0 }
    let versions = LibraryVersions.all()
    let width = versions.map(\.name.count).max() ?? 0
    for (name, version) in versions {
        terminal.out("  " + name + String(repeating: " ", count: width - name.count + 2) + version)
    }
    return 0
}

/// `; did you mean --version?` for a misspelt top-level option, else where options belong.
func topLevelOptionSuggestion(for argument: String) -> String {
    if argument == "-v" || argument == "-V" { return "; did you mean --version?" }
    guard let match = Suggestion.closest(to: argument, among: ["--version", "--help"]) else {
        return "; options go after a command"
    }
    return "; did you mean \(match)?"
}

/// The exit code once the command is done, with the streams that could not be written reported:
/// on standard error when only standard output failed (quoting what did not get out, so a
/// "Wrote …" line that was lost still says the file was written), and with exit 73 unless the
/// command already failed with a code of its own.
func finish(_ status: Int32, terminal: Terminal) -> Int32 {
    terminal.finishReports()
    guard let failure = terminal.streamFailures.first else { return status }
    if failure.descriptor == STDOUT_FILENO {
        let lost = failure.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let shown = lost.isEmpty ? "" : ", so this was not shown: \(JSONText.quotedPath(lost))"
        terminal.err(
            "kinetype: error: cannot write to standard output (\(String(cString: strerror(failure.code))))\(shown)\n")
    }
    return status == 0 ? 73 : status
}

// SIGPIPE is ignored, so a write to a closed pipe fails with EPIPE (and is reported) instead of
// killing kinetype halfway through its output; this is the one place that decides it.
signal(SIGPIPE, SIG_IGN)
_ = StandardStreams.outputWasClosed // before anything opens a file
let terminal = Terminal()
let status: Int32
do {
    status = runKinetype(try RawArguments.decoded(), terminal: terminal)
} catch {
    error.diagnostics.forEach(terminal.report)
    status = error.exitCode
}
exit(finish(status, terminal: terminal))
