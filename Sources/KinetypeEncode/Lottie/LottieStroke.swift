/// A stroke along the paths before it.
public struct LottieStroke: Sendable {
    /// Its color, `[r, g, b, 1]` in 0…1 (`c`); the alpha is `opacity`'s.
    public var color: LottieProperty<[Double]>
    /// Its opacity in percent, 0…100 (`o`).
    public var opacity: LottieProperty<Double>
    /// Its width (`w`).
    public var width: LottieProperty<Double>
    /// The ends of open paths (`lc`).
    public var lineCap: LottieLineCap
    /// The corners (`lj`).
    public var lineJoin: LottieLineJoin
    /// How far a miter corner may reach, in stroke widths (`ml`).
    public var miterLimit: Double

    public init(
        color: LottieProperty<[Double]>, opacity: LottieProperty<Double>, width: LottieProperty<Double>,
        lineCap: LottieLineCap, lineJoin: LottieLineJoin, miterLimit: Double
    ) {
        self.color = color
        self.opacity = opacity
        self.width = width
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
    }

    func write(members writer: inout LottieWriter) {
        writer.member("c", color)
        writer.member("o", opacity)
        writer.member("w", width)
        writer.member("lc", lineCap)
        writer.member("lj", lineJoin)
        writer.member("ml", miterLimit)
    }
}

/// How a stroke ends an open path.
public enum LottieLineCap: Int, LottieEncodable {
    /// 1: at the end, squarely.
    case butt = 1
}

/// How a stroke turns a corner.
public enum LottieLineJoin: Int, LottieEncodable {
    /// 1: a sharp corner, cut at the miter limit.
    case miter = 1
}
