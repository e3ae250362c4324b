/// A straight (not premultiplied) sRGB color with components in 0...1.
public struct Color: Equatable, Hashable, Codable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// `#RRGGBBAA`, the canonical spelling used in messages and `kinetype info`.
    public var description: String {
        func hex(_ v: Double) -> String {
            let byte = Int((min(max(v, 0), 1) * 255).rounded())
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + hex(red) + hex(green) + hex(blue) + hex(alpha)
    }
}

/// How an area is painted: a flat color or a linear gradient.
public enum Fill: Equatable, Hashable, Sendable {
    case color(Color)
    /// A linear gradient from `from` to `to`; `angle` in degrees, 0 = left to right, 90 = top to bottom.
    /// In a right-to-left layout the angle is kept unless `mirrorsInRightToLeft` (then it becomes
    /// 180 − angle, the horizontal mirror image).
    case linear(from: Color, to: Color, angle: Double, mirrorsInRightToLeft: Bool = false)

    public static let transparent = Fill.color(.transparent)

    /// The fill as drawn in a layout of `direction`: a gradient that mirrors in right-to-left
    /// layouts gets the mirrored angle (180 − angle); everything else is unchanged.
    public func laidOut(in direction: LayoutDirection) -> Fill {
        guard direction.isRightToLeft, case .linear(let from, let to, let angle, true) = self else { return self }
        return .linear(from: from, to: to, angle: 180 - angle, mirrorsInRightToLeft: true)
    }
}
