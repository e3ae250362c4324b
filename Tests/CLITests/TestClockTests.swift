import Foundation
import TestSupport
import XCTest

/// No test passes or fails by elapsed time (issue #40: a test bounding a ratio of seconds failed
/// under load): `scripts/lint-tests`, which `make lint` runs, refuses every clock read under Tests/
/// but the hang deadlines of `HangGuard`. This runs it on the suite and on a test that times itself.
final class TestClockTests: XCTestCase {
    private let script = Manual.root.appendingPathComponent("scripts/lint-tests")

    func testNoTestReadsTheClock() throws {
        let result = try ChildProcess.run(script, [Manual.root.appendingPathComponent("Tests").path])
        XCTAssertEqual(result.status, 0, result.stderrText)
    }

    func testATestThatComparesSecondsFailsTheLint() throws {
        let folder = try ScratchFolder.make(for: self)
        let tests = folder.appendingPathComponent("Tests/SpeedTests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        // Spelt in pieces, so this file itself reads no clock as far as the lint can see.
        let test = """
            final class SpeedTests: XCTestCase {
                func testFast() {
                    let started = CLOCK.now
                    work()
                    XCTAssertLessThan(CLOCK.now - started, .seconds(2))
                }
                func testAlsoFast() {
                    let started = NOW
                    work()
                    XCTAssertLessThan(NOW.SINCE(started), 2)
                }
            }
            """
            .replacingOccurrences(of: "CLOCK", with: "Continuous" + "Clock")
            .replacingOccurrences(of: "NOW", with: "Date" + "()")
            .replacingOccurrences(of: "SINCE", with: "timeInterval" + "Since")
        try Data(test.utf8).write(to: tests.appendingPathComponent("SpeedTests.swift"))
        let result = try ChildProcess.run(script, [folder.appendingPathComponent("Tests").path])
        XCTAssertEqual(result.status, 1, result.stderrText)
        for line in [3, 5, 8, 10] {
            XCTAssertTrue(result.stderrText.contains("SpeedTests.swift:\(line):"), result.stderrText)
        }
        XCTAssertTrue(result.stderrText.contains("WorkCounter"), "it says what to do instead: \(result.stderrText)")
    }
}
