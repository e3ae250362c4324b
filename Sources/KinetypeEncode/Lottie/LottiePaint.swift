/// A solid fill of the paths before it.
public struct LottieFill: Sendable {
    /// Its color, `[r, g, b, 1]` in 0…1 (`c`); the alpha is `opacity`'s.
    public var color: LottieProperty<[Double]>
    /// Its opacity in percent, 0…100 (`o`).
    public var opacity: LottieProperty<Double>
    /// Which points are inside (`r`).
    public var rule: LottieFillRule

    public init(color: LottieProperty<[Double]>, opacity: LottieProperty<Double>, rule: LottieFillRule = .nonZero) {
        self.color = color
        self.opacity = opacity
        self.rule = rule
    }

    func write(members writer: inout LottieWriter) {
        writer.member("c", color)
        writer.member("o", opacity)
        writer.member("r", rule)
    }
}

/// A gradient fill of the paths before it.
public struct LottieGradientFill: Sendable {
    /// Its opacity in percent, 0…100 (`o`).
    public var opacity: LottieProperty<Double>
    /// Which points are inside (`r`).
    public var rule: LottieFillRule
    /// The color stops (`g`).
    public var colors: LottieGradientColors
    /// Where the gradient starts, `[x, y]` (`s`).
    public var start: LottieProperty<[Double]>
    /// Where it ends, `[x, y]` (`e`).
    public var end: LottieProperty<[Double]>
    /// Its kind (`t`).
    public var type: LottieGradientType

    public init(
        opacity: LottieProperty<Double>, rule: LottieFillRule = .nonZero, colors: LottieGradientColors,
        start: LottieProperty<[Double]>, end: LottieProperty<[Double]>, type: LottieGradientType
    ) {
        self.opacity = opacity
        self.rule = rule
        self.colors = colors
        self.start = start
        self.end = end
        self.type = type
    }

    func write(members writer: inout LottieWriter) {
        writer.member("o", opacity)
        writer.member("r", rule)
        writer.member("g", colors)
        writer.member("s", start)
        writer.member("e", end)
        writer.member("t", type)
    }
}

/// A gradient's color stops: `count` (`p`) stops of four numbers each in `stops` (`k`), the
/// offset (0…1) then red, green and blue (0…1), followed by any opacity stops.
public struct LottieGradientColors: LottieEncodable {
    /// The number of color stops (`p`).
    public var count: Int
    /// The stops, flat (`k`).
    public var stops: LottieProperty<[Double]>

    public init(count: Int, stops: LottieProperty<[Double]>) {
        self.count = count
        self.stops = stops
    }

    public func write(to writer: inout LottieWriter) {
        writer.object { writer in
            writer.member("p", count)
            writer.member("k", stops)
        }
    }
}

/// Which points a fill paints.
public enum LottieFillRule: Int, LottieEncodable {
    /// 1: where the paths wind around the point other than zero times, as Cairo fills.
    case nonZero = 1
}

/// A gradient's kind.
public enum LottieGradientType: Int, LottieEncodable {
    /// 1: along the line from the start to the end.
    case linear = 1
}
