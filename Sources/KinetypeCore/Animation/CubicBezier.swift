/// A CSS-style timing curve: a cubic Bézier from (0,0) to (1,1) with control points
/// (x1, y1) and (x2, y2). `value(at:)` solves x(s) = progress for the curve parameter s
/// (Newton–Raphson, falling back to bisection) to 1e-7, then returns y(s).
public struct CubicBezier: Equatable, Sendable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// How close x(s) must come to the requested progress.
    public static let tolerance = 1e-7

    /// The eased value at `progress` in 0...1 (clamped outside).
    public func value(at progress: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        return Self.coordinate(parameter(forX: progress), y1, y2)
    }

    /// The curve parameter s with x(s) = x.
    func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.coordinate(s, x1, x2) - x
            if abs(error) < Self.tolerance { return s }
            let slope = Self.derivative(s, x1, x2)
            if abs(slope) < 1e-6 { break }
            s -= error / slope
            if s < 0 || s > 1 { break }
        }
        var low = 0.0
        var high = 1.0
        s = x
        for _ in 0..<100 {
            let value = Self.coordinate(s, x1, x2)
            if abs(value - x) < Self.tolerance { return s }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    /// One coordinate of the curve at parameter s, given its two inner control values.
    static func coordinate(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        // Bernstein form: 3(1-s)²s·c1 + 3(1-s)s²·c2 + s³, in Horner form.
        let a = 1 + 3 * c1 - 3 * c2
        let b = 3 * c2 - 6 * c1
        let c = 3 * c1
        return ((a * s + b) * s + c) * s
    }

    static func derivative(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let a = 1 + 3 * c1 - 3 * c2
        let b = 3 * c2 - 6 * c1
        let c = 3 * c1
        return (3 * a * s + 2 * b) * s + c
    }
}
