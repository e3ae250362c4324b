import Foundation

/// Text made safe to place in an HTML page: markup characters become entities, and characters that
/// could hide or reorder what a page shows (control and format characters such as bidi overrides
/// and zero-width spaces, line and paragraph separators) are shown as visible `\u{…}` escapes, so a
/// scene name or path reads exactly as it is.
public enum HTMLText {
    /// `text` escaped for element content and for double- or single-quoted attribute values.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case _ where isHidden(scalar): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether the character is invisible or changes how the text around it is laid out.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// One argument of a shell command line, quoted for POSIX shells when it needs it: as is when
    /// it has only safe characters, in single quotes otherwise, and as bash/zsh `$'…'` with `\u`
    /// escapes when it holds control or format characters (which single quotes cannot show).
    public static func shellQuoted(_ argument: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,@%+")
        if !argument.isEmpty, argument.allSatisfy({ safe.contains($0) }) { return argument }
        if argument.unicodeScalars.contains(where: isHidden) {
            var result = "$'"
            for scalar in argument.unicodeScalars {
                switch scalar {
                case "\\": result += "\\\\"
                case "'": result += "\\'"
                case _ where isHidden(scalar):
                    let digits = String(scalar.value, radix: 16)
                    result +=
                        scalar.value <= 0xFFFF
                        ? "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                        : "\\U" + String(repeating: "0", count: 8 - digits.count) + digits
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result + "'"
        }
        return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A command line from its arguments, each quoted with `shellQuoted`.
    public static func shellCommand(_ arguments: [String]) -> String {
        arguments.map(shellQuoted).joined(separator: " ")
    }
}
