import XCTest

@testable import KinetypeCore

final class TypewriterTests: XCTestCase {
    typealias Support = TimelineTestSupport

    /// Characters fully shown: the opaque count, or everything when there is no reveal.
    private func shown(_ text: TextState) -> Int { text.reveal?.opaqueCount ?? text.text.count }

    func testFirstUnitAppearsOneIntervalAfterTheStart() throws {
        let timeline = try Support.timeline(text: "Hello, world", typewriter: Support.typewriter(), fps: 50)
        for frame in 0..<60 {
            let time = Double(frame) / 50
            let expected = min(12, Int((time / 0.06 + 1e-9).rounded(.down)))
            let text = timeline.state(atFrame: frame).text()
            XCTAssertEqual(shown(text), expected, "frame \(frame)")
            XCTAssertEqual(text.text, "Hello, world", "stable mode lays out the final text")
        }
        XCTAssertNil(timeline.state(atFrame: 60).text().reveal)
    }

    func testSeveralUnitsPerFrameNeverSkipOne() throws {
        let text = String(repeating: "abcdefghij", count: 10)
        let timeline = try Support.timeline(text: text, typewriter: Support.typewriter { $0.pacing = .interval(0.01) })
        var previous = 0
        var seen = Set<Int>()
        for frame in 0..<timeline.frameCount {
            let count = shown(timeline.state(atFrame: frame).text())
            XCTAssertGreaterThanOrEqual(count, previous)
            XCTAssertLessThanOrEqual(count - previous, 4)
            XCTAssertEqual(count, min(100, Int((Double(frame) / 30 / 0.01 + 1e-9).rounded(.down))))
            seen.formUnion(previous..<max(previous, count))
            previous = count
        }
        XCTAssertEqual(seen, Set(0..<100), "every unit is revealed by some frame")
        XCTAssertEqual(timeline.state(atFrame: 4).text().reveal?.opaqueCount, 13)
    }

    func testSpeedAndTotalDurationPacing() {
        let bySpeed = TypewriterSchedule(Support.typewriter { $0.pacing = .speed(20) }, text: "abcd")
        XCTAssertEqual(bySpeed.keyPresses.map(\.time), [0.05, 0.1, 0.15, 0.2], accuracy: 1e-12)
        let byDuration = TypewriterSchedule(
            Support.typewriter {
                $0.pacing = .totalDuration(1.0)
                $0.pauses = [",": 0.2]
            }, text: "a,bcd")
        XCTAssertEqual(byDuration.typingEnd, 1.0, accuracy: 1e-12)
        XCTAssertEqual(byDuration.keyPresses.map(\.time), [0.16, 0.32, 0.68, 0.84, 1.0], accuracy: 1e-12)
    }

    func testPausesDelayTheNextUnitButNotTheEnd() {
        let schedule = TypewriterSchedule(
            Support.typewriter {
                $0.pacing = .interval(0.1)
                $0.pauses = [",": 0.5, ".": 1.0]
            }, text: "a, b.")
        XCTAssertEqual(schedule.keyPresses.map(\.time), [0.1, 0.2, 0.8, 0.9, 1.0], accuracy: 1e-12)
        XCTAssertEqual(schedule.activeDuration, 1.0, accuracy: 1e-12)
    }

    func testWordUnits() throws {
        XCTAssertEqual(TypewriterUnit.word.split("  Hello, big\nworld "), ["  Hello, ", "big\n", "world "])
        let typewriter = Support.typewriter {
            $0.unit = .word
            $0.pauses = [",": 0.3]
        }
        let schedule = TypewriterSchedule(typewriter, text: "Hello, big world")
        XCTAssertEqual(schedule.keyPresses.map(\.time), [0.06, 0.42, 0.48], accuracy: 1e-12)
        let timeline = try Support.timeline(text: "Hello, big world", typewriter: typewriter, fps: 100)
        XCTAssertEqual(timeline.state(atTime: 0.06).text().reveal?.opaqueCount, 7)
        XCTAssertEqual(timeline.state(atTime: 0.42).text().reveal?.opaqueCount, 11)
        XCTAssertEqual(timeline.state(atTime: 0.42).text().text, "Hello, big world")
    }

