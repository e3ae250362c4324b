import Foundation
import KinetypeRender
import XCTest

@testable import Kinetype
@testable import KinetypeCore

/// For every key of `FormatRanges`, extreme values in a small valid scene: past the range they are
/// positioned errors at the key's JSON path; at the maximum the scene decodes, compiles and
/// renders a still of its last moment without trapping.
final class NumericRangeSweepTests: XCTestCase {
    /// A scene with `value` at `key`, and the JSON path where it stands.
    static func scene(for key: String, value: String) -> (json: String, path: String)? {
        let text = "{\"type\": \"text\", \"text\": \"Hi\", \"font\": {\"family\": \"DejaVu Sans\", \"size\": 12}"
        func canvas(_ extra: String, path: String) -> (String, String) {
            ("{\"canvas\": {\"width\": 48, \"height\": 24, \"duration\": 0.2\(extra)}, \"layers\": [\(text)}]}", path)
        }
        func canvasKey(_ name: String) -> (String, String) {
            let size =
                name == "width"
                ? "\"width\": \(value), \"height\": 24"
                : name == "height"
                    ? "\"width\": 48, \"height\": \(value)"
                    : "\"width\": 48, \"height\": 24, \"\(name)\": \(value)"
            let duration = name == "duration" ? "" : ", \"duration\": 0.2"
            return ("{\"canvas\": {\(size)\(duration)}, \"layers\": [\(text)}]}", "canvas.\(name)")
        }
        func layer(_ members: String, path: String) -> (String, String) {
            (
                "{\"canvas\": {\"width\": 48, \"height\": 24, \"duration\": 0.2}, \"layers\": [\(text), \(members)}]}",
                "layers[0]." + path
            )
        }
        func animation(_ members: String, path: String) -> (String, String) {
            layer("\"animations\": [{\(members)}]", path: "animations[0]." + path)
        }
        func easing(_ easing: String, path: String) -> (String, String) {
            animation(
                "\"type\": \"animate\", \"property\": \"opacity\", \"from\": 0, \"to\": 1, \"duration\": 0.1, \"easing\": \(easing)",
                path: "easing." + path)
        }
        let typewriter = "\"type\": \"typewriter\", "
        switch key {
        case "canvas.width", "canvas.height", "canvas.scale", "canvas.fps", "canvas.duration", "canvas.hold":
            return canvasKey(String(key.dropFirst("canvas.".count)))
        case "output.loop":
            return (
                "{\"canvas\": {\"width\": 48, \"height\": 24, \"duration\": 0.2}, \"output\": {\"loop\": \(value)}, \"layers\": []}",
                key
            )
        case "canvas.background.linear.angle":
            return canvas(
                ", \"background\": {\"linear\": {\"from\": \"red\", \"to\": \"blue\", \"angle\": \(value)}}", path: key)
        case "layers[].background.linear.angle":
            return layer(
                "\"background\": {\"linear\": {\"from\": \"red\", \"to\": \"blue\", \"angle\": \(value)}}",
                path: "background.linear.angle")
        case "layers[].frame.x", "layers[].frame.y", "layers[].frame.width", "layers[].frame.height":
            let name = String(key.split(separator: ".").last!)
            let rest = ["x": "\"width\": 40", "y": "\"width\": 40", "width": "\"x\": 0", "height": "\"width\": 40"][
                name]!
            return layer("\"frame\": {\(rest), \"\(name)\": \(value)}", path: "frame." + name)
        case "layers[].padding":
            return layer("\"padding\": \(value)", path: "padding")
        case "layers[].offset.x", "layers[].offset.y", "layers[].padding.top", "layers[].padding.leading",
            "layers[].padding.bottom", "layers[].padding.trailing", "layers[].shadow.x", "layers[].shadow.y":
            let parts = key.dropFirst("layers[].".count).split(separator: ".")
            return layer("\"\(parts[0])\": {\"\(parts[1])\": \(value)}", path: parts.joined(separator: "."))
        case "layers[].border.width":
            return layer("\"border\": {\"color\": \"red\", \"width\": \(value)}", path: "border.width")
        case "layers[].shadow.radius":
            return layer("\"shadow\": {\"radius\": \(value)}", path: "shadow.radius")
        case "layers[].cornerRadius", "layers[].opacity", "layers[].scale", "layers[].rotation", "layers[].lineLimit",
            "layers[].lineSpacing", "layers[].letterSpacing":
            let name = String(key.dropFirst("layers[].".count))
            return layer("\"background\": \"#3366FF\", \"\(name)\": \(value)", path: name)
        case "layers[].font.size", "layers[].font.weight":
            let name = String(key.split(separator: ".").last!)
            return (
                "{\"canvas\": {\"width\": 48, \"height\": 24, \"duration\": 0.2}, \"layers\": [{\"type\": \"text\", \"text\": \"Hi\", "
                    + "\"font\": {\"family\": \"DejaVu Sans\", \"\(name)\": \(value)}}]}", "layers[0].font." + name
            )
        case "layers[].spans[].font.size", "layers[].spans[].weight", "layers[].spans[].font.weight":
            let inner =
                key.hasSuffix("font.size")
                ? "\"font\": {\"size\": \(value)}"
                : key.hasSuffix("font.weight") ? "\"font\": {\"weight\": \(value)}" : "\"weight\": \(value)"
            return (
                "{\"canvas\": {\"width\": 48, \"height\": 24, \"duration\": 0.2}, \"layers\": [{\"type\": \"text\", "
                    + "\"spans\": [{\"text\": \"Hi\", \(inner)}]}]}",
                "layers[0].spans[0]." + key.dropFirst("layers[].spans[].".count)
            )
        case "layers[].animations[].start":
            return animation(typewriter + "\"start\": \(value)", path: "start")
        case "layers[].animations[].delay":
            return (
                "{\"canvas\": {\"width\": 48, \"height\": 24, \"duration\": 0.2}, \"layers\": [{\"id\": \"a\", \"type\": \"rect\"}, "
                    + "\(text), \"animations\": [{\(typewriter)\"after\": \"a\", \"delay\": \(value)}]}]}",
                "layers[1].animations[0].delay"
            )
        case "layers[].animations[].interval", "layers[].animations[].speed", "layers[].animations[].fadeIn",
            "layers[].animations[].seed":
            let name = String(key.split(separator: ".").last!)
            return animation(typewriter + "\"\(name)\": \(value)", path: name)
        case "layers[].animations[].duration":
            return animation(
                "\"type\": \"animate\", \"property\": \"opacity\", \"to\": 0.5, \"duration\": \(value)",
                path: "duration")
        case "layers[].animations[].intervalRange[]":
            return animation(typewriter + "\"intervalRange\": [0, \(value)]", path: "intervalRange[1]")
        case "layers[].animations[].pauses.*":
            return animation(typewriter + "\"pauses\": {\"i\": \(value)}", path: "pauses.i")
        case "layers[].animations[].script[].pause":
            return animation(
                typewriter + "\"script\": [{\"type\": \"ab\"}, {\"pause\": \(value)}]", path: "script[1].pause")
        case "layers[].animations[].script[].delete":
            return animation(
                typewriter + "\"script\": [{\"type\": \"ab\"}, {\"delete\": \(value)}]", path: "script[1].delete")
        case "layers[].animations[].cursor.width", "layers[].animations[].cursor.blink",
            "layers[].animations[].cursor.hideWhenDone":
            let name = String(key.split(separator: ".").last!)
            return animation(typewriter + "\"cursor\": {\"\(name)\": \(value)}", path: "cursor." + name)
        case "layers[].animations[].sound.volume":
            return animation(typewriter + "\"sound\": {\"volume\": \(value)}", path: "sound.volume")
        case "layers[].animations[].repeat":
            return animation(
                "\"type\": \"animate\", \"property\": \"scale\", \"to\": 2, \"duration\": 0.05, \"repeat\": \(value)",
                path: "repeat")
        case "layers[].animations[].keyframes[].time":
            return animation(
                "\"type\": \"keyframes\", \"property\": \"rotation\", \"keyframes\": [{\"time\": \(value), \"value\": 90}]",
                path: "keyframes[0].time")
        case "…easing.steps":
            return easing("{\"steps\": \(value)}", path: "steps")
        case "…easing.cubicBezier[0]", "…easing.cubicBezier[1]", "…easing.cubicBezier[2]", "…easing.cubicBezier[3]":
            let index = Int(String(key.dropLast().last!))!
            var items = ["0.4", "0", "0.6", "1"]
            items[index] = value
            return easing("{\"cubicBezier\": [\(items.joined(separator: ", "))]}", path: "cubicBezier[\(index)]")
        case "…easing.spring.response", "…easing.spring.dampingFraction":
            let name = String(key.split(separator: ".").last!)
            return easing("{\"spring\": {\"\(name)\": \(value)}}", path: "spring." + name)
        default:
            return nil
        }
    }

