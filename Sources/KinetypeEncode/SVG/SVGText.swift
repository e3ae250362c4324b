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

/// A shape's outline as SVG path data, on a grid of whole units: every point is rounded to the
/// grid first, and each command is relative to the point before (`m`, `l`, `h`, `v`, `q`, `t`,
/// `c`, `s`, `z`), so numbers stay short. A cubic segment that is a quadratic one raised (as
/// FreeType gives TrueType's outlines) is written as `q`, and as `t` where its control point is
/// the previous one's reflection (TrueType's implied on-curve points); a command repeated is
/// written once.
public struct SVGPathData {
    /// Grid units per unit of the path's coordinates.
    public let unitsPerPoint: Double

    public init(unitsPerPoint: Double) {
        self.unitsPerPoint = unitsPerPoint
    }

    private struct Cursor {
        var x = 0
        var y = 0
    }

    private struct Writer {
        var text = ""
        var command: Character?

        mutating func add(_ letter: Character, _ numbers: [Int]) {
            if command != letter || letter == "m" {
                text.append(letter)
                command = letter
            } else if let first = numbers.first, first >= 0 {
                text.append(" ")
            }
            for (index, number) in numbers.enumerated() {
                if index > 0 && number >= 0 { text.append(" ") }
                text += String(number)
            }
        }

        mutating func close() {
            text.append("z")
            command = "z"
        }
    }

    /// The path data of `path` on the grid.
    public func encode(_ path: VectorPath) -> String {
        var writer = Writer()
        var cursor = Cursor()
        let grid = { (point: Point) -> (Int, Int) in
            (Int((point.x * unitsPerPoint).rounded()), Int((point.y * unitsPerPoint).rounded()))
        }
        for contour in path.contours where !contour.vertices.isEmpty {
            let count = contour.vertices.count
            let start = grid(contour.vertices[0])
            writer.add("m", [start.0 - cursor.x, start.1 - cursor.y])
            cursor = Cursor(x: start.0, y: start.1)
            // The reflected control point a `t` or `s` would take, when the segment before was one.
            var quadratic: (Int, Int)?
            var cubic: (Int, Int)?
            let segments = contour.closed ? count : count - 1
            for index in 0..<segments {
                let from = contour.vertices[index]
                let next = (index + 1) % count
                let to = contour.vertices[next]
                let out = contour.outTangents[index]
                let into = contour.inTangents[next]
                let end = grid(to)
                let dx = end.0 - cursor.x
                let dy = end.1 - cursor.y
                let isLast = index == segments - 1
                defer { cursor = Cursor(x: end.0, y: end.1) }
                if out == .zero && into == .zero {
                    quadratic = nil
                    cubic = nil
                    // The closing line is the `z`.
                    if contour.closed && isLast { continue }
                    if dx == 0 && dy == 0 { continue }
                    if dy == 0 {
                        writer.add("h", [dx])
                    } else if dx == 0 {
                        writer.add("v", [dy])
                    } else {
                        writer.add("l", [dx, dy])
                    }
                    continue
                }
                let c1 = Point(x: from.x + out.x, y: from.y + out.y)
                let c2 = Point(x: to.x + into.x, y: to.y + into.y)
                // A quadratic's control point, seen from either end of the cubic that raises it.
                let q1 = Point(x: from.x + 1.5 * out.x, y: from.y + 1.5 * out.y)
                let q2 = Point(x: to.x + 1.5 * into.x, y: to.y + 1.5 * into.y)
                let tolerance = 0.5 / unitsPerPoint
                if abs(q1.x - q2.x) <= tolerance && abs(q1.y - q2.y) <= tolerance {
                    var control = grid(Point(x: (q1.x + q2.x) / 2, y: (q1.y + q2.y) / 2))
                    cubic = nil
                    if let reflected = quadratic, abs(reflected.0 - control.0) <= 1, abs(reflected.1 - control.1) <= 1 {
                        control = reflected
                        writer.add("t", [dx, dy])
                    } else {
                        writer.add("q", [control.0 - cursor.x, control.1 - cursor.y, dx, dy])
                    }
                    quadratic = (2 * end.0 - control.0, 2 * end.1 - control.1)
                    continue
                }
                let first = grid(c1)
                let second = grid(c2)
                quadratic = nil
                if let reflected = cubic, reflected == first {
                    writer.add("s", [second.0 - cursor.x, second.1 - cursor.y, dx, dy])
                } else {
                    writer.add(
                        "c", [first.0 - cursor.x, first.1 - cursor.y, second.0 - cursor.x, second.1 - cursor.y, dx, dy])
                }
                cubic = (2 * end.0 - second.0, 2 * end.1 - second.1)
            }
            if contour.closed {
                writer.close()
                cursor = Cursor(x: start.0, y: start.1)
            }
        }
        return writer.text
    }
}
