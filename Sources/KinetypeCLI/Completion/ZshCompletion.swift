import Kinetype

/// The zsh completion script: a `#compdef kinetype` function built on `_arguments`.
enum ZshCompletion {
    static func script(_ commands: [CompletedCommand]) -> String {
        var lines = [
            "#compdef kinetype",
            "# kinetype completion for zsh. Save it as _kinetype in a folder of $fpath.",
            "_kinetype() {",
            "    local -a commands",
            "    commands=(",
        ]
        for command in commands {
            lines.append("        \(quoted("\(command.name):\(escaped(command.abstract))"))")
        }
        lines += [
            "    )",
            "    if (( CURRENT == 2 )); then",
            "        _describe 'command' commands",
            "        return",
            "    fi",
            "    case $words[2] in",
        ]
        for command in commands {
            lines.append("    \(command.name))")
            lines.append("        _arguments -s \\")
            for option in command.options {
                lines.append("            \(specification(option)) \\")
            }
            lines.append("            \(positional(command.positionals, commands: commands))")
            lines.append("        ;;")
        }
        lines += ["    esac", "}", "_kinetype \"$@\""]
        return lines.joined(separator: "\n")
    }

    /// `'(-o --output)'{-o,--output}'[Output file]:OUTPUT:_files'`.
    private static func specification(_ option: OptionSpec) -> String {
        let description = "[" + escaped(CompletedCommand.shortHelp(option)) + "]"
        var value = ""
        if let placeholder = option.valueName {
            value = ":" + escaped(placeholder) + ":" + action(option.completion)
        }
        let repeated = option.repeatable ? "*" : ""
        guard let short = option.short else {
            return quoted(repeated + option.flag + description + value)
        }
        return quoted("(-\(short) \(option.flag))") + "{-\(short),\(option.flag)}" + quoted(description + value)
    }

    private static func action(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: return " "
        case .files: return "_files"
        case .folders: return "_files -/"
        case .choices(let names): return "(" + names.joined(separator: " ") + ")"
        }
    }

    private static func positional(_ positionals: CompletedCommand.Positionals, commands: [CompletedCommand]) -> String
    {
        switch positionals {
        case .scenes: return quoted("*:scene:_files -g \"(^*.data).json\"")
        case .commands: return quoted("1:command:(" + commands.map(\.name).joined(separator: " ") + ")")
        case .shells:
            return quoted("1:shell:(" + CompletionsCommand.Shell.allCases.map(\.rawValue).joined(separator: " ") + ")")
        case .nothing: return ""
        }
    }

    /// Brackets and colons would end a description in `_arguments`; backslash-escape them.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "[]:\\".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// Single-quoted for zsh (a `'` inside becomes `'\''`).
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