    func testEveryKeyHasAScene() {
        for key in FormatRanges.all.flatMap(\.keys) {
            XCTAssertNotNil(Self.scene(for: key, value: "1"), "no sweep scene for \(key); add one")
        }
    }

    func testValuesPastTheRangeArePositionedErrors() throws {
        for range in FormatRanges.all {
            let overMax =
                range.maximumText.map { _ in "18446744073709551616" }
                ?? (range.wholeNumber
                    ? JSONText.number(range.maximum + 1) : String(range.maximum + max(1e-6, range.maximum * 1e-9)))
            for key in range.keys {
                for value in ["1e308", "-1e308", overMax] {
                    guard let (json, path) = Self.scene(for: key, value: value) else { continue }
                    do {
                        _ = try SceneDecoder.decode(
                            Data(json.utf8), fileName: "sweep.json", baseDirectory: URL(fileURLWithPath: "/"))
                        XCTFail("\(key) = \(value) was accepted")
                    } catch let list as DiagnosticList {
                        let match = list.diagnostics.first { $0.path == path }
                        XCTAssertNotNil(match, "\(key) = \(value): \(list)")
                        XCTAssertNotNil(match?.position, "\(key) = \(value) has no position")
                    }
                }
            }
        }
    }

    func testValuesAtTheMaximumRenderAStill() throws {
        for range in FormatRanges.all {
            let atMax = range.maximumText ?? JSONText.number(range.maximum)
            for key in range.keys {
                guard let (json, _) = Self.scene(for: key, value: atMax) else { continue }
                let scene: Scene
                do {
                    scene = try SceneDecoder.decode(
                        Data(json.utf8), fileName: "sweep.json", baseDirectory: URL(fileURLWithPath: "/"))
                } catch {
                    XCTFail("\(key) = \(atMax) was rejected: \(error)")
                    continue
                }
                let timeline = try Timeline(scene: scene)
                XCTAssertGreaterThan(timeline.frameCount, 0)
                let renderer = try FrameRenderer(scene: scene, fonts: SceneFontResolution.library(for: scene))
                let image = try renderer.render(timeline.state(atTime: min(timeline.duration, 3600)))
                XCTAssertEqual(image.width, scene.canvas.pixelWidth, key)
            }
        }
    }
}

