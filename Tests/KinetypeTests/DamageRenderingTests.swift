import Foundation
import KinetypeCore
import TestSupport
import XCTest

@testable import Kinetype
@testable import KinetypeRender

/// Drawing only the damage is exact: for every template and a seeded set of random scenes, a frame
/// drawn over the frame before it (in order, and jumping between frames in any order) equals the
/// full render pixel for pixel, and the damage between two frames holds every pixel that differs.
final class DamageRenderingTests: XCTestCase {
    private static let templates = TestScenes.packageRoot.appendingPathComponent("Templates")

    func testEveryTemplateRendersTheSameByDamage() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.templates.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".data.json") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 10)
        var renders = 0
        for file in files {
            let url = Self.templates.appendingPathComponent(file)
            var entries: [SceneOverrides] = [SceneOverrides()]
            let dataURL = url.deletingPathExtension().appendingPathExtension("data.json")
            if FileManager.default.fileExists(atPath: dataURL.path) {
                let data = try BatchData.decode(Data(contentsOf: dataURL), fileName: dataURL.lastPathComponent)
                entries = data.map {
                    SceneOverrides(values: $0.values, layoutDirection: $0.layoutDirection)
                }
            }
            for (number, base) in entries.enumerated() {
                // make test-long: both appearances of the first entry, then one each, alternating;
                // make test: one appearance of each entry, alternating over every render.
                let schemes: [ColorScheme] =
                    LongTests.enabled && number == 0
                    ? [.light, .dark] : [(LongTests.enabled ? number : renders) % 2 == 0 ? .light : .dark]
                renders += 1
                for scheme in schemes {
                    var overrides = base
                    overrides.colorScheme = overrides.colorScheme ?? scheme
                    let prepared = try SceneLoader(.file(path: url.path), overrides: overrides).load()
                    try assertDamageRenderingIsExact(prepared, "\(file) entry \(number) \(scheme)")
                }
            }
        }
    }

    func testRandomScenesRenderTheSameByDamage() throws {
        var random = SplitMix64(seed: 13)
        for number in 0..<(LongTests.enabled ? 60 : 20) {
            let json = RandomScene.make(&random)
            let prepared: PreparedScene
            do {
                prepared = try SceneLoader(
                    .bytes(Data(json.utf8), displayName: "random-\(number).json", baseDirectory: Self.templates)
                ).load()
            } catch {
                XCTFail("random scene \(number) does not load: \(error)\n\(json)")
                continue
            }
            try assertDamageRenderingIsExact(prepared, "random scene \(number):\n\(json)")
        }
    }

    /// The frame pipeline's frames (with their changed rectangles) are the full renders and their
    /// exact differences, with any number of workers.
    func testRenderedFramesAreTheFullRendersAndTheirExactChanges() throws {
        var random = SplitMix64(seed: 7)
        for number in 0..<4 {
            let prepared = try SceneLoader(
                .bytes(
                    Data(RandomScene.make(&random).utf8), displayName: "random-\(number).json",
                    baseDirectory: Self.templates)
            ).load()
            let full = try FrameRenderer(scene: prepared.scene, fonts: prepared.fonts, images: prepared.images)
            let count = prepared.timeline.frameCount
            let expected = try (0..<count).map { try full.render(prepared.timeline.state(atFrame: $0)) }
            for jobs in [1, 3] {
                var delivered = 0
                let never: @Sendable () -> Bool = { false }
                try prepared.renderFrames(0..<count, jobs: jobs, isCancelled: never) { frame in
                    XCTAssertEqual(frame.index, delivered)
                    XCTAssertTrue(frame.image == expected[frame.index], "frame \(frame.index), \(jobs) jobs")
                    let exact =
                        frame.index == 0
                        ? PixelRect.whole(width: frame.image.width, height: frame.image.height)
                        : PixelDifference.bounds(expected[frame.index - 1], expected[frame.index])
                    XCTAssertEqual(frame.changed, exact, "frame \(frame.index), \(jobs) jobs")
                    delivered += 1
                }
                XCTAssertEqual(delivered, count)
            }
        }
    }

    // MARK: - Support

    private func assertDamageRenderingIsExact(
        _ prepared: PreparedScene, _ name: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let make = { try FrameRenderer(scene: prepared.scene, fonts: prepared.fonts, images: prepared.images) }
        let full = try make()
        let inOrder = try make()
        let jumping = try make()
        let pixelsOnly = try make()
        let timeline = prepared.timeline
        var previous: (index: Int, state: FrameState, image: Image)?
        for index in Self.framesInOrder(timeline.frameCount) {
            let state = timeline.state(atFrame: index)
            let expected = try full.render(state)
            let drawn = try inOrder.renderIncrementally(state)
            guard drawn == expected else {
                return XCTFail(
                    "\(name): frame \(index) drawn over frame \(index - 1) differs from its full render "
                        + "in \(String(describing: PixelDifference.bounds(expected, drawn)))", file: file, line: line)
            }
            if let previous, previous.index == index - 1 {
                let damage = try inOrder.damage(from: previous.state, to: state)
                let changed = PixelDifference.bounds(previous.image, expected)
                if let changed {
                    guard let damage, damage.union(changed) == damage else {
                        return XCTFail(
                            "\(name): frame \(index) changed \(changed) outside its damage \(String(describing: damage))",
                            file: file, line: line)
                    }
                }
            }
            previous = (index, state, expected)
        }
        // Jumping between frames in any order (as workers that share the frames do), whole frames
        // and any rectangle of them.
        var random = SplitMix64(seed: UInt64(timeline.frameCount))
        let jumps = LongTests.enabled ? 40 : 12
        let order = (0..<min(timeline.frameCount * 2, jumps)).map { _ in
            Int(random.next() % UInt64(timeline.frameCount))
        }
        var last: Int?
        for (step, index) in order.enumerated() {
            let state = timeline.state(atFrame: index)
            let expected = try full.render(state)
            let drawn = try jumping.renderIncrementally(state)
            guard drawn == expected else {
                return XCTFail(
                    "\(name): frame \(index) drawn over frame \(String(describing: last)) differs from its full render "
                        + "in \(String(describing: PixelDifference.bounds(expected, drawn)))", file: file, line: line)
            }
            last = index
            guard step < 12 else { continue }
            let x = Int(random.next() % UInt64(expected.width))
            let y = Int(random.next() % UInt64(expected.height))
            let rect = PixelRect(
                x: x, y: y, width: 1 + Int(random.next() % UInt64(expected.width - x)),
                height: 1 + Int(random.next() % UInt64(expected.height - y)))
            guard try pixelsOnly.renderPixels(state, in: rect) == expected.pixels(in: rect) else {
                return XCTFail(
                    "\(name): the pixels of \(rect) of frame \(index), drawn over another frame, differ from its full render",
                    file: file, line: line)
            }
        }
    }

    /// The frames drawn one over the other, in order: every frame with `KINETYPE_LONG_TESTS=1`
    /// (`make test-long`), else about ten pairs of consecutive frames spread over the scene (each
    /// drawn over whatever came before it, and its damage checked against the frame before).
    static func framesInOrder(_ frameCount: Int) -> [Int] {
        guard !LongTests.enabled else { return Array(0..<frameCount) }
        let step = max(1, frameCount / 10)
        var frames = Set([0, frameCount - 1])
        for frame in stride(from: 1, to: frameCount, by: step) { frames.formUnion([frame - 1, frame]) }
        return frames.sorted()
    }

}

