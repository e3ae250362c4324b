/// Expands `{{name}}` placeholders in scene strings.
///
/// Values are inserted as plain text: an inserted value is never scanned again for placeholders,
/// and since expansion happens on decoded string values it can never change the JSON structure.
/// `{{ name }}` may have spaces around the name.
public struct TemplateExpander: Sendable {
    /// Placeholder values by name.
    public var values: [String: String]

    public init(values: [String: String]) {
        self.values = values
    }

    /// Values from the scene's `vars`, overridden by `overrides` (batch data, then `--set`).
    public init(vars: [String: String], overrides: [String: String]) {
        self.values = vars.merging(overrides) { _, override in override }
    }

    /// A problem with one placeholder.
    public struct Problem: Equatable, Sendable {
        public var message: String
        public var hint: String?
    }

    /// The expanded text, every problem found in it (an empty list when it is valid), and the
    /// names of the placeholders it filled.
    public func expand(_ text: String) -> (text: String, problems: [Problem], used: Set<String>) {
        guard text.contains("{{") else { return (text, [], []) }
        var result = ""
        var problems: [Problem] = []
        var used: Set<String> = []
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.range(of: "}}") else {
                problems.append(
                    Problem(
                        message: "unterminated placeholder \"{{\"",
                        hint: "close it with \"}}\", as in \"{{name}}\""))
                result += rest[open.lowerBound...]
                rest = rest[rest.endIndex...]
                break
            }
            let name = afterOpen[..<close.lowerBound].trimmingSpaces
            if name.isEmpty {
                problems.append(
                    Problem(
                        message: "empty placeholder \"{{}}\"",
                        hint: "write a name between the braces, as in \"{{name}}\""))
            } else if let value = values[name] {
                result += value
                used.insert(name)
            } else {
                let suggestion = Suggestion.closest(to: name, among: values.keys.sorted())
                let message =
                    "unknown placeholder \(JSONText.quoted("{{" + name + "}}"))"
                    + (suggestion.map { "; did you mean \"{{\($0)}}\"?" } ?? "")
                problems.append(
                    Problem(
                        message: message,
                        hint: suggestion == nil
                            ? "define \(JSONText.quoted(name)) in \"vars\" or pass --set \(Suggestion.isComparable(name) ? name : "NAME")=…"
                            : nil))
            }
            rest = afterOpen[close.upperBound...]
        }
        result += rest
        return (result, problems, used)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        var slice = self
        while slice.first == " " || slice.first == "\t" { slice.removeFirst() }
        while slice.last == " " || slice.last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
