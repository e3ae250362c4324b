/// JSON spellings used in messages and output, and the one rule for echoing a user's value in a
/// message: escaped (controls and bidi characters, so nothing can rewrite the terminal) and cut
/// past a limit (so a megabyte-long value never fills one).
public enum JSONText {
    /// The most characters of a value that a message quotes; longer values are shortened.
    public static let quotedCharacterLimit = 60

    /// `text` as a JSON string literal for a message: `"a\"b"`. A value longer than
    /// `quotedCharacterLimit` characters is cut there and marked: `"aaaa…" (1048576 characters)`,
    /// so a huge value never fills a terminal.
    public static func quoted(_ text: String) -> String {
        quoted(text, limit: quotedCharacterLimit)
    }

    /// The most characters of a file path that a message quotes: real paths are long, so they get
    /// more room than other values, but a megabyte-long "path" is still cut.
    public static let quotedPathLimit = 1024

    /// A file path as a JSON string literal for a message, shortened past `quotedPathLimit`.
    public static func quotedPath(_ path: String) -> String {
        quoted(path, limit: quotedPathLimit)
    }

    /// `text` where a message shows it without quotes (a table cell, the path after "cannot
    /// write"): escaped and cut as `quoted` does, `aaaa… (1048576 characters)`, except that `"`
    /// and `\` stay as they are, so an ordinary name or path reads exactly as written.
    public static func unquoted(_ text: String, limit: Int = quotedCharacterLimit) -> String {
        guard isLonger(text, than: limit) else { return escaped(text, quoting: false) }
        return escaped(String(text.prefix(limit)), quoting: false) + "… (\(text.count) characters)"
    }

    /// A file path where a message shows it without quotes, cut past `quotedPathLimit`.
    public static func unquotedPath(_ path: String) -> String {
        unquoted(path, limit: quotedPathLimit)
    }

    /// The most names one message lists (layer ids, a cycle); the others are counted.
    public static let listedNameLimit = 20

    private static func quoted(_ text: String, limit: Int) -> String {
        guard isLonger(text, than: limit) else { return literal(text) }
        return literal(String(text.prefix(limit)) + "…") + " (\(text.count) characters)"
    }

    private static func isLonger(_ text: String, than limit: Int) -> Bool {
        text.utf8.count > limit && text.dropFirst(limit).first != nil
    }

    /// `text` as a complete JSON string literal: `"a\"b"`, never shortened (for JSON output).
    static func literal(_ text: String) -> String {
        "\"" + escaped(text, quoting: true) + "\""
    }

    /// `text` with controls and bidi characters written as JSON escapes; with `quoting`, `"` and
    /// `\` too, as inside a string literal.
    static func escaped(_ text: String, quoting: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"" where quoting: result += "\\\""
            case "\\" where quoting: result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isBidiControl(scalar):
                let digits = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Characters that reorder or hide the text around them on a terminal (bidirectional
    /// embeddings, overrides, isolates and marks, line and paragraph separators): escaped, so a
    /// value can never make a message read differently from what it says.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Quoted names as a sentence list: `"a"`, `"a" and "b"`, `"a", "b" and "c"` (or, with
    /// `conjunction` "or", `"a", "b" or "c"`); past `listedNameLimit` names, `"a", "b", … and 99980 more`.
    public static func list(_ names: [String], conjunction: String = "and") -> String {
        guard names.count <= listedNameLimit else {
            return names.prefix(listedNameLimit).map(quoted).joined(separator: ", ")
                + ", … \(conjunction) \(names.count - listedNameLimit) more"
        }
        let quotedNames = names.map(quoted)
        guard quotedNames.count > 1 else { return quotedNames.first ?? "" }
        return quotedNames.dropLast().joined(separator: ", ") + " \(conjunction) " + quotedNames.last!
    }

    /// Quoted names joined by arrows, as a cycle reads: `"a" → "b" → "a"`. Past
    /// `listedNameLimit` names, the first ones and the last: `"a" → "b" → … (99981 more) → "a"`.
    public static func chain(_ names: [String]) -> String {
        guard names.count > listedNameLimit, let last = names.last else {
            return names.map(quoted).joined(separator: " → ")
        }
        let first = names.prefix(listedNameLimit - 1).map(quoted)
        return (first + ["… (\(names.count - listedNameLimit) more)", quoted(last)]).joined(separator: " → ")
    }

    /// A number as a person writes it: `240`, `0.5`, `1e+30`.
    public static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
