/// A command line split into positional arguments, option values and flags.
struct ParsedArguments {
    var positionals: [String] = []
    /// Values of value-taking options by long name, in the order given.
    var values: [String: [String]] = [:]
    /// Flags that were given, by long name.
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }
}
