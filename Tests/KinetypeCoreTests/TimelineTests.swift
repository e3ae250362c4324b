import XCTest

@testable import KinetypeCore

final class TimelineTests: XCTestCase {
    typealias Support = TimelineTestSupport

    private func rect(id: String? = nil, _ animations: [Animation] = []) -> Layer {
        var layer = Layer(id: id, content: .rect)
        layer.animations = animations
        return layer
    }

    func testAfterChainsAndDelays() throws {
        let title = Support.textLayer(
            "abc", id: "title",
            animations: [
                Animation(kind: .typewriter(Support.typewriter { $0.pacing = .interval(0.1) }))
            ])
        let badge = rect(
            id: "badge",
            [
                Support.animate(
                    .opacity, from: .number(0), to: .number(1), duration: 0.5, start: .after(layer: "title", delay: 0.2)
                ),
                Support.animate(.scale, to: .number(2), duration: 0.25, start: .time(0.1)),
            ])
        let footer = rect([
            Support.animate(.offsetY, to: .number(10), duration: 1, start: .after(layer: "badge", delay: 0))
        ])
        // Declared before the layer it waits for: order does not matter.
        let first = rect([
            Support.animate(.rotation, to: .number(90), duration: 0.5, start: .after(layer: "badge", delay: 1))
        ])
        let timeline = try Timeline(scene: Support.scene([first, title, badge, footer], hold: 0.5))
        let layers = timeline.summary.layers
        XCTAssertEqual(layers[1].animations[0].end, 0.3, accuracy: 1e-12)
        XCTAssertEqual(layers[2].animations[0].start, 0.5, accuracy: 1e-12)
        XCTAssertEqual(layers[2].animations[0].end, 1.0, accuracy: 1e-12)
        XCTAssertEqual(layers[2].animations[1].start, 0.1, accuracy: 1e-12)
        XCTAssertEqual(layers[3].animations[0].start, 1.0, accuracy: 1e-12)
        XCTAssertEqual(layers[0].animations[0].start, 2.0, accuracy: 1e-12)
        XCTAssertEqual(timeline.duration, 3.0, accuracy: 1e-12, "last end 2.5 + hold 0.5")
        XCTAssertEqual(timeline.frameCount, 90)
        XCTAssertEqual(timeline.state(atTime: 0.75).layers[2].opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(timeline.state(atTime: 0.3).layers[2].opacity, 0, "fills backwards with its from value")
    }

    func testCycleIsAnErrorNamingTheCycle() {
        var positions = SourceMap(fileName: "intro.json")
        positions.positions["layers[1].animations[0].after"] = SourcePosition(line: 14, column: 9)
        let scene = Support.scene(
            [
                rect(id: "a", [Support.animate(.opacity, to: .number(0), start: .after(layer: "b", delay: 0))]),
                rect(id: "b", [Support.animate(.opacity, to: .number(0), start: .after(layer: "c", delay: 0))]),
                rect(id: "c", [Support.animate(.opacity, to: .number(0), start: .after(layer: "a", delay: 0))]),
            ], source: positions)
        XCTAssertThrowsError(try Timeline(scene: scene)) { error in
            let diagnostic = (error as! DiagnosticList).diagnostics[0]
            XCTAssertEqual(diagnostic.kind, .invalidScene)
            XCTAssertEqual(diagnostic.path, "layers[2].animations[0].after")
            XCTAssertTrue(diagnostic.message.contains("layer \"a\" → \"b\" → \"c\" → \"a\""), diagnostic.message)
            XCTAssertEqual(diagnostic.file, "intro.json")
        }
        let selfCycle = Support.scene(
            [rect(id: "a", [Support.animate(.opacity, to: .number(0), start: .after(layer: "a", delay: 0))])],
            source: positions)
        XCTAssertThrowsError(try Timeline(scene: selfCycle)) { error in
            XCTAssertEqual(
                (error as! DiagnosticList).diagnostics[0].description,
                "intro.json: layers[0].animations[0].after: `after` forms a cycle: layer \"a\" → \"a\"")
        }
    }

    func testCycleDiagnosticCarriesThePosition() {
        var positions = SourceMap(fileName: "intro.json")
        positions.positions["layers[1].animations[0].after"] = SourcePosition(line: 14, column: 9)
        let scene = Support.scene(
            [
                rect(id: "a", [Support.animate(.opacity, to: .number(0), start: .after(layer: "b", delay: 0))]),
                rect(id: "b", [Support.animate(.opacity, to: .number(0), start: .after(layer: "a", delay: 0))]),
            ], source: positions)
        XCTAssertThrowsError(try Timeline(scene: scene)) { error in
            let diagnostic = (error as! DiagnosticList).diagnostics[0]
            XCTAssertEqual(diagnostic.position, SourcePosition(line: 14, column: 9))
            XCTAssertEqual(
                diagnostic.description,
                "intro.json:14:9: layers[1].animations[0].after: `after` forms a cycle: layer \"a\" → \"b\" → \"a\"")
        }
    }

    func testAfterUnknownLayerSuggestsAName() {
        let scene = Support.scene([
            rect(id: "title"),
            rect([Support.animate(.opacity, to: .number(0), start: .after(layer: "titel", delay: 0))]),
        ])
        XCTAssertThrowsError(try Timeline(scene: scene)) { error in
            let diagnostic = (error as! DiagnosticList).diagnostics[0]
            XCTAssertEqual(diagnostic.path, "layers[1].animations[0].after")
            XCTAssertEqual(diagnostic.message, "`after` names no layer: \"titel\"")
            XCTAssertEqual(diagnostic.hint, "did you mean \"title\"?")
        }
    }

    func testAfterLayerWithoutAnimationsStartsAtDelay() throws {
        let timeline = try Timeline(
            scene: Support.scene([
                rect(id: "still"),
                rect([Support.animate(.opacity, to: .number(0), duration: 1, start: .after(layer: "still", delay: 0.4))]
                ),
            ]))
        XCTAssertEqual(timeline.summary.layers[1].animations[0].start, 0.4, accuracy: 1e-12)
    }

    func testAutoDurationAndFrameCount() throws {
        let empty = try Timeline(scene: Support.scene([rect()], fps: 24, hold: 1.0))
        XCTAssertEqual(empty.duration, 1.0)
        XCTAssertEqual(empty.frameCount, 24)
        let nothing = try Timeline(scene: Support.scene([rect()], fps: 30, hold: 0))
        XCTAssertEqual(nothing.duration, 1.0 / 30, accuracy: 1e-12, "at least one frame")
        XCTAssertEqual(nothing.frameCount, 1)
        // 0.1 · 30 = 3.0000000000000004 in binary: still three frames.
        let short = try Timeline(scene: Support.scene([rect()], fps: 30, duration: .seconds(0.1)))
        XCTAssertEqual(short.frameCount, 3)
        let partial = try Timeline(scene: Support.scene([rect()], fps: 30, duration: .seconds(1.01)))
        XCTAssertEqual(partial.frameCount, 31, "a partial frame counts")
        let animated = try Timeline(
            scene: Support.scene(
                [
                    rect([Support.animate(.opacity, to: .number(0), start: .time(0.25))])
                ], fps: 60, hold: 0.4))
        XCTAssertEqual(animated.duration, 0.25 + PropertyAnimation.defaultDuration + 0.4, accuracy: 1e-12)
        XCTAssertEqual(animated.frameCount, 60)
        XCTAssertEqual(animated.summary.frameCount, 60)
        XCTAssertEqual(animated.summary.fps, 60)
    }

    func testFrameTimes() throws {
        let timeline = try Timeline(scene: Support.scene([rect()], fps: 30, duration: .seconds(2)))
        XCTAssertEqual(timeline.fps, 30)
        XCTAssertEqual(timeline.frameCount, 60)
        let frame = timeline.state(atFrame: 15)
        XCTAssertEqual(frame.index, 15)
        XCTAssertEqual(frame.time, 0.5)
        XCTAssertEqual(timeline.state(atTime: 0.5).index, 15)
        XCTAssertEqual(timeline.state(atTime: 0.51).index, 15)
        XCTAssertEqual(timeline.state(atTime: 0.1).index, 3)
        XCTAssertEqual(frame.canvas.width, 400)
        XCTAssertEqual(frame.canvas.background, .color(.white))
    }

    func testFramesAreAPureFunctionOfTime() throws {
        let scene = Support.scene([
            Support.textLayer(
                "Hello",
                animations: [
                    Animation(kind: .typewriter(Support.typewriter { $0.intervalRange = 0.05...0.2 })),
                    Support.animate(
                        .fontSize, to: .number(40), duration: 1, easing: .spring(response: 0.5, dampingFraction: 0.5)),
                ])
        ])
        let a = try Timeline(scene: scene)
        let b = try Timeline(scene: scene)
        let forward = (0..<a.frameCount).map { a.state(atFrame: $0) }
        let backward = (0..<b.frameCount).reversed().map { b.state(atFrame: $0) }.reversed()
        XCTAssertEqual(forward, Array(backward))
    }

    func testFramesEvaluatedConcurrentlyMatchSerialOnes() throws {
        let scene = Support.scene([
            Support.textLayer(
                "Concurrent frames",
                animations: [
                    Animation(
                        kind: .typewriter(
                            Support.typewriter {
                                $0.intervalRange = 0.02...0.09
                                $0.fadeIn = 0.1
                            })),
                    Support.animate(.color, to: .color(Color(red: 0.9, green: 0.2, blue: 0.1)), duration: 1.2),
                ])
        ])
        let timeline = try Timeline(scene: scene)
        let serial = (0..<timeline.frameCount).map { timeline.state(atFrame: $0) }
        let results = UnsafeMutableBufferPointer<FrameState?>.allocate(capacity: timeline.frameCount)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: timeline.frameCount) { index in
            results[index] = timeline.state(atFrame: index)
        }
        XCTAssertEqual(results.map { $0! }, serial)
    }

