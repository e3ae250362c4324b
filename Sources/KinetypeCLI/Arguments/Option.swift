import Kinetype

/// An option that takes a value, typed by its kind: `Option<Double>` for `--fps N`.
/// `ParsedArguments` reads it with `arguments[option]`, converting and range-checking the text.
struct Option<Value>: Sendable {
    /// Its long name: `.fps` for `--fps`.
    let option: CommandLineOption
    let short: Character?
    let kind: OptionKind<Value>
    /// Whether the option may be given more than once (read it with `arguments.all(option)`).
    let repeatable: Bool
    let help: String
    private let placeholder: String?

    init(
        _ option: CommandLineOption, short: Character? = nil, _ kind: OptionKind<Value>,
        value placeholder: String? = nil,
        repeatable: Bool = false, help: String
    ) {
        self.option = option
        self.short = short
        self.kind = kind
        self.placeholder = placeholder
        self.repeatable = repeatable
        self.help = help
    }

    /// The same option with another help line, for a command that says what it means there
    /// (`--jobs`: worker threads for `render`, outputs at once for `batch`).
    func with(help: String) -> Option {
        Option(option, short: short, kind, value: placeholder, repeatable: repeatable, help: help)
    }

    /// Long name without dashes, e.g. `fps`.
    var name: String { option.rawValue }

    /// What the parser and the help text see.
    var spec: OptionSpec {
        let line = kind.helpSuffix.map { "\(help) [\($0)]" } ?? help
        return OptionSpec(
            option, short: short, value: placeholder ?? kind.placeholder, repeatable: repeatable, help: line,
            completion: kind.completion)
    }

    /// The usage error for `text`: "--fps takes a number from 1 to 120, found "abc"". The value is
    /// quoted as every message quotes one: controls escaped, a huge value shortened.
    func error(for text: String, command: String) -> DiagnosticList {
        DiagnosticList.usage(
            "\(option.flag) takes \(kind.expected), found \(JSONText.quoted(text))" + kind.suggestion(text),
            command: command)
    }
}

/// An option without a value: given or not.
struct Flag: Sendable {
    /// Its long name: `.quiet` for `--quiet`.
    let option: CommandLineOption
    let short: Character?
    let help: String

    init(_ option: CommandLineOption, short: Character? = nil, help: String) {
        self.option = option
        self.short = short
        self.help = help
    }

    /// Long name without dashes, e.g. `quiet`.
    var name: String { option.rawValue }

    /// The same flag with another help line.
    func with(help: String) -> Flag { Flag(option, short: short, help: help) }

    var spec: OptionSpec { OptionSpec(option, short: short, help: help) }
}
