import Kinetype

/// `kinetype completions bash|zsh|fish`: a shell completion script made from the commands'
/// option declarations, so it never falls behind them.
enum CompletionsCommand: Command {
    static let name = "completions"
    static let abstract = "Print a shell completion script for bash, zsh or fish."
    static let usage = "completions bash|zsh|fish"
    static let discussion = """
        Load it in the current shell, or install it where your shell looks for completions:

          source <(kinetype completions bash)            # bash, e.g. in ~/.bashrc
          kinetype completions zsh > ~/.zfunc/_kinetype  # zsh, with ~/.zfunc in $fpath
          kinetype completions fish > ~/.config/fish/completions/kinetype.fish

        Commands, options, option values (formats, modes) and files are completed.
        """
    static let options: [OptionSpec] = []

    /// The shells a script can be made for.
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> ExitStatus {
        guard arguments.positionals.count == 1, let name = arguments.positionals.first else {
            throw DiagnosticList.usage("completions takes one shell: bash, zsh or fish", command: self.name)
        }
        guard let shell = Shell(rawValue: name.lowercased()) else {
            let suggestion = Suggestion.closest(to: name, among: Shell.allCases.map(\.rawValue))
            throw DiagnosticList.usage(
                "completions knows bash, zsh and fish, not \(JSONText.quoted(name))"
                    + (suggestion.map { "; did you mean \"\($0)\"?" } ?? ""),
                command: self.name)
        }
        let commands = allCommands.map { CompletedCommand($0) }
        switch shell {
        case .bash: terminal.out(BashCompletion.script(commands))
        case .zsh: terminal.out(ZshCompletion.script(commands))
        case .fish: terminal.out(FishCompletion.script(commands))
        }
        return .success
    }
}

/// What completion needs to know about a command.
struct CompletedCommand {
    let name: String
    let abstract: String
    let options: [OptionSpec]
    /// What its positional arguments are.
    let positionals: Positionals

    enum Positionals {
        case scenes
        case commands
        case shells
        case nothing
    }

    init(_ command: any Command.Type) {
        name = command.name
        abstract = command.abstract
        options = command.allOptions
        switch command.name {
        case HelpCommand.name: positionals = .commands
        case CompletionsCommand.name: positionals = .shells
        case FontsCommand.name, SchemaCommand.name: positionals = .nothing
        default: positionals = .scenes
        }
    }

    /// The option's help without the `[…]` range suffix, for one-line descriptions.
    static func shortHelp(_ option: OptionSpec) -> String {
        guard let bracket = option.help.range(of: " [", options: .backwards), option.help.hasSuffix("]") else {
            return option.help
        }
        return String(option.help[..<bracket.lowerBound])
    }
}
