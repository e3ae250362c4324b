import Kinetype

/// One option a command accepts, as shown in its help.
struct OptionSpec {
    /// Its long name: `.output` for `--output`.
    let option: CommandLineOption
    /// Single-letter short name, e.g. `o`.
    let short: Character?
    /// The value's placeholder in help (`PATH`), or nil for a flag.
    let valueName: String?
    let repeatable: Bool
    let help: String
    /// What a shell completes for the value.
    let completion: ValueCompletion

    init(
        _ option: CommandLineOption, short: Character? = nil, value valueName: String? = nil, repeatable: Bool = false,
        help: String, completion: ValueCompletion = .none
    ) {
        self.completion = completion
        self.option = option
        self.short = short
        self.valueName = valueName
        self.repeatable = repeatable
        self.help = help
    }

    /// Long name without dashes, e.g. `output`.
    var name: String { option.rawValue }

    /// The option as it is typed: `--output`.
    var flag: String { option.flag }

    var takesValue: Bool { valueName != nil }

    /// `-o, --output PATH` as printed in help.
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? "    "
        text += flag
        if let valueName { text += " \(valueName)" }
        return text
    }
}
