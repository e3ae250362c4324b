import Kinetype

/// `kinetype help [command]`.
enum HelpCommand: Command {
    static let name = "help"
    static let abstract = "Show help for kinetype or one of its commands."
    static let usage = "help [COMMAND]"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> Int32 {
        guard let name = arguments.positionals.first else {
            terminal.out(overview)
            return 0
        }
        guard arguments.positionals.count == 1 else {
            throw DiagnosticList.usage("help takes at most one command name", command: self.name)
        }
        guard let command = allCommands.first(where: { $0.name == name }) else {
            throw DiagnosticList.usage("unknown command \"\(name)\"" + commandSuggestion(for: name), command: nil)
        }
        terminal.out(command.help)
        return 0
    }

    /// The tool's overview: what it does and its commands.
    static var overview: String {
        var text = """
            OVERVIEW: kinetype renders animated text — typewriter effects and animated fonts — from a JSON
            scene into a GIF, PNG frames or a video, deterministically.

            USAGE: kinetype <command> [options]

            COMMANDS:

            """
        let width = allCommands.map { $0.name.count }.max() ?? 0
        for command in allCommands {
            text +=
                "  \(command.name)\(String(repeating: " ", count: width - command.name.count + 2))\(command.abstract)\n"
        }
        text += """

            OPTIONS:
              -h, --help     Show this help.
              --version      Print the version of kinetype.

            See 'kinetype help <command>' for a command's options.

            """
        return text
    }
}

/// `; did you mean "render"?` for a misspelt command name, or nothing.
func commandSuggestion(for name: String) -> String {
    guard let match = Suggestion.closest(to: name, among: allCommands.map { $0.name }) else { return "" }
    return "; did you mean \"\(match)\"?"
}