    func testResolvedFontsAndLayerProperties() throws {
        var content = TextContent(text: "Hi")
        content.font = FontSpec(file: "Fonts/Inter.ttf", style: .headline, italic: true, design: .rounded)
        content.letterSpacing = 1.5
        var text = Layer(id: "t", content: .text(content))
        text.opacity = 0.8
        text.offset = Point(x: 3, y: 4)
        let plain = Support.textLayer("plain")
        var image = Layer(content: .image(ImageContent(src: "art/logo.png", fit: .cover)))
        image.rotation = 15
        let timeline = try Timeline(scene: Support.scene([text, plain, image]))
        let frame = timeline.state(atFrame: 0)
        let font = frame.text(0).font
        XCTAssertEqual(
            font,
            ResolvedFont(
                family: nil, file: "/scenes/demo/Fonts/Inter.ttf", size: 17, weight: 600,
                italic: true, design: .rounded))
        XCTAssertEqual(frame.text(0).letterSpacing, 1.5)
        XCTAssertEqual(frame.text(0).runs, [TextRun(text: "Hi")])
        XCTAssertNil(frame.text(0).reveal)
        XCTAssertEqual(frame.layers[0].opacity, 0.8)
        XCTAssertEqual(frame.layers[0].offset, Point(x: 3, y: 4))
        XCTAssertEqual(
            frame.text(1).font,
            ResolvedFont(family: nil, file: nil, size: 17, weight: 400, italic: false, design: .default))
        XCTAssertEqual(frame.layers[2].content, .image(ImageContent(src: "/scenes/demo/art/logo.png", fit: .cover)))
        XCTAssertEqual(frame.layers[2].rotation, 15)
        XCTAssertEqual(frame.layers.map(\.index), [0, 1, 2])
    }