    func testLineUnits() throws {
        XCTAssertEqual(TypewriterUnit.line.split("one\ntwo\n\nthree"), ["one\n", "two\n", "\n", "three"])
        let timeline = try Support.timeline(
            text: "one\ntwo",
            typewriter: Support.typewriter {
                $0.unit = .line
                $0.pacing = .interval(0.5)
            })
        XCTAssertEqual(timeline.state(atTime: 0.49).text().reveal?.opaqueCount, 0)
        XCTAssertEqual(timeline.state(atTime: 0.5).text().reveal?.opaqueCount, 4)
        XCTAssertNil(timeline.state(atTime: 1.0).text().reveal)
    }

    func testGraphemeClustersAreSingleUnits() throws {
        let text = "🇫🇷👨‍👩‍👧e\u{301}x"
        XCTAssertEqual(TypewriterUnit.character.split(text), ["🇫🇷", "👨‍👩‍👧", "e\u{301}", "x"])
        let timeline = try Support.timeline(
            text: text,
            typewriter: Support.typewriter {
                $0.pacing = .interval(0.1)
                $0.mode = .flow
            })
        XCTAssertEqual(timeline.state(atTime: 0.1).text().text, "🇫🇷")
        XCTAssertEqual(timeline.state(atTime: 0.2).text().text, "🇫🇷👨‍👩‍👧")
        XCTAssertEqual(timeline.state(atTime: 0.3).text().text, "🇫🇷👨‍👩‍👧e\u{301}")
        XCTAssertEqual(timeline.summary.layers[0].animations[0].unitCount, 4)
    }

    func testFadeInAlphas() throws {
        let timeline = try Support.timeline(
            text: "abcd",
            typewriter: Support.typewriter {
                $0.pacing = .interval(0.1)
                $0.fadeIn = 0.2
            })
        let reveal = try XCTUnwrap(timeline.state(atTime: 0.35).text().reveal)
        XCTAssertEqual(reveal.opaqueCount, 1)
        XCTAssertEqual(reveal.fading, [0.75, 0.25], accuracy: 1e-9)
        XCTAssertEqual(timeline.summary.layers[0].animations[0].end, 0.6, accuracy: 1e-12)
        XCTAssertNil(timeline.state(atTime: 0.6).text().reveal)
    }

    func testFlowAndStableRunsWithSpans() throws {
        var content = TextContent(text: "Hello world")
        var hello = TextSpan(text: "Hello ")
        hello.color = Color(red: 1, green: 0, blue: 0)
        var world = TextSpan(text: "world")
        world.weight = .bold
        world.font = FontSpec(file: "Fonts/Brand.ttf")
        content.spans = [hello, world]
        for mode in [TypewriterMode.stable, .flow] {
            var layer = Layer(content: .text(content))
            layer.animations = [
                Animation(
                    kind: .typewriter(
                        Support.typewriter {
                            $0.pacing = .interval(0.1)
                            $0.mode = mode
                        }))
            ]
            let timeline = try Timeline(scene: Support.scene([layer]))
            let text = timeline.state(atTime: 0.8).text()
            XCTAssertEqual(text.reveal?.opaqueCount, mode == .stable ? 8 : nil)
            let runs = text.runs
            XCTAssertEqual(runs.map(\.text), mode == .stable ? ["Hello ", "world"] : ["Hello ", "wo"])
            XCTAssertEqual(runs[0].color, Color(red: 1, green: 0, blue: 0))
            XCTAssertEqual(runs[1].font?.weight, .bold)
            XCTAssertEqual(runs[1].font?.file, "/scenes/demo/Fonts/Brand.ttf")
            let before = timeline.state(atTime: 0).text()
            XCTAssertEqual(before.runs.count, mode == .stable ? 2 : 0)
        }
    }

    func testFlowModeRevealOnlyWhileFading() throws {
        let timeline = try Support.timeline(
            text: "abc",
            typewriter: Support.typewriter {
                $0.pacing = .interval(0.1)
                $0.mode = .flow
                $0.fadeIn = 0.1
            })
        let fading = timeline.state(atTime: 0.25).text()
        XCTAssertEqual(fading.text, "ab")
        XCTAssertEqual(fading.reveal?.opaqueCount, 1)
        XCTAssertEqual(fading.reveal?.fading ?? [], [0.5], accuracy: 1e-9)
        let settled = timeline.state(atTime: 0.45).text()
        XCTAssertEqual(settled.text, "abc")
        XCTAssertNil(settled.reveal)
    }

