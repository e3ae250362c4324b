import Foundation
import XCTest

@testable import KinetypeCore

/// A minimal scene decodes to the documented defaults; a maximal one to the exact values written.
final class DecodingValuesTests: XCTestCase {
    func testMinimalSceneHasTheDocumentedDefaults() throws {
        let scene = try DecodingTestSupport.decode(
            """
            {"canvas": {"width": 600, "height": 240},
             "layers": [{"type": "text", "text": "Hello"}, {"type": "rect"}, {"type": "image", "src": "a.png"},
                        {"type": "text", "text": "T", "animations": [{"type": "typewriter"},
                          {"type": "animate", "property": "opacity", "to": 0},
                          {"type": "keyframes", "property": "scale", "keyframes": [{"time": 0, "value": 1}]}]}]}
            """)
        XCTAssertEqual(scene.version, 1)
        XCTAssertEqual(scene.canvas.width, 600)
        XCTAssertEqual(scene.canvas.height, 240)
        XCTAssertEqual(scene.canvas.scale, 1)
        XCTAssertEqual(scene.canvas.background, .color(.white))
        XCTAssertEqual(scene.canvas.fps, 30)
        XCTAssertEqual(scene.canvas.duration, .auto)
        XCTAssertEqual(scene.canvas.hold, 1.0)
        XCTAssertEqual(scene.output.loop, 0)
        XCTAssertEqual(scene.fonts, [])
        XCTAssertFalse(scene.systemFonts, "only kinetype's own fonts and the scene's, unless it asks")
        XCTAssertEqual(scene.vars, [:])
        XCTAssertEqual(scene.baseDirectory, DecodingTestSupport.baseDirectory)
        XCTAssertEqual(scene.layers.count, 4)

        let text = scene.layers[0]
        XCTAssertNil(text.id)
        XCTAssertEqual(text.frame, LayerFrame())
        XCTAssertEqual(text.alignment, .topLeading)
        XCTAssertEqual(text.padding, .zero)
        XCTAssertNil(text.background)
        XCTAssertEqual(text.cornerRadius, 0)
        XCTAssertNil(text.border)
        XCTAssertEqual(text.opacity, 1)
        XCTAssertEqual(text.offset, .zero)
        XCTAssertEqual(text.scale, 1)
        XCTAssertEqual(text.rotation, 0)
        XCTAssertEqual(text.animations, [])
        let content = try XCTUnwrap(text.text)
        XCTAssertEqual(content, TextContent(text: "Hello"))
        XCTAssertEqual(content.font, FontSpec())
        XCTAssertEqual(content.font.resolvedSize, 17)
        XCTAssertEqual(content.font.resolvedWeight, .regular)
        XCTAssertEqual(content.color, .black)
        XCTAssertEqual(content.textAlignment, .leading)
        XCTAssertNil(content.lineLimit)
        XCTAssertEqual(content.truncation, .tail)
        XCTAssertEqual(content.wrap, .wordChar)
        XCTAssertNil(content.shadow)

        XCTAssertEqual(scene.layers[1].content, .rect)
        XCTAssertEqual(scene.layers[2].content, .image(ImageContent(src: "a.png", fit: .contain)))

        let animations = scene.layers[3].animations
        XCTAssertEqual(animations[0], Animation(start: .time(0), kind: .typewriter(Typewriter())))
        XCTAssertEqual(Typewriter().pacing, .interval(0.06))
        var fade = PropertyAnimation(property: .opacity, to: .number(0))
        fade.easing = .easeInOut
        XCTAssertEqual(animations[1], Animation(kind: .animate(fade)))
        XCTAssertNil(fade.duration)
        XCTAssertEqual(fade.repeatCount, 1)
        XCTAssertFalse(fade.autoreverse)
        XCTAssertEqual(
            animations[2],
            Animation(
                kind: .keyframes(
                    KeyframeAnimation(
                        property: .scale, keyframes: [Keyframe(time: 0, value: .number(1), easing: .easeInOut)]))))
    }

