import XCTest

@testable import kinetype

final class ProgressBarTests: XCTestCase {
    private func snapshot(
        done: Int, total: Int, label: String = "frames", unit: String = "frames", fraction: Double? = nil,
        phaseElapsed: Double, elapsed: Double? = nil
    ) -> ProgressBar.Snapshot {
        ProgressBar.Snapshot(
            done: done, total: total, label: label, unit: unit, fraction: fraction ?? Double(done) / Double(total),
            phaseElapsed: phaseElapsed, elapsed: elapsed ?? phaseElapsed)
    }

    func testRateIsThePhasesWithItsUnitAndTimeLeftIsTheWholeCommands() {
        let line = ProgressBar.line(snapshot(done: 571, total: 3600, phaseElapsed: 1.4275), columns: 120)
        XCTAssertTrue(line.contains(" 571/3600 frames  400 frames/s  ETA 0:08"), line)
        // The frames pass of a GIF: its own rate, the time left of both passes together.
        let second = snapshot(done: 50, total: 100, fraction: 0.95, phaseElapsed: 0.01, elapsed: 9.5)
        XCTAssertEqual(ProgressBar.plainLine(second), "frames 50/100 (95%), 5000 frames/s, ETA 0:01")
    }

    func testRatesKeepThreeSignificantDigitsAtMost() {
        XCTAssertEqual(snapshot(done: 523_742, total: 600_000, phaseElapsed: 1).rateText, "523742 frames/s")
        XCTAssertEqual(snapshot(done: 241, total: 600, phaseElapsed: 10).rateText, "24.1 frames/s")
        XCTAssertEqual(snapshot(done: 3, total: 10, unit: "outputs", phaseElapsed: 2).rateText, "1.50 outputs/s")
    }

    func testJSONLinesCarryTheShareOfTheWholeCommand() throws {
        let line = ProgressBar.jsonLine(snapshot(done: 30, total: 149, fraction: 0.1, phaseElapsed: 1, elapsed: 1.25))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(object["fraction"] as? Double, 0.1)
        XCTAssertEqual(object["remaining"] as? Double, 11.25)
        XCTAssertEqual(object["elapsed"] as? Double, 1.25)
    }

    func testClockStaysReadableForStalledRates() {
        XCTAssertEqual(ProgressBar.clock(65), "1:05")
        XCTAssertEqual(ProgressBar.clock(3725), "1:02:05")
        XCTAssertEqual(ProgressBar.clock(.infinity), "99:59:59")
        XCTAssertEqual(ProgressBar.clock(-3), "0:00")
    }

    func testBarNeverOverflowsItsWidth() {
        let over = ProgressBar.line(snapshot(done: 12, total: 10, fraction: 1.2, phaseElapsed: 1), columns: 80)
        XCTAssertEqual(over.filter { $0 == "░" }.count, 0)
        XCTAssertGreaterThanOrEqual(over.filter { $0 == "█" }.count, 10)
        XCTAssertLessThanOrEqual(over.count, 80)
    }
}
