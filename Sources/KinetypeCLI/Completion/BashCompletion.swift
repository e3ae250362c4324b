import Kinetype

/// The bash completion script: a `_kinetype` function registered with `complete -F`.
enum BashCompletion {
    static func script(_ commands: [CompletedCommand]) -> String {
        var lines = [
            "# kinetype completion for bash. Load it with: source <(kinetype completions bash)",
            "_kinetype() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
            "    if [[ $COMP_CWORD -eq 1 ]]; then",
            "        COMPREPLY=($(compgen -W \"\(commands.map(\.name).joined(separator: " ")) "
                + "\(CommandLineOption.help.flag) \(CommandLineOption.version.flag)\" -- \"$cur\"))",
            "        return",
            "    fi",
            "    case \"${COMP_WORDS[1]}\" in",
        ]
        for command in commands {
            lines.append("    \(command.name))")
            lines.append("        case \"$prev\" in")
            for option in command.options where option.takesValue {
                let names = (option.short.map { ["-\($0)"] } ?? []) + [option.flag]
                lines.append(
                    "        \(names.joined(separator: "|"))) \(valueCompletion(option.completion)); return ;;")
            }
            lines.append("        esac")
            let optionWords = command.options.flatMap { option in
                (option.short.map { ["-\($0)"] } ?? []) + [option.flag]
            }
            lines.append("        if [[ \"$cur\" == -* ]]; then")
            lines.append("            COMPREPLY=($(compgen -W \"\(optionWords.joined(separator: " "))\" -- \"$cur\"))")
            lines.append("            return")
            lines.append("        fi")
            lines.append("        \(positionalCompletion(command.positionals, commands: commands))")
            lines.append("        ;;")
        }
        lines += ["    esac", "}", "complete -o filenames -F _kinetype kinetype"]
        return lines.joined(separator: "\n")
    }

    private static func valueCompletion(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: return "COMPREPLY=()"
        case .files: return "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .folders: return "COMPREPLY=($(compgen -d -- \"$cur\"))"
        case .choices(let names): return "COMPREPLY=($(compgen -W \"\(names.joined(separator: " "))\" -- \"$cur\"))"
        }
    }

    private static func positionalCompletion(_ positionals: CompletedCommand.Positionals, commands: [CompletedCommand])
        -> String
    {
        switch positionals {
        case .scenes:
            // Scenes are *.json files, but not batch data (*.data.json).
            return
                "COMPREPLY=($(compgen -f -X '!*.json' -- \"$cur\" | grep -v '\\.data\\.json$') $(compgen -d -- \"$cur\"))"
        case .commands:
            return "COMPREPLY=($(compgen -W \"\(commands.map(\.name).joined(separator: " "))\" -- \"$cur\"))"
        case .shells:
            let shells = CompletionsCommand.Shell.allCases.map(\.rawValue).joined(separator: " ")
            return "COMPREPLY=($(compgen -W \"\(shells)\" -- \"$cur\"))"
        case .nothing: return "COMPREPLY=()"
        }
    }
}