    private let maximal = """
        {
          "$schema": "https://example.com/kinetype.schema.json",
          "version": 1,
          "canvas": {"width": 600, "height": 240, "scale": 2, "fps": 60, "duration": 4.5, "hold": 0.5,
                     "background": {"linear": {"from": "#FF0000", "to": "rgba(0, 0, 255, 0.5)", "angle": 45}}},
          "output": {"loop": 3},
          "fonts": ["Fonts/Brand.ttf", "Fonts/Brand-Italic.otf"],
          "systemFonts": false,
          "vars": {"title": "Notes", "version": 2.40},
          "layers": [
            {"id": "title", "type": "text",
             "frame": {"x": 10, "y": 20, "width": 300, "height": 80},
             "alignment": "bottomTrailing",
             "padding": {"top": 1, "leading": 2, "bottom": 3, "trailing": 4},
             "background": "rebeccapurple", "cornerRadius": 8, "border": {"color": "#0F0", "width": 2},
             "opacity": 0.5, "offset": {"x": -3, "y": 4}, "scale": 1.5, "rotation": 90,
             "text": "{{title}} {{ version }}",
             "font": {"family": "Inter", "file": "Fonts/Brand.ttf", "size": 34, "style": "headline",
                      "weight": "semibold", "italic": true, "design": "rounded"},
             "color": "#11223344", "textAlignment": "justified", "lineLimit": 2, "truncation": "middle",
             "lineSpacing": 4, "letterSpacing": -0.5, "wrap": "char",
             "shadow": {"color": "black", "radius": 3, "x": 1, "y": 2},
             "animations": [
               {"type": "typewriter", "start": 0.25, "intervalRange": [0.05, 0.12], "seed": 7,
                "pauses": {",": 0.15, "\\n": 0.3}, "unit": "word", "fadeIn": 0.1, "mode": "flow",
                "cursor": {"shape": "block", "color": "red", "width": 3, "blink": 0.8, "hideWhenDone": 1.5},
                "script": [{"type": "Helo"}, {"pause": 0.2}, {"delete": 2}, {"type": "llo"}, {"deleteAll": true}]},
               {"type": "animate", "property": "font.weight", "from": "regular", "to": 800, "after": "box",  
                "delay": 0.5, "duration": 1.2, "easing": {"cubicBezier": [0.1, -0.5, 0.9, 1.5]}, "repeat": 3,
                "autoreverse": true},
               {"type": "keyframes", "property": "color", "after": "box",
                "keyframes": [{"time": 0, "value": "white"}, {"time": 0.5, "value": "#000", "easing": "hold"},
                              {"time": 1, "value": "rgb(255, 0, 0)", "easing": {"spring": {"response": 0.4, "dampingFraction": 0.6}}}]}
             ]},
            {"id": "box", "type": "rect", "padding": 6, "background": "transparent",
             "animations": [{"type": "animate", "property": "background", "to": "navy", "easing": {"steps": 4}},
                            {"type": "animate", "property": "cornerRadius", "to": 12, "easing": "linear"}]},
            {"type": "image", "src": "Images/logo.png", "fit": "cover"},
            {"type": "text", "spans": [{"text": "Bold ", "weight": 700, "color": "#FFF", "italic": false,
                                        "underline": true, "strikethrough": true, "font": {"size": 20}},
                                       {"text": "plain"}],
             "lineLimit": null,
             "animations": [{"type": "typewriter", "speed": 20, "cursor": false},
                            {"type": "typewriter", "duration": 2, "cursor": {"hideWhenDone": true}}]}
          ]
        }
        """

