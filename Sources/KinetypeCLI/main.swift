import Foundation
import Kinetype

/// Runs one invocation of the tool and returns how it exits.
func runKinetype(_ arguments: [String], terminal: Terminal) -> ExitStatus {
    guard let first = arguments.first else {
        terminal.err(HelpCommand.overview(width: terminal.columns))
        return .usage
    }
    if first == CommandLineOption.version.flag {
        return printVersion(verbose: Array(arguments.dropFirst()), terminal: terminal)
    }
    if first == CommandLineOption.help.flag || first == "-h" {
        terminal.out(HelpCommand.overview(width: terminal.columns))
        return .success
    }
    guard let command = allCommands.first(where: { $0.name == first }) else {
        let message =
            first.hasPrefix("-")
            ? "unknown option \(JSONText.unquoted(first))" + topLevelOptionSuggestion(for: first)
            : "unknown command \(JSONText.quoted(first))" + commandSuggestion(for: first)
        var problem = Diagnostic(kind: .usage, message: message)
        problem.usageFollowUp = .commandList
        return fail(problem.fail(), running: nil, terminal: terminal)
    }
    do {
        let parsed = try command.parser.parse(Array(arguments.dropFirst()))
        terminal.colorMode = try parsed[SharedOptions.color] ?? .auto
        if parsed[helpFlag] {
            terminal.out(command.help(width: terminal.columns))
            return .success
        }
        return try command.run(parsed, terminal: terminal)
    } catch {
        return fail(error, running: command, terminal: terminal)
    }
}

/// Prints the error a run ended with — an interruption, or each diagnostic followed, for a usage
/// mistake, by what its `usageFollowUp` names — and returns the exit status it decides.
func fail(_ error: any Error, running command: (any Command.Type)?, terminal: Terminal) -> ExitStatus {
    if error is CancellationError {
        terminal.err("kinetype: interrupted; nothing was written\n")
        return .interrupted
    }
    let problems = DiagnosticList(describing: error)
    for diagnostic in problems.diagnostics {
        terminal.report(diagnostic)
        guard diagnostic.kind == .usage, diagnostic.severity == .error else { continue }
        switch diagnostic.usageFollowUp {
        case .none:
            break
        case .usageLine:
            if let command { terminal.err("\nUSAGE: kinetype \(command.usage)\n") }
        case .commandHelp(let name):
            if let named = allCommands.first(where: { $0.name == name }) {
                terminal.err("\nUSAGE: kinetype \(named.usage)\n\nRun 'kinetype help \(name)' for more.\n")
            }
        case .commandList:
            terminal.err("\nRun 'kinetype help' for the list of commands.\n")
        }
    }
    return problems.exitStatus
}

/// `kinetype 0.3.0`; with `--verbose` (or `-v`) also the render stack (its id, the artifact and the
/// fonts) and every library's version, one per line.
func printVersion(verbose rest: [String], terminal: Terminal) -> ExitStatus {
    guard rest.isEmpty || rest == [CommandLineOption.verbose.flag] || rest == ["-v"] else {
        var problem = Diagnostic(
            kind: .usage,
            message:
                "\(CommandLineOption.version.flag) takes only \(CommandLineOption.verbose.flag), found "
                + "\(JSONText.unquoted(rest.joined(separator: " ")))"
        )
        problem.usageFollowUp = .none
        return fail(problem.fail(), running: nil, terminal: terminal)
    }
    terminal.out("kinetype \(KinetypeVersion.current)")
    guard !rest.isEmpty else { return .success }
    let stack = RenderStack.current
    let versions = [("render stack", stack.summary), ("fonts", stack.fonts)] + LibraryVersions.all()
    let width = versions.map(\.name.count).max() ?? 0
    for (name, version) in versions {
        terminal.out("  " + name + String(repeating: " ", count: width - name.count + 2) + version)
    }
    return .success
}

/// `; did you mean --version?` for a misspelt top-level option, else where options belong.
func topLevelOptionSuggestion(for argument: String) -> String {
    if argument == "-v" || argument == "-V" { return "; did you mean \(CommandLineOption.version.flag)?" }
    guard
        let match = Suggestion.closest(
            to: argument, among: [CommandLineOption.version.flag, CommandLineOption.help.flag])
    else {
        return "; options go after a command"
    }
    return "; did you mean \(match)?"
}

/// The exit status once the command is done, with the streams that could not be written reported:
/// on standard error when only standard output failed (quoting what did not get out, so a
/// "Wrote …" line that was lost still says the file was written), and `cannotWrite` unless the
/// command already failed with a status of its own.
func finish(_ status: ExitStatus, terminal: Terminal) -> ExitStatus {
    terminal.finishReports()
    guard let failure = terminal.streamFailures.first else { return status }
    if failure.descriptor == STDOUT_FILENO {
        let lost = failure.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let shown = lost.isEmpty ? "" : ", so this was not shown: \(JSONText.quotedPath(lost))"
        terminal.report(
            Diagnostic(
                kind: .cannotWrite,
                message: "cannot write to standard output (\(String(cString: strerror(failure.code))))\(shown)"))
    }
    return status == .success ? .cannotWrite : status
}

// SIGPIPE is ignored, so a write to a closed pipe fails with EPIPE (and is reported) instead of
// killing kinetype halfway through its output; this is the one place that decides it.
signal(SIGPIPE, SIG_IGN)
// Without /proc, the folder of kinetype's own files comes from argv[0] (before anything reads it).
ProgramLocation.setHomeWithoutProc()
_ = StandardStreams.outputWasClosed // before anything opens a file
let terminal = Terminal()
let status: ExitStatus
do {
    status = runKinetype(try RawArguments.decoded(), terminal: terminal)
} catch {
    status = fail(error, running: nil, terminal: terminal)
}
exit(finish(status, terminal: terminal).rawValue)
