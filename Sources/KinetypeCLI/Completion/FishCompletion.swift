import Kinetype

/// The fish completion script: one `complete -c kinetype` line per command and option.
enum FishCompletion {
    static func script(_ commands: [CompletedCommand]) -> String {
        var lines = [
            "# kinetype completion for fish. Save it as ~/.config/fish/completions/kinetype.fish",
            "complete -c kinetype -f",
            "complete -c kinetype -n __fish_use_subcommand -l \(CommandLineOption.help.rawValue) -s h -d "
                + "\(quoted("Show help"))",
            "complete -c kinetype -n __fish_use_subcommand -l \(CommandLineOption.version.rawValue) -d "
                + "\(quoted("Print the version"))",
        ]
        for command in commands {
            lines.append(
                "complete -c kinetype -n __fish_use_subcommand -a \(command.name) -d \(quoted(command.abstract))")
        }
        for command in commands {
            let condition = "-n " + quoted("__fish_seen_subcommand_from \(command.name)")
            for option in command.options {
                var line = "complete -c kinetype \(condition)"
                if let short = option.short { line += " -s \(short)" }
                line += " -l \(option.name) -d \(quoted(CompletedCommand.shortHelp(option)))"
                if option.takesValue {
                    switch option.completion {
                    case .none: line += " -x"
                    case .files: line += " -r -F"
                    case .folders: line += " -x -a " + quoted("(__fish_complete_directories)")
                    case .choices(let names): line += " -x -a " + quoted(names.joined(separator: " "))
                    }
                }
                lines.append(line)
            }
            switch command.positionals {
            case .scenes:
                lines.append(
                    "complete -c kinetype \(condition) -a "
                        + quoted("(__fish_complete_suffix .json | string match -v -r '\\.data\\.json$')"))
            case .commands:
                lines.append(
                    "complete -c kinetype \(condition) -a " + quoted(commands.map(\.name).joined(separator: " ")))
            case .shells:
                lines.append(
                    "complete -c kinetype \(condition) -a "
                        + quoted(CompletionsCommand.Shell.allCases.map(\.rawValue).joined(separator: " ")))
            case .nothing:
                break
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Single-quoted for fish (`\` and `'` escaped).
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
