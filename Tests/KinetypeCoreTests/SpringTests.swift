import XCTest

@testable import KinetypeCore

final class SpringTests: XCTestCase {
    /// Independent reference: integrates x'' = -k(x - 1) - c x' with RK4 at a tiny step.
    private func integrate(response: Double, dampingFraction: Double, until end: Double) -> (x: Double, v: Double) {
        let k = pow(2 * Double.pi / response, 2)
        let c = 4 * Double.pi * dampingFraction / response
        func acceleration(_ x: Double, _ v: Double) -> Double { -k * (x - 1) - c * v }
        let steps = 20_000
        let h = end / Double(steps)
        var x = 0.0
        var v = 0.0
        for _ in 0..<steps {
            let k1x = v
            let k1v = acceleration(x, v)
            let k2x = v + h / 2 * k1v
            let k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v
            let k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v
            let k4v = acceleration(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (x, v)
    }

    func testClosedFormsMatchNumericalIntegration() {
        for damping in [0.3, 0.825, 1.0, 1.7] {
            let spring = SpringCurve(response: 0.5, dampingFraction: damping)
            for time in [0.05, 0.13, 0.3, 0.6, 1.1] {
                let reference = integrate(response: 0.5, dampingFraction: damping, until: time)
                XCTAssertEqual(spring.value(at: time), reference.x, accuracy: 1e-7, "ζ=\(damping) t=\(time)")
                XCTAssertEqual(spring.velocity(at: time), reference.v, accuracy: 1e-6, "ζ=\(damping) t=\(time)")
            }
        }
    }

    func testStartsAtRestAndOvershootsOnlyWhenUnderdamped() {
        let bouncy = SpringCurve(response: 0.5, dampingFraction: 0.3)
        XCTAssertEqual(bouncy.value(at: 0), 0)
        XCTAssertEqual(bouncy.velocity(at: 0), 0)
        let peak = stride(from: 0.0, through: 1.0, by: 0.001).map(bouncy.value(at:)).max()!
        XCTAssertGreaterThan(peak, 1.3)
        let critical = SpringCurve(response: 0.5, dampingFraction: 1)
        XCTAssertLessThanOrEqual(stride(from: 0.0, through: 2.0, by: 0.001).map(critical.value(at:)).max()!, 1)
    }

    func testParametersFollowSwiftUI() {
        let spring = SpringCurve(response: 0.5, dampingFraction: 0.825)
        XCTAssertEqual(spring.stiffness, pow(4 * Double.pi, 2), accuracy: 1e-9)
        XCTAssertEqual(spring.damping, 4 * Double.pi * 0.825 / 0.5, accuracy: 1e-9)
    }

    func testSettleTimeIsWhenMotionStaysBelowThreshold() {
        for damping in [0.3, 0.825, 1.0, 2.0] {
            let spring = SpringCurve(response: 0.5, dampingFraction: damping)
            let settle = spring.settleTime
            XCTAssertGreaterThan(settle, 0.3)
            XCTAssertLessThan(settle, SpringCurve.maximumSettleTime)
            // Just before: still moving or away from 1; from then on: settled.
            let before = settle - 1e-4
            XCTAssertTrue(abs(spring.value(at: before) - 1) >= 0.001 || abs(spring.velocity(at: before)) >= 0.001)
            for time in stride(from: settle + 1e-6, through: settle + 3, by: 0.0007) {
                XCTAssertLessThan(abs(spring.value(at: time) - 1), 0.001, "ζ=\(damping) t=\(time)")
                XCTAssertLessThan(abs(spring.velocity(at: time)), 0.001, "ζ=\(damping) t=\(time)")
            }
        }
    }

    func testSettleTimeOfTheDefaultSpringIsAboutOneSecond() {
        let settle = SpringCurve(response: 0.5, dampingFraction: 0.825).settleTime
        XCTAssertEqual(settle, 0.9, accuracy: 0.2)
        XCTAssertLessThan(SpringCurve(response: 0.25, dampingFraction: 0.825).settleTime, settle)
    }

    func testUndampedSpringIsCutOff() {
        XCTAssertEqual(SpringCurve(response: 0.5, dampingFraction: 0).settleTime, SpringCurve.maximumSettleTime)
    }
}
