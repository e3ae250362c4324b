import Foundation
import XCTest

@testable import KinetypeCore

/// A value changes at once with `"easing": "jump"` or `"duration": 0`, from the animation's start
/// on, as in SwiftUI without an animation (#14).
final class JumpTests: XCTestCase {
    private func timeline(_ animations: String, second: String? = nil) throws -> Timeline {
        var layers = [
            #"{"id": "a", "type": "text", "text": "Hello", "font": {"size": 20}, "animations": [\#(animations)]}"#
        ]
        if let second { layers.append(second) }
        let scene = try DecodingTestSupport.decode(
            #"{"canvas": {"width": 100, "height": 100, "fps": 10, "duration": 3}, "layers": [\#(layers.joined(separator: ","))]}"#
        )
        return try Timeline(scene: scene)
    }

    private func size(_ timeline: Timeline, at seconds: Double) -> Double? {
        guard case .text(let text) = timeline.state(atTime: seconds).layers[0].content else { return nil }
        return text.font.size
    }

    func testJumpAndZeroDurationShowTheNewValueFromTheStart() throws {
        for animation in [
            #"{"type": "animate", "property": "font.size", "to": 36, "start": 1, "easing": "jump"}"#,
            #"{"type": "animate", "property": "font.size", "to": 36, "start": 1, "duration": 0}"#,
            #"{"type": "animate", "property": "font.size", "to": 36, "start": 1, "duration": 0, "easing": "easeIn"}"#,
        ] {
            let timeline = try timeline(animation)
            XCTAssertEqual(size(timeline, at: 0.9), 20, animation)
            XCTAssertEqual(size(timeline, at: 1.0), 36, animation)
            XCTAssertEqual(size(timeline, at: 2.5), 36, animation)
        }
    }

    func testAJumpLastsNoTimeUnlessItHasADuration() throws {
        let second = #"{"type": "text", "text": "B", "animations": [{"type": "typewriter", "after": "a"}]}"#
        let instant = try timeline(
            #"{"type": "animate", "property": "font.size", "to": 36, "start": 1, "easing": "jump"}"#, second: second)
        XCTAssertEqual(instant.summary.layers[1].animations.first?.start ?? -1, 1, accuracy: 1e-9)
        let held = try timeline(
            #"{"type": "animate", "property": "font.size", "to": 36, "start": 1, "duration": 0.5, "easing": "jump"}"#,
            second: second)
        XCTAssertEqual(size(held, at: 1.0), 36)
        XCTAssertEqual(held.summary.layers[1].animations.first?.start ?? -1, 1.5, accuracy: 1e-9)
    }

    func testJumpInKeyframesJumpsAtTheStartOfItsSegment() throws {
        let timeline = try timeline(
            #"{"type": "keyframes", "property": "font.size", "start": 0, "keyframes": [{"time": 0, "value": 20}, {"time": 1, "value": 30, "easing": "jump"}, {"time": 2, "value": 40}]}"#
        )
        XCTAssertEqual(size(timeline, at: 0), 30)
        XCTAssertEqual(size(timeline, at: 0.5), 30)
        XCTAssertEqual(size(timeline, at: 1.5) ?? 0, 35, accuracy: 1e-6)
    }

    func testATypewriterOfZeroDurationShowsItsTextAtItsStart() throws {
        let timeline = try timeline(#"{"type": "typewriter", "start": 1, "duration": 0}"#)
        guard case .text(let before) = timeline.state(atTime: 0.9).layers[0].content,
            case .text(let after) = timeline.state(atTime: 1).layers[0].content
        else { return XCTFail("a text layer") }
        XCTAssertEqual(before.reveal?.opaqueCount, 0)
        XCTAssertEqual(after.reveal?.opaqueCount ?? 5, 5, "all of the text shows")
    }

    func testMisspeltJumpAndNegativeDurationsArePositionedErrors() {
        XCTAssertEqual(
            DecodingTestSupport.messages(
                layers:
                    #"{"type": "text", "text": "a", "animations": [{"type": "animate", "property": "opacity", "to": 0, "easing": "jmp"}]}"#
            ),
            ["layers[0].animations[0].easing: unknown easing \"jmp\"; did you mean \"jump\"?"])
        XCTAssertEqual(
            DecodingTestSupport.messages(
                layers:
                    #"{"type": "text", "text": "a", "animations": [{"type": "animate", "property": "opacity", "to": 0, "duration": -1}]}"#
            ),
            ["layers[0].animations[0].duration: must be 0 or more, found -1"])
    }
}
