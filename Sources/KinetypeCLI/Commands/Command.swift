import Kinetype

/// A subcommand of `kinetype`: its help text, its options, and what it does.
protocol Command: Sendable {
    static var name: String { get }
    /// One line for the command list.
    static var abstract: String { get }
    /// Usage line(s) without the leading `kinetype `.
    static var usage: String { get }
    /// Longer help shown by `kinetype help <command>`.
    static var discussion: String { get }
    /// The command's own options, in help order.
    static var options: [OptionSpec] { get }
    /// The shared option groups it takes, shown in help after its own options.
    static var groups: [OptionGroup] { get }
    /// Runs the command and returns how the process exits.
    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> ExitStatus
}

extension Command {
    static var discussion: String { "" }
    static var groups: [OptionGroup] { [] }

    /// Every option the command takes: its own, its groups', and `--help`.
    static var allOptions: [OptionSpec] {
        options + groups.flatMap(\.specs) + [SharedOptions.color.spec, helpFlag.spec]
    }

    /// The full help text of the command, wrapped to `width` columns.
    static func help(width: Int) -> String {
        var text = TextWrapping.wrap("OVERVIEW: \(abstract)", width: width, rest: "  ").joined(separator: "\n")
        text += "\n\n" + TextWrapping.wrap("USAGE: kinetype \(usage)", width: width, rest: "  ").joined(separator: "\n")
        text += "\n"
        if !discussion.isEmpty { text += "\n\(TextWrapping.reflow(discussion, width: width))\n" }
        text += "\nOPTIONS:\n"
        text += TextWrapping.columns(allOptions.map { ($0.synopsis, $0.help) }, width: width) + "\n"
        return text
    }

    static var parser: ArgumentParser {
        ArgumentParser(command: name, options: allOptions)
    }
}

/// Every subcommand, in the order `kinetype help` lists them.
let allCommands: [any Command.Type] = [
    RenderCommand.self, BatchCommand.self, VerifyCommand.self, ValidateCommand.self, InfoCommand.self,
    PreviewCommand.self, FontsCommand.self, SchemaCommand.self, BatchReportCommand.self, VerifyReportCommand.self,
    CompletionsCommand.self,
    HelpCommand.self,
]

/// `-h, --help` of every command.
let helpFlag = Flag(.help, short: "h", help: "Show help for this command.")
