import Foundation
import KinetypeCore

/// How SVG output writes numbers and text: the shortest form of a number at a given number of
/// decimals (`12`, `2.5`, `.25`, `-.5`, never `-0`), and text escaped for XML character data and
/// attributes, so the same document always gives the same bytes.
public enum SVGText {
    /// `value` rounded to `decimals` decimals, in its shortest form.
    public static func number(_ value: Double, decimals: Int = 0) -> String {
        let factor = pow(10, Double(decimals))
        let scaled = (value * factor).rounded()
        if scaled == 0 || !scaled.isFinite { return "0" }
        let negative = scaled < 0
        let magnitude = abs(scaled)
        // An integral double below 2^53 is an exact Int64, whose digits are those of "%.0f".
        var digits = magnitude < 0x1p53 ? String(Int64(magnitude)) : String(format: "%.0f", magnitude)
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
            let split = digits.index(digits.endIndex, offsetBy: -decimals)
            var fraction = String(digits[split...])
            var whole = String(digits[..<split])
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if whole == "0" { whole = "" }
            digits = fraction.isEmpty ? (whole.isEmpty ? "0" : whole) : whole + "." + fraction
        }
        return (negative ? "-" : "") + digits
    }

    /// `text` escaped for an attribute value in double quotes or for character data: `&`, `<`, `>`
    /// and `"` as entities, and line breaks and tabs as character references (an attribute would
    /// otherwise read them as spaces); other control characters, which XML 1.0 cannot hold, are
    /// left out.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A color as `#rrggbb` (its alpha is given apart, as an opacity).
    public static func hex(_ color: Color) -> String {
        let channel = { (value: Double) in Int((min(max(value, 0), 1) * 255).rounded()) }
        let value = channel(color.red) << 16 | channel(color.green) << 8 | channel(color.blue)
        let text = String(value, radix: 16)
        return "#" + String(repeating: "0", count: 6 - text.count) + text
    }
}