    func testCursorBlinksOnlyWhenIdleAndHides() throws {
        var cursor = Cursor()
        cursor.blink = 1.0
        cursor.hideWhenDone = 2.0
        let timeline = try Support.timeline(
            text: "abc",
            typewriter: Support.typewriter {
                $0.pacing = .interval(0.1)
                $0.cursor = cursor
            }, fps: 100)
        func state(_ time: Double) -> CursorState { timeline.state(atTime: time).text().cursor! }
        XCTAssertEqual(state(0.05).characterOffset, 0)
        XCTAssertEqual(state(0.25).characterOffset, 2)
        XCTAssertEqual(state(0.3).characterOffset, 3)
        for time in [0.0, 0.05, 0.15, 0.3] { XCTAssertTrue(state(time).visible, "steady while typing at \(time)") }
        XCTAssertTrue(state(0.3 + 0.49).visible)
        XCTAssertFalse(state(0.3 + 0.5).visible)
        XCTAssertFalse(state(0.3 + 0.99).visible)
        XCTAssertTrue(state(0.3 + 1.0).visible)
        XCTAssertTrue(state(0.3 + 1.2).visible)
        XCTAssertFalse(state(2.3).visible, "hidden 2 s after typing stops")
        XCTAssertFalse(state(3.3).visible)
        XCTAssertEqual(state(0.1).shape, .bar)
        XCTAssertEqual(state(0.1).width, 2)
        XCTAssertEqual(state(0.1).color, .black)
    }

    func testCursorDefaultsPerShapeAndColor() throws {
        var cursor = Cursor()
        cursor.shape = .block
        cursor.blink = 0
        var content = TextContent(text: "ab")
        content.color = Color(red: 0, green: 0, blue: 1)
        var layer = Layer(content: .text(content))
        layer.animations = [Animation(kind: .typewriter(Support.typewriter { $0.cursor = cursor }))]
        let timeline = try Timeline(scene: Support.scene([layer]))
        let state = try XCTUnwrap(timeline.state(atTime: 5).text().cursor)
        XCTAssertEqual(state.width, 0, "0 = the renderer sizes a block to the character")
        XCTAssertEqual(state.color, Color(red: 0, green: 0, blue: 1))
        XCTAssertTrue(state.visible, "a steady cursor never blinks")
        XCTAssertEqual(state.characterOffset, 2)
    }

    func testScriptWithDeletesKeepsLayoutStableWhileItIsAPrefix() throws {
        let typewriter = Support.typewriter {
            $0.pacing = .interval(0.1)
            $0.script = [.type("Hello wrld"), .delete(4), .type("world"), .pause(0.5)]
        }
        let timeline = try Support.timeline(text: "", typewriter: typewriter)
        func text(_ time: Double) -> TextState { timeline.state(atTime: time).text() }
        XCTAssertEqual(text(0.7).text, "Hello world")
        XCTAssertEqual(text(0.7).reveal?.opaqueCount, 7)
        XCTAssertEqual(text(0.8).text, "Hello wr", "not a prefix of the final text: laid out as typed")
        XCTAssertNil(text(0.8).reveal)
        XCTAssertEqual(text(1.0).text, "Hello wrld")
        XCTAssertEqual(text(1.2).text, "Hello wr")
        XCTAssertEqual(text(1.3).text, "Hello world", "a prefix again after deleting")
        XCTAssertEqual(text(1.3).reveal?.opaqueCount, 7)
        XCTAssertEqual(text(1.4).text, "Hello world")
        XCTAssertEqual(text(1.4).reveal?.opaqueCount, 6)
        XCTAssertEqual(text(1.9).text, "Hello world")
        XCTAssertNil(text(1.9).reveal)
        let summary = timeline.summary.layers[0].animations[0]
        XCTAssertEqual(summary.typingFinish!, 1.9, accuracy: 1e-9)
        XCTAssertEqual(summary.end, 2.4, accuracy: 1e-9, "the trailing pause belongs to the animation")
        XCTAssertEqual(summary.unitCount, 15)
    }

    func testScriptDeleteAllAndFlowMode() throws {
        let typewriter = Support.typewriter {
            $0.pacing = .interval(0.1)
            $0.mode = .flow
            $0.unit = .word
            $0.script = [.type("Old text"), .deleteAll, .type("New")]
        }
        let timeline = try Support.timeline(text: "", typewriter: typewriter)
        XCTAssertEqual(timeline.state(atTime: 0.2).text().text, "Old text")
        XCTAssertEqual(timeline.state(atTime: 0.3).text().text, "Old ")
        XCTAssertEqual(timeline.state(atTime: 0.4).text().text, "")
        XCTAssertEqual(timeline.state(atTime: 0.4).text().runs, [])
        XCTAssertEqual(timeline.state(atTime: 0.5).text().text, "New")
    }

