import XCTest

@testable import KinetypeCore

final class TimelineFrameTimeTests: XCTestCase {
    func testFrameAtTimeIsTheFrameShowingThatMoment() throws {
        let timeline = try Timeline(scene: TimelineTestSupport.scene([TimelineTestSupport.textLayer("a")], fps: 10))
        XCTAssertEqual(timeline.frame(atTime: 0), 0)
        XCTAssertEqual(timeline.frame(atTime: 0.05), 0)
        XCTAssertEqual(timeline.frame(atTime: 0.1), 1)
        XCTAssertEqual(timeline.frame(atTime: 0.3), timeline.state(atTime: 0.3).index)
    }

    func testATimeAHairBelowAFrameBoundaryIsThatFrame() throws {
        let timeline = try Timeline(scene: TimelineTestSupport.scene([TimelineTestSupport.textLayer("a")], fps: 25))
        // 1.16 × 25 is 28.999999999999996 in binary: the moment of frame 29, not frame 28.
        XCTAssertEqual(timeline.frame(atTime: 1.16), 29)
    }

    func testFrameAtTimeUndoesTimeOfFrame() throws {
        for fps in [1.0, 24, 29.97, 30, 60, 120] {
            let timeline = try Timeline(
                scene: TimelineTestSupport.scene([TimelineTestSupport.textLayer("a")], fps: fps))
            for index in [0, 1, 7, 59, 1000, 431_999] {
                XCTAssertEqual(
                    timeline.frame(atTime: timeline.time(ofFrame: index)), index, "fps \(fps), frame \(index)")
            }
        }
    }
}
