/// An `Easing` prepared for evaluation: maps progress through an animation (0...1) to the
/// fraction of the way from the start value to the end value.
///
/// - `steps(n)` jumps at the end of each step (CSS `jump-end`): 0 until 1/n, …, 1 only at the end.
/// - `hold` keeps 0 until the end, then 1.
/// - `jump` is 1 from the start on (CSS `step-start`), and lasts no time by itself.
/// - A spring runs in real time when the animation lasts its settle time (the default duration);
///   an explicit duration stretches or squeezes the spring so that it settles exactly at the end.
///   Its value may overshoot 1 on the way.
public struct EasingCurve: Equatable, Sendable {
    public enum Shape: Equatable, Sendable {
        case linear
        case bezier(CubicBezier)
        case spring(SpringCurve, settleTime: Double)
        case steps(Int)
        case hold
        case jump
    }

    public var shape: Shape

    public init(_ easing: Easing) {
        switch easing {
        case .linear: shape = .linear
        case .cubicBezier(let x1, let y1, let x2, let y2): shape = .bezier(CubicBezier(x1, y1, x2, y2))
        case .spring(let response, let dampingFraction):
            let spring = SpringCurve(response: response, dampingFraction: dampingFraction)
            shape = .spring(spring, settleTime: spring.settleTime)
        case .steps(let count): shape = .steps(max(1, count))
        case .hold: shape = .hold
        case .jump: shape = .jump
        }
    }

    /// The duration this easing brings by itself: a spring's settle time, none for a jump; nil for
    /// the others.
    public var naturalDuration: Double? {
        if case .spring(_, let settleTime) = shape { return settleTime }
        if case .jump = shape { return 0 }
        return nil
    }

    /// Whether the end value shows from the very start (`jump`).
    public var jumpsAtStart: Bool { shape == .jump }

    /// The eased fraction at `progress` (clamped to 0...1); exactly 0 at 0 and 1 at 1, but for a
    /// jump, which is 1 from 0 on.
    public func value(at progress: Double) -> Double {
        if case .jump = shape { return progress < 0 ? 0 : 1 }
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        switch shape {
        case .linear: return progress
        case .bezier(let curve): return curve.value(at: progress)
        case .spring(let spring, let settleTime):
            return settleTime > 0 ? spring.value(at: progress * settleTime) : 1
        case .steps(let count):
            let n = Double(count)
            return min(1, ((progress * n) + 1e-9).rounded(.down) / n)
        case .hold: return 0
        case .jump: return 1
        }
    }
}
