import Kinetype

extension DiagnosticList {
    /// A command-line usage mistake (exit 64). The tool prints it with the USAGE line of
    /// `command` and a pointer to its help, or nothing more when `command` is nil.
    static func usage(_ message: String, command: String?) -> DiagnosticList {
        var diagnostic = Diagnostic(kind: .usage, message: message)
        diagnostic.usageFollowUp = command.map(UsageFollowUp.commandHelp) ?? .none
        return DiagnosticList(diagnostic)
    }
}

/// Splits arguments by a command's option specs: `--name value`, `--name=value`, `-o value`,
/// `-ovalue`, flags, and `--` to end options.
struct ArgumentParser {
    let command: String
    let options: [OptionSpec]

    func parse(_ arguments: [String]) throws -> ParsedArguments {
        var parsed = ParsedArguments(command: command)
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (spec, inlineValue) = try lookUp(argument)
            if spec.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw DiagnosticList.usage(
                        "option \(spec.flag) needs a value (\(spec.valueName!))", command: command)
                }
                if !spec.repeatable, parsed.values[spec.name] != nil {
                    throw DiagnosticList.usage("option \(spec.flag) is given more than once", command: command)
                }
                parsed.values[spec.name, default: []].append(value)
            } else {
                if inlineValue != nil {
                    throw DiagnosticList.usage("option \(spec.flag) takes no value", command: command)
                }
                parsed.flags.insert(spec.name)
            }
        }
        return parsed
    }

    private func lookUp(_ argument: String) throws -> (OptionSpec, String?) {
        if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            let name: Substring
            var inlineValue: String?
            if let equals = body.firstIndex(of: "=") {
                name = body[..<equals]
                inlineValue = String(body[body.index(after: equals)...])
            } else {
                name = body
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                throw DiagnosticList.usage(
                    "unknown option --\(JSONText.unquoted(String(name)))" + suggestion(for: String(name)),
                    command: command)
            }
            return (spec, inlineValue)
        }
        let letter = argument.dropFirst().first!
        guard let spec = options.first(where: { $0.short == letter }) else {
            throw DiagnosticList.usage("unknown option \(JSONText.unquoted(argument))", command: command)
        }
        let rest = argument.dropFirst(2)
        if rest.isEmpty { return (spec, nil) }
        guard spec.takesValue else {
            throw DiagnosticList.usage("unknown option \(JSONText.unquoted(argument))", command: command)
        }
        return (spec, String(rest))
    }

    private func suggestion(for name: String) -> String {
        guard let match = Suggestion.closest(to: name, among: options.map(\.name)) else { return "" }
        return "; did you mean --\(match)?"
    }
}
