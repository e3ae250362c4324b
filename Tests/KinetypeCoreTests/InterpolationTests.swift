import XCTest

@testable import KinetypeCore

final class InterpolationTests: XCTestCase {
    typealias Support = TimelineTestSupport

    private func rect(_ animations: [Animation], configure: (inout Layer) -> Void = { _ in }) -> Layer {
        var layer = Layer(content: .rect)
        layer.animations = animations
        configure(&layer)
        return layer
    }

    func testOKLabRoundTrip() {
        for color in [
            Color(red: 0.2, green: 0.5, blue: 0.9), .white, .black, Color(red: 1, green: 0, blue: 0, alpha: 0.5),
        ] {
            let back = OKLab(color).color
            XCTAssertEqual(back.red, color.red, accuracy: 1e-6)
            XCTAssertEqual(back.green, color.green, accuracy: 1e-6)
            XCTAssertEqual(back.blue, color.blue, accuracy: 1e-6)
            XCTAssertEqual(back.alpha, color.alpha)
        }
        XCTAssertEqual(OKLab(.white).lightness, 1, accuracy: 1e-4)
        XCTAssertEqual(OKLab(.black).lightness, 0, accuracy: 1e-9)
    }

    func testColorMidpointInOKLab() {
        // L = 0.5 → linear light 0.125 → sRGB 0.3885 (not 0.5 as in sRGB, nor 0.735 as in linear RGB).
        let gray = Color.black.interpolated(to: .white, fraction: 0.5)
        let expected = 1.055 * pow(0.125, 1 / 2.4) - 0.055
        XCTAssertEqual(gray.red, expected, accuracy: 2e-3)
        XCTAssertEqual(gray.green, gray.red, accuracy: 1e-6)
        XCTAssertEqual(gray.blue, gray.red, accuracy: 1e-6)
        // Red to blue through OKLab: the midpoint lightness is the mean of the ends.
        let red = Color(red: 1, green: 0, blue: 0)
        let blue = Color(red: 0, green: 0, blue: 1)
        let purple = red.interpolated(to: blue, fraction: 0.5)
        XCTAssertEqual(OKLab(purple).lightness, (OKLab(red).lightness + OKLab(blue).lightness) / 2, accuracy: 2e-3)
        XCTAssertGreaterThan(purple.red, purple.green + 0.2)
        XCTAssertGreaterThan(purple.blue, purple.green + 0.2)
    }

    func testColorInterpolationPremultipliesAlpha() {
        let red = Color(red: 1, green: 0, blue: 0)
        let half = Color.transparent.interpolated(to: red, fraction: 0.5)
        XCTAssertEqual(half.red, 1, accuracy: 1e-6, "keeps the visible color's hue, no dark fringe")
        XCTAssertEqual(half.green, 0, accuracy: 1e-6)
        XCTAssertEqual(half.alpha, 0.5, accuracy: 1e-12)
        XCTAssertEqual(Color.transparent.interpolated(to: .transparent, fraction: 0.5).alpha, 0)
    }

    func testAnimateWithRepeatAndAutoreverse() throws {
        let timeline = try Timeline(
            scene: Support.scene([
                rect([
                    Support.animate(
                        .offsetX, from: .number(0), to: .number(100), duration: 1, repeatCount: 3, autoreverse: true),
                    Support.animate(.offsetY, from: .number(0), to: .number(100), duration: 1, repeatCount: 2),
                    Support.animate(
                        .rotation, from: .number(0), to: .number(90), duration: 1, repeatCount: 2, autoreverse: true),
                ])
            ]))
        func offset(_ time: Double) -> Point { timeline.state(atTime: time).layers[0].offset }
        XCTAssertEqual(offset(0.25).x, 25, accuracy: 1e-9)
        XCTAssertEqual(offset(1.25).x, 75, accuracy: 1e-9, "second play runs backwards")
        XCTAssertEqual(offset(2.25).x, 25, accuracy: 1e-9)
        XCTAssertEqual(offset(3.5).x, 100, accuracy: 1e-9, "odd plays end at `to`")
        XCTAssertEqual(offset(1.25).y, 25, accuracy: 1e-9, "without autoreverse every play runs forwards")
        XCTAssertEqual(offset(5).y, 100)
        XCTAssertEqual(timeline.state(atTime: 5).layers[0].rotation, 0, "even autoreversed plays end at `from`")
        XCTAssertEqual(timeline.summary.layers[0].animations[0].end, 3)
    }