    func testSeededIntervalsAreReproducibleAndInRange() {
        func schedule(seed: UInt64?, text: String = "The quick brown fox jumps over the lazy dog") -> TypewriterSchedule
        {
            TypewriterSchedule(
                Support.typewriter {
                    $0.intervalRange = 0.03...0.12
                    $0.seed = seed
                }, text: text)
        }
        let first = schedule(seed: 7)
        XCTAssertEqual(first, schedule(seed: 7))
        XCTAssertNotEqual(first.keyPresses, schedule(seed: 8).keyPresses)
        var previous = 0.0
        for press in first.keyPresses {
            XCTAssertTrue((0.03...0.12).contains(press.time - previous), "interval \(press.time - previous)")
            previous = press.time
        }
        let intervals = zip(first.keyPresses.dropFirst(), first.keyPresses).map { $0.time - $1.time }
        XCTAssertGreaterThan(Set(intervals.map { ($0 * 1000).rounded() }).count, 10, "intervals vary")
        XCTAssertEqual(schedule(seed: nil), schedule(seed: nil), "the default seed is derived from the text")
        XCTAssertEqual(
            schedule(seed: nil).keyPresses,
            schedule(seed: FNV1a.hash("The quick brown fox jumps over the lazy dog")).keyPresses)
        XCTAssertNotEqual(
            schedule(seed: nil, text: "abcdefgh").keyPresses, schedule(seed: nil, text: "abcdefgi").keyPresses)
    }

    func testStateLookupMatchesTheSchedule() throws {
        let typewriter = Support.typewriter {
            $0.intervalRange = 0.02...0.2
            $0.seed = 99
        }
        let text = "Human typing"
        let schedule = TypewriterSchedule(typewriter, text: text)
        let timeline = try Support.timeline(text: text, typewriter: typewriter)
        for frame in 0..<timeline.frameCount {
            let time = timeline.time(ofFrame: frame)
            let expected = schedule.keyPresses.filter { $0.time <= time + 1e-9 }.count
            XCTAssertEqual(shown(timeline.state(atFrame: frame).text()), expected)
        }
    }
}

// An overload of XCTest's assertion for arrays, so it keeps XCTest's name.
// swift-format-ignore: AlwaysUseLowerCamelCase
func XCTAssertEqual(
    _ actual: [Double], _ expected: [Double], accuracy: Double,
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(actual.count, expected.count, "count", file: file, line: line)
    for (a, e) in zip(actual, expected) { XCTAssertEqual(a, e, accuracy: accuracy, file: file, line: line) }
}

final class TypewriterScriptGraphemeTests: XCTestCase {
    func testCombiningMarkTypedAloneMergesWithTheCharacterBefore() throws {
        let typewriter = TimelineTestSupport.typewriter {
            $0.pacing = .interval(0.1)
            $0.script = [.type("cafe"), .type("\u{301}"), .type("!")]
        }
        let schedule = TypewriterSchedule(typewriter, text: "")
        XCTAssertEqual(schedule.units.map(\.characterCount), [1, 2, 3, 4, 4, 5])
        XCTAssertEqual(schedule.finalText, "caf\u{E9}!")
        let timeline = try TimelineTestSupport.timeline(text: "", typewriter: typewriter)
        XCTAssertEqual(timeline.state(atTime: 0.5).text().reveal?.opaqueCount, 4)
        let beforeMark = timeline.state(atTime: 0.4).text()
        XCTAssertEqual(beforeMark.text, "caf\u{E9}!", "nothing is deleted: the final text stays laid out")
        XCTAssertEqual(beforeMark.reveal?.opaqueCount, 4)
    }

    func testLongTextRevealsMonotonicallyToTheEnd() throws {
        let text = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 100)
        let timeline = try TimelineTestSupport.timeline(
            text: text,
            typewriter: TimelineTestSupport.typewriter {
                $0.pacing = .interval(0.002)
                $0.fadeIn = 0.05
            })
        var previous = 0
        for frame in 0..<timeline.frameCount {
            let shown = timeline.state(atFrame: frame).text().reveal?.opaqueCount ?? text.count
            XCTAssertGreaterThanOrEqual(shown, previous)
            previous = shown
        }
        XCTAssertEqual(previous, text.count)
        XCTAssertEqual(timeline.state(atFrame: timeline.frameCount - 1).text().reveal, nil)
    }
}