/// Several keys at their maximum at once, where their effects multiply.
final class CombinedExtremesTests: XCTestCase {
    func testLargestGlyphsScalesAndShadowsRender() throws {
        let json = """
            {"canvas": {"width": 64, "height": 32, "scale": 4, "duration": 0.1}, "layers": [
              {"type": "text", "text": "Hi", "font": {"family": "DejaVu Sans", "size": 2000}, "scale": 8,
               "letterSpacing": 10000, "lineSpacing": -10000, "shadow": {"radius": 1000, "x": 100000, "y": -100000},
               "frame": {"x": -100000, "y": 100000, "width": 100000, "height": 100000}, "offset": {"x": 100000, "y": -100000},
               "rotation": 36000, "cornerRadius": 100000, "border": {"color": "red", "width": 100000}, "background": "blue"},
              {"type": "text", "text": "Hi", "font": {"family": "DejaVu Sans", "size": 2000}, "scale": 8,
               "shadow": {"radius": 1000}, "animations": [
                 {"type": "animate", "property": "scale", "from": 0, "to": 8, "duration": 0.1,
                  "easing": {"cubicBezier": [0, 100, 1, -100]}}]}]}
            """
        let scene = try SceneDecoder.decode(
            Data(json.utf8), fileName: "extreme.json", baseDirectory: URL(fileURLWithPath: "/"))
        let timeline = try Timeline(scene: scene)
        let renderer = try FrameRenderer(scene: scene, fonts: SceneFontResolution.library(for: scene))
        for time in [0.02, 0.1] {
            XCTAssertEqual(try renderer.render(timeline.state(atTime: time)).width, 256)
        }
    }
}
