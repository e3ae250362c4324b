/// One option a command accepts, as shown in its help.
struct OptionSpec {
    /// Long name without dashes, e.g. `output`.
    let name: String
    /// Single-letter short name, e.g. `o`.
    let short: Character?
    /// The value's placeholder in help (`PATH`), or nil for a flag.
    let valueName: String?
    let repeatable: Bool
    let help: String
    /// What a shell completes for the value.
    let completion: ValueCompletion

    init(
        _ name: String, short: Character? = nil, value valueName: String? = nil, repeatable: Bool = false,
        help: String, completion: ValueCompletion = .none
    ) {
        self.completion = completion
        self.name = name
        self.short = short
        self.valueName = valueName
        self.repeatable = repeatable
        self.help = help
    }

    var takesValue: Bool { valueName != nil }

    /// `-o, --output PATH` as printed in help.
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? "    "
        text += "--\(name)"
        if let valueName { text += " \(valueName)" }
        return text
    }
}
