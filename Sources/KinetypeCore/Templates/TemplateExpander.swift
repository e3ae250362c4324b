/// Expands `{{name}}` placeholders in scene strings.
///
/// Values are inserted as plain text: an inserted value is never scanned again for placeholders,
/// and since expansion happens on decoded string values it can never change the JSON structure.
/// `{{ name }}` may have spaces around the name. Expansion reads the text once, so its time grows
/// with the text's length, and a problem found many times in one text is one `Problem` with a count.
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

    /// A problem with one placeholder, and how many placeholders of the text have it.
    public struct Problem: Equatable, Sendable {
        public var message: String
        public var hint: String?
        public var count = 1
    }

    private static let openBrace = UInt8(ascii: "{")
    private static let closeBrace = UInt8(ascii: "}")

    /// The expanded text, every problem found in it once, in the order first found (an empty list
    /// when it is valid), and the names of the placeholders it filled. Only the first
    /// `suggestingFor` unknown names get a "did you mean" (the rest are past what a run lists),
    /// so many unknown names and many values cost no more than fifty searches.
    public func expand(_ text: String, suggestingFor suggested: Int = .max) -> (
        text: String, problems: [Problem], used: Set<String>
    ) {
        let bytes = Array(text.utf8)
        // Bytes stepped over by the searches, for `WorkCounter` (counted once, at the end).
        var examined = 0
        guard var open = Self.pair(of: Self.openBrace, in: bytes, from: 0, examined: &examined) else {
            WorkCounter.add(examined, to: .templateBytes)
            return (text, [], [])
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var problems = ProblemList()
        var unknownNames: [String: Problem] = [:]
        var sortedNames: [String]?
        var used: Set<String> = []
        var copied = 0
        while true {
            result += bytes[copied..<open]
            guard let close = Self.pair(of: Self.closeBrace, in: bytes, from: open + 2, examined: &examined) else {
                problems.add(
                    Problem(
                        message: "unterminated placeholder \"{{\"", hint: "close it with \"}}\", as in \"{{name}}\""))
                copied = open
                break
            }
            let name = Self.trimmingSpaces(bytes[(open + 2)..<close])
            if name.isEmpty {
                problems.add(
                    Problem(
                        message: "empty placeholder \"{{}}\"",
                        hint: "write a name between the braces, as in \"{{name}}\""))
            } else if let value = values[name] {
                result += value.utf8
                used.insert(name)
            } else if let known = unknownNames[name] {
                problems.add(known)
            } else {
                var candidates: [String] = []
                if unknownNames.count < suggested {
                    if sortedNames == nil { sortedNames = values.keys.sorted() }
                    candidates = sortedNames ?? []
                }
                let problem = unknown(name, among: candidates)
                unknownNames[name] = problem
                problems.add(problem)
            }
            copied = close + 2
            guard let next = Self.pair(of: Self.openBrace, in: bytes, from: copied, examined: &examined) else { break }
            open = next
        }
        result += bytes[copied...]
        WorkCounter.add(examined + result.count, to: .templateBytes)
        return (String(decoding: result, as: UTF8.self), problems.problems, used)
    }

    private func unknown(_ name: String, among names: [String]) -> Problem {
        let suggestion = Suggestion.closest(to: name, among: names)
        let message =
            "unknown placeholder \(JSONText.quoted("{{" + name + "}}"))"
            + (suggestion.map { "; did you mean \(JSONText.quoted("{{" + $0 + "}}"))?" } ?? "")
        return Problem(
            message: message,
            hint: suggestion == nil
                ? "define \(JSONText.quoted(name)) in \"vars\" or pass \(CommandLineOption.set.flag) "
                    + "\(Suggestion.isComparable(name) ? name : "NAME")=…"
                : nil)
    }

    /// The offset of the first two `byte`s in a row at or after `start`; adds the bytes it stepped
    /// over to `examined`.
    private static func pair(of byte: UInt8, in bytes: [UInt8], from start: Int, examined: inout Int) -> Int? {
        var index = start
        defer { examined += max(0, min(index, bytes.count) - start) }
        while index + 1 < bytes.count {
            if bytes[index + 1] != byte {
                index += 2
            } else if bytes[index] == byte {
                return index
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The name between the braces, without the spaces and tabs around it.
    private static func trimmingSpaces(_ name: ArraySlice<UInt8>) -> String {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = name.firstIndex(where: { !isSpace($0) }), let last = name.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: name[first...last], as: UTF8.self)
    }

    /// Problems in the order first found, each once with its count.
    private struct ProblemList {
        private(set) var problems: [Problem] = []
        private var positions: [String: Int] = [:]

        mutating func add(_ problem: Problem) {
            if let index = positions[problem.message] {
                problems[index].count += 1
            } else {
                positions[problem.message] = problems.count
                problems.append(problem)
            }
        }
    }
}