    func testSummaryListsEveryAnimation() throws {
        let timeline = try Timeline(
            scene: Support.scene(
                [
                    Support.textLayer(
                        "abcd", id: "t",
                        animations: [
                            Animation(
                                start: .time(0.5), kind: .typewriter(Support.typewriter { $0.pacing = .interval(0.25) })
                            ),
                            Support.animate(.fontWeight, to: .number(700), duration: 2),
                        ])
                ], hold: 0))
        let layer = timeline.summary.layers[0]
        XCTAssertEqual(layer.id, "t")
        XCTAssertEqual(layer.type, "text")
        XCTAssertEqual(
            layer.animations[0],
            .init(
                kind: "typewriter", property: "typewriter", start: 0.5, end: 1.5,
                typingFinish: 1.5, unitCount: 4, units: ["a", "b", "c", "d"]))
        XCTAssertEqual(layer.animations[1], .init(kind: "animate", property: "font.weight", start: 0, end: 2))
        XCTAssertEqual(timeline.summary.duration, 2)
        let json = String(decoding: try JSONEncoder().encode(timeline.summary), as: UTF8.self)
        XCTAssertTrue(json.contains("\"typingFinish\":1.5"), json)
        XCTAssertTrue(json.contains(#""units":["a","b","c","d"]"#), json)
        XCTAssertTrue(json.contains("\"property\":\"font.weight\""), json)
    }

    func testWrongValueKindsAndLayerTypesAreDiagnosed() {
        let colorForOpacity = Support.scene([rect([Support.animate(.opacity, to: .color(.black))])])
        XCTAssertThrowsError(try Timeline(scene: colorForOpacity)) { error in
            XCTAssertEqual((error as! DiagnosticList).diagnostics[0].path, "layers[0].animations[0].to")
            XCTAssertEqual((error as! DiagnosticList).diagnostics[0].message, "\"opacity\" takes a number, not a color")
        }
        let fontOnRect = Support.scene([rect([Support.animate(.fontSize, to: .number(3))])])
        XCTAssertThrowsError(try Timeline(scene: fontOnRect)) { error in
            XCTAssertEqual((error as! DiagnosticList).diagnostics[0].path, "layers[0].animations[0].property")
        }
        let typewriterOnRect = Support.scene([rect([Animation(kind: .typewriter(Typewriter()))])])
        XCTAssertThrowsError(try Timeline(scene: typewriterOnRect)) { error in
            XCTAssertEqual((error as! DiagnosticList).diagnostics[0].path, "layers[0].animations[0].type")
        }
    }

    func testLatestStartedTypewriterDecides() throws {
        let timeline = try Timeline(
            scene: Support.scene([
                Support.textLayer(
                    "ab",
                    animations: [
                        Animation(
                            start: .time(0), kind: .typewriter(Support.typewriter { $0.pacing = .interval(0.1) })),
                        Animation(
                            start: .time(1), kind: .typewriter(Support.typewriter { $0.pacing = .interval(0.1) })),
                    ])
            ]))
        XCTAssertNil(timeline.state(atTime: 0.5).text().reveal)
        XCTAssertEqual(timeline.state(atTime: 1.05).text().reveal?.opaqueCount, 0)
        XCTAssertEqual(timeline.state(atTime: 1.1).text().reveal?.opaqueCount, 1)
    }
}