    func testMaximalSceneDecodesEveryKeyExactly() throws {
        let scene = try DecodingTestSupport.decode(maximal)
        var canvas = Canvas(width: 600, height: 240)
        canvas.scale = 2
        canvas.fps = 60
        canvas.duration = .seconds(4.5)
        canvas.hold = 0.5
        canvas.background = .linear(
            from: Color(red: 1, green: 0, blue: 0),
            to: Color(red: 0, green: 0, blue: 1, alpha: 0.5), angle: 45)
        XCTAssertEqual(scene.canvas, canvas)
        XCTAssertEqual(scene.output, OutputSettings(loop: 3))
        XCTAssertEqual(scene.fonts, ["Fonts/Brand.ttf", "Fonts/Brand-Italic.otf"])
        XCTAssertFalse(scene.systemFonts)
        XCTAssertEqual(scene.vars, ["title": "Notes", "version": "2.40"])

        var title = Layer(id: "title", content: .rect)
        title.frame = LayerFrame(x: 10, y: 20, width: 300, height: 80)
        title.alignment = .bottomTrailing
        title.padding = EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        title.background = .color(Color(red: 0x66 / 255, green: 0x33 / 255, blue: 0x99 / 255))
        title.cornerRadius = 8
        title.border = Border(color: Color(red: 0, green: 1, blue: 0), width: 2)
        title.opacity = 0.5
        title.offset = Point(x: -3, y: 4)
        title.scale = 1.5
        title.rotation = 90
        var text = TextContent(text: "Notes 2.40")
        text.font = FontSpec(
            family: "Inter", file: "Fonts/Brand.ttf", size: 34, style: .headline, weight: .semibold,
            italic: true, design: .rounded)
        text.color = Color(red: 0x11 / 255, green: 0x22 / 255, blue: 0x33 / 255, alpha: 0x44 / 255)
        text.textAlignment = .justified
        text.lineLimit = 2
        text.truncation = .middle
        text.lineSpacing = 4
        text.letterSpacing = -0.5
        text.wrap = .char
        text.shadow = Shadow(color: .black, radius: 3, x: 1, y: 2)
        title.content = .text(text)

        var typewriter = Typewriter()
        typewriter.intervalRange = 0.05...0.12
        typewriter.seed = 7
        typewriter.pauses = [",": 0.15, "\n": 0.3]
        typewriter.unit = .word
        typewriter.fadeIn = 0.1
        typewriter.mode = .flow
        var cursor = Cursor()
        cursor.shape = .block
        cursor.color = Color(red: 1, green: 0, blue: 0)
        cursor.width = 3
        cursor.blink = 0.8
        cursor.hideWhenDone = 1.5
        typewriter.cursor = cursor
        typewriter.script = [.type("Helo"), .pause(0.2), .delete(2), .type("llo"), .deleteAll]
        var weight = PropertyAnimation(property: .fontWeight, from: .number(400), to: .number(800))
        weight.duration = 1.2
        weight.easing = .cubicBezier(0.1, -0.5, 0.9, 1.5)
        weight.repeatCount = 3
        weight.autoreverse = true
        let colors = KeyframeAnimation(
            property: .color,
            keyframes: [
                Keyframe(time: 0, value: .color(.white)),
                Keyframe(time: 0.5, value: .color(.black), easing: .hold),
                Keyframe(
                    time: 1, value: .color(Color(red: 1, green: 0, blue: 0)),
                    easing: .spring(response: 0.4, dampingFraction: 0.6)),
            ])
        title.animations = [
            Animation(start: .time(0.25), kind: .typewriter(typewriter)),
            Animation(start: .after(layer: "box", delay: 0.5), kind: .animate(weight)),
            Animation(start: .after(layer: "box", delay: 0), kind: .keyframes(colors)),
        ]
        XCTAssertEqual(scene.layers[0], title)

        var box = Layer(id: "box", content: .rect)
        box.padding = EdgeInsets(all: 6)
        box.background = .transparent
        var background = PropertyAnimation(property: .background, to: .color(Color(red: 0, green: 0, blue: 128 / 255)))
        background.easing = .steps(4)
        var corner = PropertyAnimation(property: .cornerRadius, to: .number(12))
        corner.easing = .linear
        box.animations = [Animation(kind: .animate(background)), Animation(kind: .animate(corner))]
        XCTAssertEqual(scene.layers[1], box)

        XCTAssertEqual(scene.layers[2], Layer(content: .image(ImageContent(src: "Images/logo.png", fit: .cover))))

        var bold = TextSpan(text: "Bold ")
        bold.weight = .bold
        bold.color = .white
        bold.italic = false
        bold.underline = true
        bold.strikethrough = true
        bold.font = FontSpec(size: 20)
        var spans = Layer(content: .text(TextContent(text: "Bold plain", spans: [bold, TextSpan(text: "plain")])))
        var fast = Typewriter()
        fast.pacing = .speed(20)
        var timed = Typewriter()
        timed.pacing = .totalDuration(2)
        var hiding = Cursor()
        hiding.hideWhenDone = 0
        timed.cursor = hiding
        spans.animations = [Animation(kind: .typewriter(fast)), Animation(kind: .typewriter(timed))]
        XCTAssertEqual(scene.layers[3], spans)
    }

