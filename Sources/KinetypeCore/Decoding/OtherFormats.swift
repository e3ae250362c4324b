import Foundation

/// A document written in another configuration language than JSON. A YAML or TOML scene fails
/// JSON's syntax at its first word (`unexpected word "canvas"`), which names the symptom, not the
/// cause; `JSONParser` asks this when a document does not parse, and says "scenes are JSON".
enum OtherFormat: String, Sendable {
    case yaml = "YAML"
    case toml = "TOML"

    /// The language `bytes` look written in, judged by their first line that is neither blank nor a
    /// `#` comment (JSON has no comments), and that line's number; nil when that line could begin
    /// JSON or is none of these:
    /// - YAML: `---` or `%YAML`, a list item `- …`, or a bare key followed by `:` (`canvas:`,
    ///   `width: 320`);
    /// - TOML: a bare key followed by `=`, or a table header (`[canvas]`, `[[layers]]`) followed by
    ///   such a line (alone, `[canvas]` could be broken JSON, as `[NaN]` is).
    static func detect(_ bytes: [UInt8]) -> (format: OtherFormat, line: Int)? {
        let text = String(decoding: bytes.prefix(1 << 16), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().lazy
            .map { (number: $0.offset + 1, text: $0.element.trimmingCharacters(in: .whitespacesAndNewlines)) }
            .filter { !$0.text.isEmpty && !$0.text.hasPrefix("#") }
        guard let first = lines.first else { return nil }
        if isTableHeader(first.text) {
            let next = lines.dropFirst().first
            return next.flatMap { format(ofKeyLine: $0.text) } == .toml ? (.toml, first.number) : nil
        }
        let line = first.text
        if line == "---" || line.hasPrefix("--- ") || line.hasPrefix("%YAML") || line == "-" || line.hasPrefix("- ") {
            return (.yaml, first.number)
        }
        return format(ofKeyLine: line).map { ($0, first.number) }
    }

    /// `width = 320` is TOML, `width: 320` or `canvas:` YAML.
    private static func format(ofKeyLine line: String) -> OtherFormat? {
        let key = line.prefix(while: isBareKeyCharacter)
        guard !key.isEmpty else { return nil }
        let rest = line.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
        if rest.hasPrefix("=") { return .toml }
        if rest == ":" || rest.hasPrefix(": ") || rest.hasPrefix(":\t") { return .yaml }
        return nil
    }

    /// `[canvas]`, `[[layers]]`, `[canvas.background]`: a TOML table, never the start of JSON.
    private static func isTableHeader(_ line: String) -> Bool {
        var name = Substring(line)
        let comment = name.firstIndex(of: "#")
        if let comment { name = name[..<comment] }
        name = Substring(name.trimmingCharacters(in: .whitespaces))
        for bracket in ["[[", "["] where name.hasPrefix(bracket) {
            let closing = bracket == "[[" ? "]]" : "]"
            guard name.hasSuffix(closing) else { return false }
            let inside = name.dropFirst(bracket.count).dropLast(closing.count)
            return !inside.isEmpty && inside.allSatisfy { isBareKeyCharacter($0) || $0 == "." }
        }
        return false
    }

    private static func isBareKeyCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "-")
    }
}
