import XCTest

@testable import KinetypeCLI

final class ProgressBarTests: XCTestCase {
    func testRateAndTimeLeftAreThoseOfTheCurrentPhase() {
        let line = ProgressBar.line(done: 571, total: 3600, label: "frames", elapsed: 1.4275, columns: 120)
        XCTAssertTrue(line.contains(" 571/3600 frames  400.0/s  ETA 0:08"), line)
    }

    func testClockStaysReadableForStalledRates() {
        XCTAssertEqual(ProgressBar.clock(65), "1:05")
        XCTAssertEqual(ProgressBar.clock(3725), "1:02:05")
        XCTAssertEqual(ProgressBar.clock(.infinity), "99:59:59")
        XCTAssertEqual(ProgressBar.clock(-3), "0:00")
    }

    func testBarNeverOverflowsItsWidth() {
        let over = ProgressBar.line(done: 12, total: 10, label: "outputs", elapsed: 1, columns: 80)
        XCTAssertEqual(over.filter { $0 == "░" }.count, 0)
        XCTAssertEqual(over.filter { $0 == "█" }.count, 40)
    }
}
