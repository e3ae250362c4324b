import Kinetype

/// A subcommand of `kinetype`: its help text, its options, and what it does.
protocol Command {
    static var name: String { get }
    /// One line for the command list.
    static var abstract: String { get }
    /// Usage line(s) without the leading `kinetype `.
    static var usage: String { get }
    /// Longer help shown by `kinetype help <command>`.
    static var discussion: String { get }
    static var options: [OptionSpec] { get }
    /// Runs the command and returns the exit code.
    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> Int32
}

extension Command {
    static var discussion: String { "" }

    /// The full help text of the command.
    static var help: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: kinetype \(usage)\n"
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        let all = options + [OptionSpec("help", short: "h", help: "Show help for this command.")]
        text += "\nOPTIONS:\n"
        let width = all.map(\.synopsis.count).max() ?? 0
        for option in all {
            let padding = String(repeating: " ", count: width - option.synopsis.count + 2)
            text += "  \(option.synopsis)\(padding)\(option.help)\n"
        }
        return text
    }

    static var parser: ArgumentParser {
        ArgumentParser(command: name, options: options + [OptionSpec("help", short: "h", help: "")])
    }
}

/// Every subcommand, in the order `kinetype help` lists them.
let allCommands: [any Command.Type] = [
    RenderCommand.self, BatchCommand.self, VerifyCommand.self, ValidateCommand.self, InfoCommand.self, FontsCommand.self, SchemaCommand.self,
    HelpCommand.self,
]

/// Parses `NAME=VALUE` options (`--set`) into a dictionary; later values win.
func parseAssignments(_ assignments: [String], command: String) throws -> [String: String] {
    var result: [String: String] = [:]
    for assignment in assignments {
        guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
            throw UsageError(message: "--set takes NAME=VALUE, found \"\(assignment)\"", command: command)
        }
        result[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
    }
    return result
}

/// Parses a number option within a range, or throws a usage error naming the option.
func parseNumber(_ text: String?, option: String, range: ClosedRange<Double>, command: String) throws -> Double? {
    guard let text else { return nil }
    guard let value = Double(text), value.isFinite, range.contains(value) else {
        throw UsageError(message: "--\(option) takes a number from \(format(range.lowerBound)) to \(format(range.upperBound)), found \"\(text)\"", command: command)
    }
    return value
}

/// Parses a whole-number option within a range, or throws a usage error naming the option.
func parseInteger(_ text: String?, option: String, range: ClosedRange<Int>, command: String) throws -> Int? {
    guard let text else { return nil }
    guard let value = Int(text), range.contains(value) else {
        throw UsageError(message: "--\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), found \"\(text)\"", command: command)
    }
    return value
}

/// A number without a needless `.0`.
func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

/// `--root DIR`, taken by every command that loads a scene.
let rootOption = OptionSpec("root", value: "DIR",
                            help: "Read fonts and images only from inside DIR (after symlinks); refuse anything else.")

/// The `--root` folder, or nil without the option. A root that is not an existing folder is an error
/// (exit 66 when missing, 64 when it names a file).
func parseRoot(_ arguments: ParsedArguments, command: String) throws -> InputRoot? {
    guard let folder = arguments.value("root") else { return nil }
    do throws(InputFileError) {
        return try InputRoot(folder)
    } catch .notRegular {
        throw UsageError(message: "--root takes a folder, but \"\(folder)\" is a file", command: command)
    } catch {
        throw Diagnostic(kind: .missingInput, message: "the --root folder \"\(folder)\" \(error.reason)")
    }
}
