import Kinetype
import XCTest

/// The one rule for what becomes of a frame checked against its golden, which `verify`,
/// `assertScene` and the renderer's own golden tests all follow.
final class RecordModeTests: XCTestCase {
    func testEveryModeGoldenAndMatchGivesItsOutcome() {
        // (mode, has a golden, the render matches it) -> outcome
        let expected: [(RecordMode, Bool, Bool, GoldenFrameOutcome)] = [
            (.missing, false, false, .recorded), (.missing, true, true, .passed), (.missing, true, false, .failed),
            (.failed, false, false, .recorded), (.failed, true, true, .passed), (.failed, true, false, .updated),
            (.all, false, false, .recorded), (.all, true, true, .recorded), (.all, true, false, .recorded),
            (.never, false, false, .missing), (.never, true, true, .passed), (.never, true, false, .failed),
        ]
        XCTAssertEqual(Set(expected.map(\.0.rawValue)), Set(RecordMode.allCases.map(\.rawValue)))
        for (mode, hasGolden, matches, outcome) in expected {
            var compared = false
            let result = mode.outcome(hasGolden: hasGolden) {
                compared = true
                return matches
            }
            XCTAssertEqual(result, outcome, "\(mode), golden \(hasGolden), matches \(matches)")
            // The render is compared only with a golden that exists, and not when every golden is re-recorded.
            XCTAssertEqual(compared, hasGolden && mode != .all, "\(mode), golden \(hasGolden)")
        }
    }

    func testAComparisonThatThrowsEndsTheCheck() {
        struct Unreadable: Error {}
        XCTAssertThrowsError(try RecordMode.missing.outcome(hasGolden: true) { throw Unreadable() }) {
            XCTAssertTrue($0 is Unreadable)
        }
    }
}
