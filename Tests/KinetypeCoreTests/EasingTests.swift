import XCTest

@testable import KinetypeCore

final class EasingTests: XCTestCase {
    /// An independent reference: bisection on x(s) with the plain Bernstein form, to ~1e-15.
    private func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func bernstein(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * c1 + 3 * u * s * s * c2 + s * s * s
        }
        var low = 0.0
        var high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if bernstein(mid, x1, x2) < x { low = mid } else { high = mid }
        }
        return bernstein((low + high) / 2, y1, y2)
    }

    func testNamedEasingsAreTheSpecCurves() {
        XCTAssertEqual(Easing.easeIn, .cubicBezier(0.42, 0, 1, 1))
        XCTAssertEqual(Easing.easeOut, .cubicBezier(0, 0, 0.58, 1))
        XCTAssertEqual(Easing.easeInOut, .cubicBezier(0.42, 0, 0.58, 1))
    }

    func testCubicBezierMatchesReferenceTo1e4() {
        let curves: [(Double, Double, Double, Double)] = [
            (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1),
            (0.68, -0.55, 0.265, 1.55), (0.9, 0, 0.1, 1), (1, 0, 0, 1),
        ]
        for (x1, y1, x2, y2) in curves {
            let curve = EasingCurve(.cubicBezier(x1, y1, x2, y2))
            for step in 0...100 {
                let x = Double(step) / 100
                let expected = referenceBezier(x1, y1, x2, y2, at: x)
                XCTAssertEqual(curve.value(at: x), expected, accuracy: 1e-4, "curve (\(x1),\(y1),\(x2),\(y2)) at \(x)")
            }
        }
    }

    func testEaseInOutKnownValues() {
        let curve = EasingCurve(.easeInOut)
        XCTAssertEqual(curve.value(at: 0.5), 0.5, accuracy: 1e-7)
        // Symmetric curve: f(x) + f(1 - x) = 1.
        XCTAssertEqual(curve.value(at: 0.2) + curve.value(at: 0.8), 1, accuracy: 1e-7)
        XCTAssertEqual(curve.value(at: 0.25), referenceBezier(0.42, 0, 0.58, 1, at: 0.25), accuracy: 1e-6)
        XCTAssertEqual(curve.value(at: 0), 0)
        XCTAssertEqual(curve.value(at: 1), 1)
    }

    func testBezierParameterSolvesXTo1e7() {
        let curve = CubicBezier(1, 0, 0, 1) // flat derivative at both ends: Newton falls back
        for step in 1..<1000 {
            let x = Double(step) / 1000
            let s = curve.parameter(forX: x)
            XCTAssertEqual(CubicBezier.coordinate(s, 1, 0), x, accuracy: 1e-7)
        }
    }

    func testLinearStepsAndHold() {
        let linear = EasingCurve(.linear)
        XCTAssertEqual(linear.value(at: 0.3), 0.3)
        let steps = EasingCurve(.steps(4))
        XCTAssertEqual(steps.value(at: 0), 0)
        XCTAssertEqual(steps.value(at: 0.24), 0)
        XCTAssertEqual(steps.value(at: 0.25), 0.25)
        XCTAssertEqual(steps.value(at: 0.99), 0.75)
        XCTAssertEqual(steps.value(at: 1), 1)
        let hold = EasingCurve(.hold)
        XCTAssertEqual(hold.value(at: 0.999), 0)
        XCTAssertEqual(hold.value(at: 1), 1)
    }

    func testNaturalDurationOnlyForSprings() {
        XCTAssertNil(EasingCurve(.easeInOut).naturalDuration)
        let spring = EasingCurve(.spring(response: 0.5, dampingFraction: 0.825))
        XCTAssertEqual(spring.naturalDuration, SpringCurve(response: 0.5, dampingFraction: 0.825).settleTime)
    }

    func testSpringEasingRunsInRealTimeOverItsSettleTime() {
        let spring = SpringCurve(response: 0.4, dampingFraction: 0.6)
        let curve = EasingCurve(.spring(response: 0.4, dampingFraction: 0.6))
        let settle = spring.settleTime
        for fraction in [0.1, 0.25, 0.5, 0.9] {
            XCTAssertEqual(curve.value(at: fraction), spring.value(at: fraction * settle), accuracy: 1e-12)
        }
        XCTAssertEqual(curve.value(at: 1), 1)
    }
}
