import Foundation
import KinetypeCore

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