/// Random scenes that exercise what the damage must bound: typewriters in both modes with fades,
/// cursors and scripts, shadows, rotation, scale, offset, opacity and color animations, gradients,
/// rectangles, spans with underlines, right-to-left layouts and the dark appearance.
enum RandomScene {
    private static let texts = [
        "Every character appears where it will finally stand.",
        "Hello, world! Typing along, one letter at a time.",
        "שלום עולם, טקסט מימין לשמאל",
        "مرحبا بالعالم، نص من اليمين",
        "Emoji 😀 and ligatures: office ffi fl.",
        "Mixed: English עברית English.",
        "Short",
        "Two\nlines of text",
    ]
    private static let colors = ["#1F2A44", "#FF9F0A", "rgba(0, 0, 0, 0.5)", "#FFFFFF", "system.label", "#30D158"]

    static func make(_ random: inout SplitMix64) -> String {
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        func number(_ range: ClosedRange<Double>) -> Double { (random.next(in: range) * 4).rounded() / 4 }
        func chance(_ probability: Double) -> Bool { random.nextUnit() < probability }
        func color() -> String {
            chance(0.2) ? "{ \"light\": \"\(pick(colors))\", \"dark\": \"\(pick(colors))\" }" : "\"\(pick(colors))\""
        }
        func fill() -> String {
            chance(0.4)
                ? "{ \"linear\": { \"from\": \"\(pick(colors))\", \"to\": \"\(pick(colors))\", "
                    + "\"angle\": \(number(0...180)), \"mirrorsInRightToLeft\": \(chance(0.5)) } }"
                : color()
        }
        let width = number(120...300)
        let height = number(60...180)
        var layers: [String] = []
        for _ in 0..<(1 + Int(random.next() % 3)) {
            var keys: [String] = []
            var animations: [String] = []
            let x = number(-10...(width * 0.6))
            let y = number(-10...(height * 0.6))
            var frame = "\"x\": \(x), \"y\": \(y)"
            if chance(0.7) { frame += ", \"width\": \(number(40...(width - x + 20)))" }
            if chance(0.4) { frame += ", \"height\": \(number(20...(height - y + 20)))" }
            keys.append("\"frame\": { \(frame) }")
            if chance(0.75) {
                keys.append("\"type\": \"text\"")
                let text = pick(texts)
                if chance(0.25) {
                    let middle = text.index(text.startIndex, offsetBy: text.count / 2)
                    keys.append(
                        "\"spans\": [ { \"text\": \(json(String(text[..<middle]))), \"underline\": true }, "
                            + "{ \"text\": \(json(String(text[middle...]))), \"color\": \"#FF3B30\", "
                            + "\"strikethrough\": \(chance(0.5)) } ]")
                } else {
                    keys.append("\"text\": \(json(text))")
                }
                keys.append("\"font\": { \"family\": \"DejaVu Sans\", \"size\": \(number(9...26)) }")
                keys.append("\"color\": \(color())")
                if chance(0.5) { keys.append("\"textAlignment\": \"\(pick(["leading", "center", "trailing"]))\"") }
                if chance(0.3) { keys.append("\"letterSpacing\": \(number(0...3))") }
                if chance(0.2) {
                    keys.append("\"lineLimit\": 1, \"truncation\": \"\(pick(["head", "middle", "tail"]))\"")
                }
                if chance(0.3) {
                    keys.append(
                        "\"shadow\": { \"color\": \(color()), \"radius\": \(number(0...6)), "
                            + "\"x\": \(number(-3...3)), \"y\": \(number(-3...3)) }")
                }
                if chance(0.85) {
                    var typewriter = "\"type\": \"typewriter\", \"start\": \(number(0...0.5)), "
                    typewriter += "\"interval\": \(pick([0.02, 0.05, 0.1])), \"mode\": \"\(pick(["stable", "flow"]))\""
                    typewriter += ", \"unit\": \"\(pick(["character", "character", "word", "line"]))\""
                    if chance(0.35) { typewriter += ", \"fadeIn\": \(pick([0.05, 0.15, 0.3]))" }
                    if chance(0.5) {
                        typewriter +=
                            ", \"cursor\": { \"shape\": \"\(pick(["bar", "block", "underline"]))\", "
                            + "\"color\": \(color()), \"width\": \(number(1...3)), \"blink\": \(pick([0.3, 0.8])) }"
                    }
                    if chance(0.15) {
                        typewriter +=
                            ", \"script\": [ { \"type\": \"Draft\" }, { \"pause\": 0.1 }, { \"delete\": 3 }, "
                            + "{ \"type\": \"Final.\" } ]"
                    }
                    animations.append("{ \(typewriter) }")
                }
            } else {
                keys.append("\"type\": \"rect\"")
                keys.append("\"background\": \(fill())")
            }
            if chance(0.3), !keys.contains(where: { $0.hasPrefix("\"background\"") }) {
                keys.append("\"background\": \(fill())")
            }
            if chance(0.3) { keys.append("\"cornerRadius\": \(number(0...12))") }
            if chance(0.2) { keys.append("\"border\": { \"color\": \(color()), \"width\": \(number(1...3)) }") }
            if chance(0.3) { keys.append("\"padding\": \(number(0...8))") }
            if chance(0.2) { keys.append("\"opacity\": \(number(0.25...1))") }
            if chance(0.2) { keys.append("\"rotation\": \(number(-20...20))") }
            if chance(0.2) { keys.append("\"scale\": \(number(0.5...1.5))") }
            func value(_ property: String) -> String {
                switch property {
                case "opacity": return "\(number(0...1))"
                case "rotation": return "\(number(-45...45))"
                case "scale": return "\(number(0...2))"
                case "color", "background": return "\"\(pick(colors))\""
                case "letterSpacing": return "\(number(0...4))"
                case "font.size": return "\(number(8...30))"
                case "cornerRadius": return "\(number(0...10))"
                default: return "\(number(-30...30))"
                }
            }
            if chance(0.45) {
                let isText = keys.contains("\"type\": \"text\"")
                let property = pick(
                    ["opacity", "rotation", "scale", "offset.x", "offset.y", "cornerRadius"]
                        + (isText ? ["color", "letterSpacing", "font.size"] : ["background"]))
                animations.append(
                    "{ \"type\": \"animate\", \"property\": \"\(property)\", \"from\": \(value(property)), "
                        + "\"to\": \(value(property)), "
                        + "\"start\": \(number(0...0.6)), \"duration\": \(number(0.25...1)), "
                        + "\"easing\": \"\(pick(["linear", "easeInOut", "hold"]))\" }")
            }
            if chance(0.15) {
                animations.append(
                    "{ \"type\": \"keyframes\", \"property\": \"opacity\", \"keyframes\": [ { \"time\": 0, \"value\": 0 }, "
                        + "{ \"time\": \(number(0.25...1)), \"value\": 1, \"easing\": \"easeOut\" } ] }")
            }
            if !animations.isEmpty { keys.append("\"animations\": [ \(animations.joined(separator: ", ")) ]") }
            layers.append("{ \(keys.joined(separator: ", ")) }")
        }
        let canvas =
            "\"width\": \(width), \"height\": \(height), \"scale\": \(pick([1, 1.5, 2])), \"fps\": \(pick([10, 15, 24])), "
            + "\"duration\": \(number(1...1.75)), \"background\": \(chance(0.2) ? "\"transparent\"" : fill()), "
            + "\"layoutDirection\": \"\(pick(["leftToRight", "rightToLeft", "auto"]))\", "
            + "\"colorScheme\": \"\(pick(["light", "dark"]))\""
        return "{ \"version\": 1, \"canvas\": { \(canvas) }, \"layers\": [ \(layers.joined(separator: ", ")) ] }"
    }

    private static func json(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }
}
