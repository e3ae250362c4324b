import Kinetype

/// A command line split into positional arguments, option values and flags. Typed options are
/// read with `arguments[option]` (the last value given, converted) and `arguments.all(option)`.
struct ParsedArguments {
    /// The command whose line this is, named in usage errors.
    var command: String = ""
    var positionals: [String] = []
    /// Values of value-taking options by long name, in the order given.
    var values: [String: [String]] = [:]
    /// Flags that were given, by long name.
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// The option's value, converted, or nil when it was not given.
    /// Throws the usage error of its kind when the text is not a value of it.
    subscript<Value>(option: Option<Value>) -> Value? {
        get throws(DiagnosticList) {
            guard let text = value(option.name) else { return nil }
            return try convert(text, option)
        }
    }

    /// Whether the flag was given.
    subscript(flag: Flag) -> Bool { has(flag.name) }

    /// Every value of a repeatable option, converted, in the order given.
    func all<Value>(_ option: Option<Value>) throws(DiagnosticList) -> [Value] {
        var result: [Value] = []
        for text in all(option.name) { result.append(try convert(text, option)) }
        return result
    }

    private func convert<Value>(_ text: String, _ option: Option<Value>) throws(DiagnosticList) -> Value {
        guard let value = option.kind.convert(text) else { throw option.error(for: text, command: command) }
        return value
    }
}