    func testReversedPlaysMirrorTheEasingInTime() throws {
        let timeline = try Timeline(
            scene: Support.scene([
                rect([
                    Support.animate(
                        .scale, from: .number(0), to: .number(1), duration: 1, easing: .easeIn,
                        repeatCount: 2, autoreverse: true)
                ])
            ]))
        let curve = EasingCurve(.easeIn)
        XCTAssertEqual(timeline.state(atTime: 0.3).layers[0].scale, curve.value(at: 0.3), accuracy: 1e-9)
        XCTAssertEqual(timeline.state(atTime: 1.3).layers[0].scale, curve.value(at: 0.7), accuracy: 1e-9)
    }

    func testFromDefaultsToTheValueLeftByEarlierAnimations() throws {
        let timeline = try Timeline(
            scene: Support.scene([
                rect(
                    [
                        Support.animate(.opacity, from: .number(1), to: .number(0), duration: 1),
                        Support.animate(.opacity, to: .number(1), duration: 0.5, start: .time(0.5)),
                        Support.animate(.cornerRadius, to: .number(20), duration: 1, start: .time(1)),
                    ], configure: { $0.cornerRadius = 4 })
            ]))
        func layer(_ time: Double) -> LayerState { timeline.state(atTime: time).layers[0] }
        XCTAssertEqual(layer(0.25).opacity, 0.75, accuracy: 1e-9)
        XCTAssertEqual(layer(0.5).opacity, 0.5, accuracy: 1e-9, "the later one takes over from 0.5")
        XCTAssertEqual(layer(0.75).opacity, 0.75, accuracy: 1e-9)
        XCTAssertEqual(layer(3).opacity, 1)
        XCTAssertEqual(layer(0).cornerRadius, 4, "from omitted: the base value before the start")
        XCTAssertEqual(layer(1.5).cornerRadius, 12, accuracy: 1e-9)
    }

    func testKeyframesUseTheEasingOfTheSegmentEndingAtEachKeyframe() throws {
        var keyframes = KeyframeAnimation(
            property: .fontSize,
            keyframes: [
                Keyframe(time: 1, value: .number(30), easing: .linear),
                Keyframe(time: 2, value: .number(10), easing: .easeIn),
                Keyframe(time: 3, value: .number(20), easing: .steps(2)),
            ])
        keyframes.keyframes.swapAt(0, 2) // compiled in time order whatever the input order
        let layer = Support.textLayer("K", animations: [Animation(start: .time(1), kind: .keyframes(keyframes))])
        let timeline = try Timeline(scene: Support.scene([layer]))
        func size(_ time: Double) -> Double { timeline.state(atTime: time).text().font.size }
        XCTAssertEqual(size(0.5), 17, "before the start: the base size (no keyframe at time 0)")
        XCTAssertEqual(size(1.5), 17 + (30 - 17) * 0.5, accuracy: 1e-9, "implicit start keyframe, linear segment")
        XCTAssertEqual(size(2.5), 30 + (10 - 30) * EasingCurve(.easeIn).value(at: 0.5), accuracy: 1e-9)
        XCTAssertEqual(size(3.4), 10)
        XCTAssertEqual(size(3.6), 15)
        XCTAssertEqual(size(9), 20)
        XCTAssertEqual(timeline.summary.layers[0].animations[0].end, 4)
    }

