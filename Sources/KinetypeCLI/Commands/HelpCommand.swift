import Kinetype

/// `kinetype help [command]`.
enum HelpCommand: Command {
    static let name = "help"
    static let abstract = "Show help for kinetype or one of its commands."
    static let usage = "help [COMMAND]"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> ExitStatus {
        guard let name = arguments.positionals.first else {
            terminal.out(overview(width: terminal.columns))
            return .success
        }
        guard arguments.positionals.count == 1 else {
            throw DiagnosticList.usage("help takes at most one command name", command: self.name)
        }
        guard let command = allCommands.first(where: { $0.name == name }) else {
            // As for an unknown command on its own: a suggestion, and where the list of commands is.
            var problem = Diagnostic(
                kind: .usage, message: "unknown command \(JSONText.quoted(name))" + commandSuggestion(for: name))
            problem.usageFollowUp = .commandList
            throw problem.fail()
        }
        terminal.out(command.help(width: terminal.columns))
        return .success
    }

    /// The tool's overview: what it does and its commands.
    static func overview(width: Int) -> String {
        let about =
            "OVERVIEW: kinetype renders animated text — typewriter effects and animated fonts — from a JSON "
            + "scene into an animated GIF, WebP or APNG, a video, Lottie, PNG frames or a still PNG, deterministically."
        return TextWrapping.wrap(about, width: width, rest: "  ").joined(separator: "\n") + "\n\n"
            + "USAGE: kinetype <command> [options]\n\nCOMMANDS:\n"
            + TextWrapping.columns(allCommands.map { ($0.name, $0.abstract) }, width: width) + "\n\nOPTIONS:\n"
            + TextWrapping.columns(
                [
                    ("-h, \(CommandLineOption.help.flag)", "Show this help."),
                    (
                        "\(CommandLineOption.version.flag) [\(CommandLineOption.verbose.flag)]",
                        "Print the version of kinetype (and of every library it uses)."
                    ),
                ], width: width)
            + "\n\nSee 'kinetype help <command>' for a command's options.\n"
    }
}

/// `; did you mean "render"?` for a misspelt command name, or nothing.
func commandSuggestion(for name: String) -> String {
    guard let match = Suggestion.closest(to: name, among: allCommands.map { $0.name }) else { return "" }
    return "; did you mean \"\(match)\"?"
}
