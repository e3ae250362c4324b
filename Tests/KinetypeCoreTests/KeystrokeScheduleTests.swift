import Foundation
import XCTest

@testable import KinetypeCore

final class KeystrokeScheduleTests: XCTestCase {
    typealias Support = TimelineTestSupport

    private func keystrokes(_ timeline: Timeline) -> [(Double, KeystrokeKind)] {
        timeline.keystrokes.keystrokes.map { ($0.time, $0.kind) }
    }

    private func assertKeystrokes(
        _ actual: [(Double, KeystrokeKind)], _ expected: [(Double, KeystrokeKind)],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(actual.map(\.1), expected.map(\.1), file: file, line: line)
        XCTAssertEqual(actual.map(\.0), expected.map(\.0), accuracy: 1e-12, file: file, line: line)
    }

    func testFixedIntervalKeystrokesAreTheRevealTimes() throws {
        let typewriter = Support.typewriter { $0.pacing = .interval(0.1) }
        let scene = Support.scene([
            Support.textLayer("Hi yo", animations: [Animation(start: .time(0.5), kind: .typewriter(typewriter))])
        ])
        let timeline = try Timeline(scene: scene)
        assertKeystrokes(
            keystrokes(timeline),
            [(0.6, .character), (0.7, .character), (0.8, .space), (0.9, .character), (1.0, .character)])
        XCTAssertEqual(timeline.keystrokes.keystrokes.map(\.press), [0, 1, 2, 3, 4])
        XCTAssertEqual(Set(timeline.keystrokes.keystrokes.map(\.layer)), [0])
    }

    /// Intervals of 0.05…0.15 s drawn by SplitMix64 from seed 42, computed outside kinetype.
    func testHumanizedKeystrokesFollowTheSeed() throws {
        let typewriter = Support.typewriter {
            $0.intervalRange = 0.05...0.15
            $0.seed = 42
        }
        let timeline = try Support.timeline(text: "ab c", typewriter: typewriter)
        assertKeystrokes(
            keystrokes(timeline).map { (($0.0 * 1e9).rounded() / 1e9, $0.1) },
            [(0.124156488, .character), (0.190147527, .character), (0.26800764, .space), (0.352426712, .character)])
        XCTAssertEqual(Set(timeline.keystrokes.keystrokes.map(\.seed)), [42])
    }

    func testScriptDeletesAreKeystrokes() throws {
        let typewriter = Support.typewriter {
            $0.pacing = .interval(0.1)
            $0.script = [.type("ab"), .pause(0.5), .delete(1), .type("c\n"), .deleteAll]
        }
        let scene = Support.scene([
            Support.textLayer("ignored", animations: [Animation(start: .time(0.25), kind: .typewriter(typewriter))])
        ])
        let timeline = try Timeline(scene: scene)
        assertKeystrokes(
            keystrokes(timeline),
            [
                (0.35, .character), (0.45, .character), (1.05, .delete), (1.15, .character), (1.25, .return),
                (1.35, .delete), (1.45, .delete), (1.55, .delete),
            ])
    }

    func testLayersMergeInTimeOrderAndOnlyTypewriterLayersListKeystrokes() throws {
        let slow = Support.typewriter { $0.pacing = .interval(0.3) }
        let fast = Support.typewriter { $0.pacing = .interval(0.2) }
        let scene = Support.scene([
            Support.textLayer("ab", animations: [Animation(kind: .typewriter(slow))]),
            Support.textLayer("still"),
            Support.textLayer("cd", animations: [Animation(kind: .typewriter(fast))]),
        ])
        let timeline = try Timeline(scene: scene)
        XCTAssertEqual(timeline.keystrokes.keystrokes.map(\.layer), [2, 0, 2, 0])
        XCTAssertEqual(timeline.keystrokes.keystrokes(ofLayer: 0).map(\.time), [0.3, 0.6], accuracy: 1e-12)
        XCTAssertEqual(timeline.summary.layers.map { $0.keystrokes?.count }, [2, nil, 2])
        XCTAssertEqual(timeline.keystrokes.keystrokes(within: 0.4).map(\.layer), [2, 0])
    }

    func testSummaryJSONRoundsKeystrokeTimesToTheMicrosecond() throws {
        let typewriter = Support.typewriter { $0.pacing = .interval(0.1) }
        let timeline = try Support.timeline(text: "a b", typewriter: typewriter)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(timeline.summary), as: UTF8.self)
        XCTAssertTrue(
            json.contains(
                #""keystrokes":[{"kind":"character","time":0.1},{"kind":"space","time":0.2},"#
                    + #"{"kind":"character","time":0.3}]"#), json)
    }

    func testKindOfAUnit() {
        XCTAssertEqual(KeystrokeKind(typing: "a"), .character)
        XCTAssertEqual(KeystrokeKind(typing: "word "), .character)
        XCTAssertEqual(KeystrokeKind(typing: " "), .space)
        XCTAssertEqual(KeystrokeKind(typing: "\t"), .space)
        XCTAssertEqual(KeystrokeKind(typing: "\n"), .return)
        XCTAssertEqual(KeystrokeKind(typing: " \r\n"), .return)
    }
}
