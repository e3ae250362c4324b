import Foundation

/// SwiftUI's spring as a damped harmonic oscillator with mass 1, moving from 0 to 1 at rest:
/// stiffness = (2π / response)², damping = 4π · dampingFraction / response.
/// Under-, critically and over-damped motions use their closed forms.
public struct SpringCurve: Equatable, Sendable {
    public var response: Double
    public var dampingFraction: Double

    public init(response: Double, dampingFraction: Double) {
        self.response = response
        self.dampingFraction = dampingFraction
    }

    /// The spring has settled once both |x − 1| and |velocity| (distance per second) stay below this.
    public static let settleThreshold = 0.001
    /// Springs that never settle (no damping) are cut off at this many seconds.
    public static let maximumSettleTime = 10.0

    /// Undamped angular frequency ω₀ = 2π / response.
    public var angularFrequency: Double { 2 * Double.pi / response }
    public var stiffness: Double { angularFrequency * angularFrequency }
    public var damping: Double { 4 * Double.pi * dampingFraction / response }

    /// Position at `time` seconds (0 at time 0, tending to 1).
    public func value(at time: Double) -> Double { 1 + displacementAndVelocity(at: time).displacement }

    /// Velocity (distance per second) at `time`.
    public func velocity(at time: Double) -> Double { displacementAndVelocity(at: time).velocity }

    /// y = x − 1 and its derivative; y(0) = −1, y'(0) = 0.
    func displacementAndVelocity(at t: Double) -> (displacement: Double, velocity: Double) {
        guard response > 0 else { return (0, 0) }
        if t <= 0 { return (-1, 0) }
        let w0 = angularFrequency
        let zeta = max(dampingFraction, 0)
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let a = -1.0
            let b = zeta * w0 * a / wd
            let decay = exp(-zeta * w0 * t)
            let c = cos(wd * t)
            let s = sin(wd * t)
            let y = decay * (a * c + b * s)
            let v = decay * ((b * wd - zeta * w0 * a) * c - (a * wd + zeta * w0 * b) * s)
            return (y, v)
        } else if zeta == 1 {
            let decay = exp(-w0 * t)
            let a = -1.0
            let b = -w0
            return ((a + b * t) * decay, (b - w0 * (a + b * t)) * decay)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root)
            let r2 = -w0 * (zeta + root)
            let c1 = r2 / (r1 - r2)
            let c2 = -1 - c1
            let e1 = exp(r1 * t)
            let e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }

    /// Seconds until the spring has settled: from then on |x − 1| and |velocity| stay below
    /// `settleThreshold`. At most `maximumSettleTime`.
    public var settleTime: Double {
        guard response > 0 else { return 0 }
        let threshold = Self.settleThreshold
        let horizon = min(envelopeBoundTime(threshold: threshold), Self.maximumSettleTime)
        guard horizon > 0 else { return 0 }
        func unsettled(_ t: Double) -> Bool {
            let (y, v) = displacementAndVelocity(at: t)
            return abs(y) >= threshold || abs(v) >= threshold
        }
        if unsettled(horizon) { return horizon }
        let samples = 4000
        let step = horizon / Double(samples)
        var lastUnsettled = -1
        for i in 0...samples where unsettled(Double(i) * step) { lastUnsettled = i }
        guard lastUnsettled >= 0 else { return 0 }
        var low = Double(lastUnsettled) * step
        var high = low + step
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if unsettled(mid) { low = mid } else { high = mid }
        }
        return high
    }

    /// A time after which the exponential envelopes of displacement and velocity are both
    /// below `threshold`, so the spring cannot become unsettled again.
    func envelopeBoundTime(threshold: Double) -> Double {
        let w0 = angularFrequency
        let zeta = max(dampingFraction, 0)
        let rate: Double
        let amplitude: Double
        if zeta < 1 {
            guard zeta > 0 else { return .infinity }
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = zeta * w0 / wd
            rate = zeta * w0
            amplitude = (1 + b * b).squareRoot() * max(1, w0)
        } else if zeta == 1 {
            // (1 + ω₀t)e^{−ω₀t} ≤ e^{−ω₀t/2}·2/√e·…; bound with half the rate and a generous amplitude.
            rate = w0 / 2
            amplitude = 2 * max(1, w0 * w0)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root)
            let r2 = -w0 * (zeta + root)
            let c1 = r2 / (r1 - r2)
            let c2 = -1 - c1
            rate = -r1
            amplitude = (abs(c1) + abs(c2)) * max(1, abs(r2))
        }
        guard rate > 0 else { return .infinity }
        return max(0, log(amplitude / threshold) / rate)
    }
}