    func testKeyframeAtTimeZeroFillsBackwards() throws {
        let keyframes = KeyframeAnimation(
            property: .opacity,
            keyframes: [
                Keyframe(time: 0, value: .number(0)), Keyframe(time: 1, value: .number(1), easing: .linear),
            ])
        let timeline = try Timeline(
            scene: Support.scene([rect([Animation(start: .time(2), kind: .keyframes(keyframes))])]))
        XCTAssertEqual(timeline.state(atTime: 0).layers[0].opacity, 0)
        XCTAssertEqual(timeline.state(atTime: 2.5).layers[0].opacity, 0.5, accuracy: 1e-9)
    }

    func testColorAndBackgroundAnimations() throws {
        var text = Support.textLayer(
            "Hi",
            animations: [
                Support.animate(.color, to: .color(.white), duration: 1),
                Support.animate(.background, to: .color(Color(red: 1, green: 0, blue: 0)), duration: 1),
            ])
        text.background = .linear(from: .black, to: .white, angle: 0)
        let plain = rect([
            Support.animate(
                .background, to: .color(Color(red: 0, green: 0, blue: 1)), duration: 1,
                start: .time(1))
        ])
        let timeline = try Timeline(scene: Support.scene([text, plain]))
        let mid = timeline.state(atTime: 0.5)
        let expectedGray = Color.black.interpolated(to: .white, fraction: EasingCurve(.easeInOut).value(at: 0.5))
        XCTAssertEqual(mid.text(0).color, expectedGray)
        XCTAssertEqual(
            mid.layers[0].background,
            .color(Color.black.interpolated(to: Color(red: 1, green: 0, blue: 0), fraction: 0.5)))
        XCTAssertNil(mid.layers[1].background, "no background until the animation starts")
        let later = timeline.state(atTime: 1.5).layers[1].background
        XCTAssertEqual(
            later, .color(Color.transparent.interpolated(to: Color(red: 0, green: 0, blue: 1), fraction: 0.5)))
        XCTAssertEqual(timeline.state(atTime: 3).layers[1].background, .color(Color(red: 0, green: 0, blue: 1)))
    }

    func testFontSizeAndWeightAnimateContinuouslyAndClamp() throws {
        let timeline = try Timeline(
            scene: Support.scene([
                Support.textLayer(
                    "W",
                    animations: [
                        Support.animate(.fontWeight, from: .number(100), to: .number(900), duration: 1),
                        Support.animate(.fontSize, from: .number(10), to: .number(30), duration: 1),
                        Support.animate(
                            .opacity, from: .number(0), to: .number(1), duration: 1,
                            easing: .spring(response: 0.3, dampingFraction: 0.2)),
                    ])
            ]))
        let font = timeline.state(atTime: 0.25).text().font
        XCTAssertEqual(font.weight, 300, accuracy: 1e-9)
        XCTAssertEqual(font.size, 15, accuracy: 1e-9)
        let opacities = (0..<30).map { timeline.state(atFrame: $0).layers[0].opacity }
        XCTAssertTrue(opacities.allSatisfy { (0...1).contains($0) }, "spring overshoot is clamped for opacity")
        XCTAssertTrue(opacities.contains(1))
    }

    func testSpringDefaultDurationIsItsSettleTime() throws {
        let timeline = try Timeline(
            scene: Support.scene(
                [
                    rect([
                        Support.animate(
                            .scale, from: .number(0), to: .number(1),
                            easing: .spring(response: 0.5, dampingFraction: 0.825))
                    ])
                ], hold: 0))
        let settle = SpringCurve(response: 0.5, dampingFraction: 0.825).settleTime
        XCTAssertEqual(timeline.summary.layers[0].animations[0].end, settle, accuracy: 1e-12)
        XCTAssertEqual(
            timeline.state(atTime: 0.2).layers[0].scale,
            SpringCurve(response: 0.5, dampingFraction: 0.825).value(at: 0.2), accuracy: 1e-9)
    }
}