    func testSourceMapHoldsThePositionOfEveryDecodedPath() throws {
        let scene = try DecodingTestSupport.decode(maximal)
        XCTAssertEqual(scene.source.fileName, "scene.json")
        XCTAssertEqual(scene.source.positions[""], SourcePosition(line: 1, column: 1))
        XCTAssertEqual(scene.source.positions["canvas.fps"], SourcePosition(line: 4, column: 62))
        XCTAssertEqual(scene.source.positions["fonts[1]"], SourcePosition(line: 7, column: 32))
        XCTAssertEqual(
            scene.source.positions["layers[0].animations[1].easing.cubicBezier[2]"],
            SourcePosition(line: 29, column: 78))
        XCTAssertEqual(
            scene.source.positions["layers[0].animations[0].pauses[\",\"]"],
            SourcePosition(line: 25, column: 25))
        XCTAssertEqual(scene.source.position(of: "layers[2].font.size"), scene.source.positions["layers[2]"])
        let diagnostic = scene.source.diagnostic(at: "layers[3].spans[0].font.size", "cannot be laid out")
        XCTAssertEqual(diagnostic.description, "scene.json:40:92: layers[3].spans[0].font.size: cannot be laid out")
    }

    func testDecodesFromAFileAndResolvesPathsNextToIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kinetype-decoding-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("intro.json")
        try Data(DecodingTestSupport.scene(layers: "{\"type\": \"image\", \"src\": \"logo.png\"}").utf8).write(to: file)
        let scene = try SceneDecoder.decode(contentsOf: file)
        XCTAssertEqual(scene.baseDirectory.standardizedFileURL.path, folder.standardizedFileURL.path)
        XCTAssertEqual(scene.resolve(path: "logo.png").path, folder.appendingPathComponent("logo.png").path)
        XCTAssertEqual(scene.source.fileName, file.path)
        XCTAssertEqual(
            try SceneDecoder.decode(contentsOf: file, displayName: "intro.json").source.fileName, "intro.json")
    }

    func testMissingFileIsAMissingInputDiagnostic() {
        let url = URL(fileURLWithPath: "/nonexistent/kinetype/scene.json")
        XCTAssertThrowsError(try SceneDecoder.decode(contentsOf: url, displayName: "scene.json")) { error in
            let list = error as? DiagnosticList
            XCTAssertEqual(list?.diagnostics.first?.kind, .missingInput)
            XCTAssertEqual(list?.exitStatus, .missingInput)
            XCTAssertEqual(list?.description, "scene.json: no such scene file")
        }
        XCTAssertThrowsError(try SceneDecoder.decode(contentsOf: URL(fileURLWithPath: "/tmp"), displayName: "tmp")) {
            error in
            XCTAssertEqual((error as? DiagnosticList)?.description, "tmp: is a folder, not a scene file")
        }
    }
}
