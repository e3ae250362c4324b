import Foundation
import TestSupport
import XCTest

/// `render` to Lottie JSON and dotLottie, run as a process: the file validates against the Lottie
/// community schema, two players (rlottie and ThorVG) draw kinetype's own frames, the bytes are
/// the same every time, and what Lottie output cannot write yet is refused by name.
final class LottieOutputTests: XCTestCase {
    /// A rectangle with a border and rounded corners, and a typewriter with a cursor over it.
    private static let cardScene = """
        {"version": 1, "canvas": {"width": 240, "height": 80, "scale": 2, "background": "#F4F1EA", "fps": 20, "hold": 0.5},
         "layers": [
           {"id": "card", "type": "rect", "frame": {"x": 8, "y": 8, "width": 224, "height": 64},
            "background": "#FFFFFF", "cornerRadius": 12, "border": {"color": "#3B5BDB", "width": 2}},
           {"id": "line", "type": "text", "text": "Typed, once.", "frame": {"x": 20, "y": 24, "width": 200},
            "font": {"family": "DejaVu Sans", "size": 22}, "color": "#1B1B1B",
            "animations": [{"type": "typewriter", "interval": 0.06, "start": 0.1,
                            "cursor": {"shape": "bar", "color": "#3B5BDB", "blink": 0.4}}]}]}
        """

    private static var python: URL? { CheckerPython.path }

    private func requirePython() throws -> URL { try CheckerPython.required() }

    private func writeScene(_ text: String, named name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Exports `scene` to Lottie, renders its PNG frames (both with `arguments`), and has the
    /// checker compare them.
    private func checkAgainstPlayers(
        scene: String, pixelWidth: Int, pixelHeight: Int, arguments: [String] = []
    ) throws {
        let python = try requirePython()
        let folder = try KinetypeProcess.temporaryFolder(self)
        let lottie = folder.appendingPathComponent("out.json").path
        let frames = folder.appendingPathComponent("frames").path
        let export = try KinetypeProcess.run(["render", scene, "-o", lottie, "-q"] + arguments)
        XCTAssertEqual(export.status, 0, export.stderr)
        let raster = try KinetypeProcess.run(["render", scene, "-o", frames, "-q"] + arguments)
        XCTAssertEqual(raster.status, 0, raster.stderr)
        let frameCount = try FileManager.default.contentsOfDirectory(atPath: frames).filter { $0.hasSuffix(".png") }
            .count
        let checker = KinetypeProcess.fixtures.appendingPathComponent("lottie-check.py").path
        let result = try ChildProcess.run(
            python, [checker, lottie, frames, String(pixelWidth), String(pixelHeight)], timeout: 600)
        XCTAssertEqual(result.status, 0, result.stderrText)
        let report = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(result.stdoutText.utf8)) as? [String: Any], result.stdoutText)
        let errors = report["schemaErrors"] as? [String] ?? ["no schemaErrors in the report"]
        XCTAssertEqual(errors, [], "schema errors of \(scene)")
        XCTAssertEqual(report["frames"] as? Int, frameCount)
        let players = try XCTUnwrap(report["players"] as? [String: [String: Any]])
        XCTAssertEqual(Set(players.keys), ["rlottie", "thorvg"])
        for (player, values) in players {
            XCTAssertEqual(values["frames"] as? Int, frameCount, player)
            let differing = try XCTUnwrap(values["differing"] as? [String: Double], player)
            XCTAssertTrue(differing.keys.contains(String(frameCount - 1)), "the last frame is checked")
            for (frame, fraction) in differing {
                XCTAssertLessThanOrEqual(
                    fraction, 0.01, "\(player), frame \(frame) of \(scene): \(fraction * 100)% differ")
            }
        }
    }

    func testHelloTemplateMatchesItsFramesInRlottieAndThorVG() throws {
        let hello = KinetypeProcess.packageRoot.appendingPathComponent("Templates/hello.json").path
        try checkAgainstPlayers(scene: hello, pixelWidth: 960, pixelHeight: 320)
    }

    func testRectAndTypewriterWithCursorMatchItsFramesInRlottieAndThorVG() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try writeScene(Self.cardScene, named: "card.json", in: folder)
        try checkAgainstPlayers(scene: scene, pixelWidth: 480, pixelHeight: 160)
    }

    /// A text layer's own box: background, rounded corners, and a border drawn over the text.
    func testTextLayerBoxMatchesItsFramesInRlottieAndThorVG() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try writeScene(
            """
            {"version": 1, "canvas": {"width": 200, "height": 60, "scale": 2, "background": "#FFFFFF", "fps": 10,
                                      "duration": 0.6},
             "layers": [{"type": "text", "text": "Boxed", "frame": {"x": 10, "y": 10, "width": 180, "height": 40},
               "padding": 8, "background": "#FFF3BF", "cornerRadius": 8, "border": {"color": "#E8590C", "width": 3},
               "font": {"family": "DejaVu Sans", "size": 18}, "color": "#212529",
               "animations": [{"type": "typewriter", "interval": 0.1}]}]}
            """, named: "boxed.json", in: folder)
        try checkAgainstPlayers(scene: scene, pixelWidth: 400, pixelHeight: 120)
    }

    func testRightToLeftLayoutMatchesItsFramesInRlottieAndThorVG() throws {
        for name in ["mirror-badge-rtl.json", "mirror-rect-rtl.json"] {
            let scene = KinetypeProcess.fixtures.appendingPathComponent(name).path
            try checkAgainstPlayers(scene: scene, pixelWidth: 60, pixelHeight: 20)
        }
    }

    /// Gradient backgrounds (the canvas's, mirrored right to left) in the dark appearance, with a
    /// typewriter and cursor in Arabic.
    func testGradientRightToLeftDarkNoteCardMatchesItsFramesInRlottieAndThorVG() throws {
        let noteCard = KinetypeProcess.packageRoot.appendingPathComponent("Templates/whats-new/note-card.json").path
        try checkAgainstPlayers(
            scene: noteCard, pixelWidth: 720, pixelHeight: 448,
            arguments: [
                "--color-scheme", "dark", "--set", "title=ملاحظات",
                "--set", "body=أضف ملاحظات إلى أي مهمة. دوّن التفاصيل.",
            ])
    }

    /// A layer's own gradient box, at an angle, mirrored in a right-to-left layout.
    func testLayerGradientMatchesItsFramesInRlottieAndThorVG() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try writeScene(
            """
            {"version": 1, "canvas": {"width": 200, "height": 80, "scale": 2, "fps": 10, "duration": 0.3,
                                      "layoutDirection": "rightToLeft",
                                      "background": {"linear": {"from": "#102A43", "to": "#F0B429", "angle": 20}}},
             "layers": [{"type": "rect", "frame": {"x": 20, "y": 16, "width": 120, "height": 48}, "cornerRadius": 10,
                         "background": {"linear": {"from": "#FFFFFF", "to": "#D64545", "angle": 135,
                                                   "mirrorsInRightToLeft": true}}}]}
            """, named: "gradient.json", in: folder)
        try checkAgainstPlayers(scene: scene, pixelWidth: 400, pixelHeight: 160)
    }

    /// Text re-laid out every frame (font size, weight and letter spacing animated) in a box that
    /// fits it, so the box and the layer's scale center move too.
    func testReLaidOutTextMatchesItsFramesInRlottieAndThorVG() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try writeScene(
            """
            {"version": 1, "canvas": {"width": 240, "height": 90, "scale": 2, "background": "#FFFFFF", "fps": 12,
                                      "hold": 0.2},
             "layers": [{"type": "text", "text": "Grow", "frame": {"x": 16, "y": 12}, "padding": 6,
               "background": "#E7F5FF", "cornerRadius": 6, "font": {"family": "Inter", "size": 20}, "color": "#1864AB",
               "animations": [
                 {"type": "animate", "property": "font.size", "from": 20, "to": 40, "duration": 1, "easing": "easeInOut"},
                 {"type": "animate", "property": "font.weight", "from": "regular", "to": "bold", "duration": 1},
                 {"type": "animate", "property": "letterSpacing", "from": 0, "to": 4, "duration": 1},
                 {"type": "animate", "property": "scale", "from": 0.8, "to": 1, "duration": 1}]}]}
            """, named: "grow.json", in: folder)
        try checkAgainstPlayers(scene: scene, pixelWidth: 480, pixelHeight: 180)
    }

    /// Text whose content and color change: a flow-mode typewriter whose script deletes and retypes,
    /// with a cursor, and a color animation.
    func testChangingTextMatchesItsFramesInRlottieAndThorVG() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try writeScene(
            """
            {"version": 1, "canvas": {"width": 220, "height": 60, "scale": 2, "background": "#FFFFFF", "fps": 10,
                                      "hold": 0.3},
             "layers": [{"type": "text", "frame": {"x": 12, "y": 14, "width": 196},
               "font": {"family": "DejaVu Sans", "size": 20}, "color": "#212529",
               "animations": [
                 {"type": "typewriter", "mode": "flow", "interval": 0.08,
                  "script": [{"type": "Helo"}, {"pause": 0.2}, {"delete": 1}, {"type": "lo there"}],
                  "cursor": {"shape": "bar", "color": "#E8590C", "blink": 0.5}},
                 {"type": "animate", "property": "color", "to": "#2B8A3E", "start": 0.6, "duration": 0.5}]}]}
            """, named: "typed.json", in: folder)
        try checkAgainstPlayers(scene: scene, pixelWidth: 440, pixelHeight: 120)
    }

    /// A blurred text shadow (drawn as copies of the glyphs), revealed with its typewriter.
    func testTextShadowMatchesItsFramesInRlottieAndThorVG() throws {
        let title = KinetypeProcess.packageRoot.appendingPathComponent("Templates/examples/title.json").path
        try checkAgainstPlayers(scene: title, pixelWidth: 320, pixelHeight: 80)
    }

    /// An ease is one Bézier segment with its control points, a linear motion one linear segment, a
    /// spring (here with an ease on the other axis) linear keyframes per frame; a `hold` easing
    /// and a typewriter's reveal stay hold keyframes. (No
    /// rotation: rlottie does not draw a layer's rotation, animated or not.)
    func testSmoothMotionIsLinearKeyframesAndJumpsStayHeld() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try writeScene(
            """
            {"version": 1, "canvas": {"width": 200, "height": 80, "scale": 2, "background": "#FFFFFF", "fps": 10,
                                      "hold": 0.2},
             "layers": [
               {"type": "rect", "frame": {"x": 10, "y": 10, "width": 60, "height": 24}, "background": "#1864AB",
                "animations": [
                  {"type": "animate", "property": "offset.x", "from": 0, "to": 100, "duration": 1, "easing": "easeInOut"},
                  {"type": "animate", "property": "opacity", "from": 0.2, "to": 1, "duration": 1, "easing": "linear"},
                  {"type": "animate", "property": "offset.y", "from": 0, "to": 8, "duration": 1,
                   "easing": {"spring": {"response": 0.5, "dampingFraction": 0.5}}}]},
               {"type": "rect", "frame": {"x": 10, "y": 44, "width": 24, "height": 24}, "background": "#E8590C",
                "animations": [{"type": "animate", "property": "offset.x", "from": 0, "to": 40, "start": 0.2,
                                "duration": 0.5, "easing": "hold"}]},
               {"type": "text", "text": "Typed", "frame": {"x": 100, "y": 44}, "color": "#212529",
                "font": {"family": "DejaVu Sans", "size": 16},
                "animations": [{"type": "typewriter", "interval": 0.1},
                               {"type": "animate", "property": "scale", "from": 0.8, "to": 1, "duration": 1,
                                "easing": "easeOut"}]}]}
            """, named: "motion.json", in: folder)
        let output = folder.appendingPathComponent("exported.json").path
        let result = try KinetypeProcess.run(["render", scene, "-o", output, "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any])
        let frameCount = try XCTUnwrap(document["op"] as? Int)
        let layers = try XCTUnwrap(document["layers"] as? [[String: Any]])
        func keyframes(_ layer: [String: Any]?, _ property: String) throws -> [[String: Any]] {
            let transform = try XCTUnwrap(layer?["ks"] as? [String: Any])
            let value = try XCTUnwrap(transform[property] as? [String: Any])
            XCTAssertEqual(value["a"] as? Int, 1, "\(property) is animated")
            return try XCTUnwrap(value["k"] as? [[String: Any]])
        }
        func isLinear(_ keyframe: [String: Any]) -> Bool {
            keyframe["h"] == nil && (keyframe["o"] as? [String: [Double]]) == ["x": [0], "y": [0]]
                && (keyframe["i"] as? [String: [Double]]) == ["x": [1], "y": [1]]
        }
        let named = { (name: String) in layers.first { $0["nm"] as? String == name } }
        let eased = try keyframes(named("layers[0]"), "p")
        XCTAssertTrue(eased.dropLast().allSatisfy(isLinear), "an eased and a spring offset: linear per frame")
        XCTAssertEqual(try keyframes(named("layers[0]"), "o").count, 2, "linear opacity: one segment")
        let scale = try keyframes(named("layers[2]"), "s")
        XCTAssertEqual(scale.count, 2, "an easeOut: one segment")
        XCTAssertEqual(scale.first?["o"] as? [String: [Double]], ["x": [0], "y": [0]], "easeOut's first control point")
        XCTAssertEqual(scale.first?["i"] as? [String: [Double]], ["x": [0.58], "y": [1]], "easeOut's second one")
        let held = try keyframes(named("layers[1]"), "p")
        XCTAssertEqual(held.count, 2, "a hold easing: one jump")
        XCTAssertEqual(held.first?["h"] as? Int, 1, "a hold easing stays held")
        XCTAssertLessThan(eased.count, frameCount)

        let assets = try XCTUnwrap(document["assets"] as? [[String: Any]])
        let glyphs = try XCTUnwrap(assets.first { $0["id"] as? String == "layer2" }?["layers"] as? [[String: Any]])
        XCTAssertEqual(Set(glyphs.compactMap { $0["ip"] as? Int }).count, 5, "each character shows at its keystroke")
        for glyph in glyphs {
            let opacity = try XCTUnwrap((glyph["ks"] as? [String: Any])?["o"] as? [String: Any])
            for keyframe in opacity["k"] as? [[String: Any]] ?? [] {
                XCTAssertEqual(keyframe["h"] as? Int, 1, "a typewriter's reveal stays held")
            }
        }
        try checkAgainstPlayers(scene: scene, pixelWidth: 400, pixelHeight: 160)
    }

    /// A picture of detail for image layers: a gradient, a rounded rectangle and text, as a PNG
    /// kinetype renders into `folder`.
    private func writePicture(named name: String, in folder: URL) throws {
        let scene = try writeScene(
            """
            {"version": 1, "canvas": {"width": 60, "height": 40, "fps": 10, "duration": 0.1,
                                      "background": {"linear": {"from": "#1864AB", "to": "#F0B429", "angle": 30}}},
             "layers": [{"type": "rect", "frame": {"x": 6, "y": 6, "width": 20, "height": 28}, "background": "#FFFFFF",
                         "cornerRadius": 4},
                        {"type": "text", "text": "Ab", "frame": {"x": 30, "y": 8},
                         "font": {"family": "DejaVu Sans", "size": 16}, "color": "#212529"}]}
            """, named: "picture-scene.json", in: folder)
        let result = try KinetypeProcess.run(
            ["render", scene, "--still", "0", "-o", folder.appendingPathComponent(name).path, "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// Image layers: each fit (contain aligned in a box with a background and border, cover
    /// cropped with rounded corners fading in, fill stretched and scaling), the picture's natural
    /// size, and right to left a flipped picture that moves. Each distinct picture is one
    /// embedded PNG, and the bytes are the same with one worker thread and several.
    func testImageLayersMatchTheirFramesInRlottieAndThorVG() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try writePicture(named: "pic.png", in: folder)
        let fits = try writeScene(
            """
            {"version": 1, "canvas": {"width": 240, "height": 100, "scale": 2, "background": "#FFFFFF", "fps": 10,
                                      "duration": 0.6},
             "layers": [
               {"type": "image", "src": "pic.png", "frame": {"x": 8, "y": 8, "width": 70, "height": 84},
                "fit": "contain", "alignment": "bottomTrailing", "background": "#FFF3BF",
                "border": {"color": "#E8590C", "width": 2}},
               {"type": "image", "src": "pic.png", "frame": {"x": 86, "y": 8, "width": 70, "height": 84},
                "fit": "cover", "cornerRadius": 14,
                "animations": [{"type": "animate", "property": "opacity", "from": 0, "to": 1, "duration": 0.5}]},
               {"type": "image", "src": "pic.png", "frame": {"x": 164, "y": 8, "width": 70, "height": 40}, "fit": "fill",
                "animations": [{"type": "animate", "property": "scale", "from": 0.5, "to": 1, "duration": 0.5,
                                "easing": "easeOut"}]},
               {"type": "image", "src": "pic.png", "frame": {"x": 164, "y": 56}}]}
            """, named: "fits.json", in: folder)
        try checkAgainstPlayers(scene: fits, pixelWidth: 480, pixelHeight: 200)
        let flipped = try writeScene(
            """
            {"version": 1, "canvas": {"width": 160, "height": 60, "scale": 2, "background": "#FFFFFF", "fps": 10,
                                      "duration": 0.3, "layoutDirection": "rightToLeft"},
             "layers": [
               {"type": "image", "src": "pic.png", "frame": {"x": 8, "y": 8, "width": 70, "height": 44},
                "fit": "contain", "alignment": "leading", "flipsForRightToLeftLayoutDirection": true,
                "background": "#E7F5FF", "cornerRadius": 6,
                "animations": [{"type": "animate", "property": "offset.x", "from": 0, "to": 10, "duration": 0.2}]},
               {"type": "image", "src": "pic.png", "frame": {"x": 90, "y": 8, "width": 60, "height": 44},
                "fit": "cover", "cornerRadius": 10}]}
            """, named: "flipped.json", in: folder)
        try checkAgainstPlayers(scene: flipped, pixelWidth: 320, pixelHeight: 120)

        var outputs: [Data] = []
        for jobs in ["1", "3"] {
            let path = folder.appendingPathComponent("fits-jobs\(jobs).json").path
            let result = try KinetypeProcess.run(["render", fits, "-o", path, "--jobs", jobs, "-q"])
            XCTAssertEqual(result.status, 0, result.stderr)
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        XCTAssertEqual(outputs[0], outputs[1], "the same bytes with --jobs 1 and 3")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: outputs[0]) as? [String: Any])
        let assets = try XCTUnwrap(document["assets"] as? [[String: Any]])
        let pictures = assets.filter { $0["e"] as? Int == 1 }
        XCTAssertEqual(pictures.count, 4, "one picture per distinct drawing")
        for picture in pictures {
            XCTAssertEqual(picture["u"] as? String, "")
            let uri = try XCTUnwrap(picture["p"] as? String)
            XCTAssertTrue(uri.hasPrefix("data:image/png;base64,"), String(uri.prefix(40)))
            let png = try XCTUnwrap(Data(base64Encoded: String(uri.dropFirst("data:image/png;base64,".count))))
            XCTAssertEqual([UInt8](png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG")
        }
        let imageLayers = assets.flatMap { $0["layers"] as? [[String: Any]] ?? [] }.filter { $0["ty"] as? Int == 2 }
        XCTAssertEqual(imageLayers.count, 4)
    }

    /// Color emoji (a bitmap font) typed with a fade and casting a blurred shadow: each distinct
    /// emoji is one picture drawn by Cairo (and one in the shadow's color), revealed with its
    /// character.
    func testBitmapEmojiMatchItsFramesInRlottieAndThorVG() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try writeScene(
            """
            {"version": 1, "canvas": {"width": 220, "height": 56, "scale": 2, "background": "#FFFFFF", "fps": 10,
                                      "hold": 0.3},
             "layers": [{"type": "text", "text": "🎉 Go 🚀 now 🎉", "frame": {"x": 10, "y": 12},
               "font": {"family": "DejaVu Sans", "size": 22}, "color": "#1B1B1B",
               "shadow": {"color": "#00000066", "radius": 3, "x": 1, "y": 2},
               "animations": [{"type": "typewriter", "interval": 0.08, "fadeIn": 0.2}]}]}
            """, named: "emoji.json", in: folder)
        try checkAgainstPlayers(scene: scene, pixelWidth: 440, pixelHeight: 112)

        let output = folder.appendingPathComponent("emoji-out.json").path
        let result = try KinetypeProcess.run(["render", scene, "-o", output, "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any])
        let assets = try XCTUnwrap(document["assets"] as? [[String: Any]])
        XCTAssertEqual(
            assets.filter { ($0["p"] as? String)?.hasPrefix("data:image/png;base64,") == true }.count, 4,
            "two distinct emoji, each in its colors and in the shadow's")
        let text = try XCTUnwrap(assets.first { $0["id"] as? String == "layer0" }?["layers"] as? [[String: Any]])
        let emoji = text.filter { $0["ty"] as? Int == 2 }
        XCTAssertEqual(emoji.count, 3, "each emoji of the text is placed")
        XCTAssertEqual(Set(emoji.compactMap { $0["ip"] as? Int }).count, 3, "each shows at its own keystroke")
    }

    /// Underline and strikethrough in spans of their own colors, on a wrapped line, typed with a
    /// fade (each character's line shows with it) under a shadow; right to left in Hebrew; and on
    /// text whose size animates (drawn as exact outlines).
    func testUnderlineAndStrikethroughMatchTheirFramesInRlottieAndThorVG() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let typed = try writeScene(
            """
            {"version": 1, "canvas": {"width": 260, "height": 70, "scale": 2, "background": "#FFFFFF", "fps": 10,
                                      "hold": 0.3},
             "layers": [{"type": "text", "frame": {"x": 10, "y": 10, "width": 240},
               "font": {"family": "DejaVu Sans", "size": 18}, "color": "#212529",
               "shadow": {"color": "#00000066", "radius": 2, "x": 1, "y": 2},
               "spans": [{"text": "Plain, "}, {"text": "underlined", "underline": true, "color": "#1864AB"},
                         {"text": " and "}, {"text": "struck", "strikethrough": true},
                         {"text": " both", "underline": true, "strikethrough": true, "color": "#C92A2A"}],
               "animations": [{"type": "typewriter", "interval": 0.05, "fadeIn": 0.15}]}]}
            """, named: "decorated.json", in: folder)
        try checkAgainstPlayers(scene: typed, pixelWidth: 520, pixelHeight: 140)
        let mirrored = try writeScene(
            """
            {"version": 1, "canvas": {"width": 220, "height": 80, "scale": 2, "background": "#FFFFFF", "fps": 10,
                                      "hold": 0.3, "layoutDirection": "rightToLeft"},
             "layers": [
               {"type": "text", "frame": {"x": 10, "y": 10, "width": 200}, "font": {"family": "DejaVu Sans", "size": 18},
                "color": "#212529",
                "spans": [{"text": "שלום "}, {"text": "עולם", "underline": true}, {"text": " ok", "strikethrough": true}],
                "animations": [{"type": "typewriter", "interval": 0.1}]},
               {"type": "text", "frame": {"x": 10, "y": 44}, "font": {"family": "DejaVu Sans", "size": 16},
                "color": "#1864AB", "spans": [{"text": "Grow", "underline": true}],
                "animations": [{"type": "animate", "property": "font.size", "from": 14, "to": 20, "duration": 1}]}]}
            """, named: "decorated-rtl.json", in: folder)
        try checkAgainstPlayers(scene: mirrored, pixelWidth: 440, pixelHeight: 160)

        let output = folder.appendingPathComponent("decorated-out.json").path
        let result = try KinetypeProcess.run(["render", typed, "-o", output, "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any])
        let assets = try XCTUnwrap(document["assets"] as? [[String: Any]])
        let text = try XCTUnwrap(assets.first { $0["id"] as? String == "layer0" }?["layers"] as? [[String: Any]])
        let lines = text.filter { $0["nm"] as? String == "decoration" }
        let last = try XCTUnwrap(document["op"] as? Int) - 1
        /// The layer's opacity at `frame` (0 outside its span), from its hold keyframes.
        func opacity(_ layer: [String: Any], at frame: Int) -> Double {
            guard let start = layer["ip"] as? Int, let end = layer["op"] as? Int, start <= frame, frame < end,
                let value = (layer["ks"] as? [String: Any])?["o"] as? [String: Any]
            else { return 0 }
            if let still = value["k"] as? Double { return still }
            let keyframes = value["k"] as? [[String: Any]] ?? []
            let current = keyframes.last { ($0["t"] as? Int ?? 0) <= frame }
            return (current?["s"] as? [Double])?.first ?? 0
        }
        XCTAssertEqual(
            lines.filter { opacity($0, at: last) > 0 }.count, 4,
            "once typed, one line per underline and strikethrough of a run, as Pango draws them")
        XCTAssertEqual(lines.filter { opacity($0, at: 0) > 0 }.count, 0, "nothing is underlined before it is typed")
        XCTAssertTrue(
            lines.contains { layer in (1..<last).contains { opacity(layer, at: $0) > 0 && opacity(layer, at: $0) < 100 }
            },
            "a fading character's line fades with it")
    }

    /// Re-laid-out and changing text give the same bytes with one worker thread and several.
    func testReLaidOutTextIsByteIdenticalAcrossJobs() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        for name in ["Templates/seeds/font-animation.json", "Templates/seeds/typed-prefix.json"] {
            let scene = KinetypeProcess.packageRoot.appendingPathComponent(name).path
            var outputs: [Data] = []
            for jobs in ["1", "3"] {
                let path = folder.appendingPathComponent("jobs\(jobs).json").path
                let result = try KinetypeProcess.run(["render", scene, "-o", path, "--jobs", jobs, "-q"])
                XCTAssertEqual(result.status, 0, result.stderr)
                outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            XCTAssertEqual(outputs[0], outputs[1], "\(name): the same bytes with --jobs 1 and 3")
        }
    }

    func testExportsAreByteIdenticalAndDotLottieDeflatesTheJSON() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try writeScene(Self.cardScene, named: "card.json", in: folder)
        var outputs: [String: [Data]] = [:]
        for (run, jobs) in ["1", "2"].enumerated() {
            for name in ["card.json", "card.lottie"] {
                let path = folder.appendingPathComponent("\(run)").appendingPathComponent(name).path
                let result = try KinetypeProcess.run(["render", scene, "-o", path, "--jobs", jobs])
                XCTAssertEqual(result.status, 0, result.stderr)
                outputs[name, default: []].append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
        }
        XCTAssertEqual(outputs["card.json"]?[0], outputs["card.json"]?[1], "the same bytes every time, any --jobs")
        XCTAssertEqual(outputs["card.lottie"]?[0], outputs["card.lottie"]?[1], "the same bytes every time, any --jobs")
        let json = try XCTUnwrap(outputs["card.json"]?[0])
        let archive = try XCTUnwrap(outputs["card.lottie"]?[0])
        XCTAssertEqual([UInt8](archive.prefix(4)), [0x50, 0x4B, 0x03, 0x04], "a ZIP archive")
        XCTAssertLessThan(archive.count, json.count / 3, "the JSON is deflated")
        let archivePath = folder.appendingPathComponent("0/card.lottie").path

        // Independent readers: Info-ZIP's `unzip -t` and Python's zipfile check every entry's
        // CRC-32 and sizes; zipfile also gives back the entries, deflated (method 8).
        let unzip = URL(fileURLWithPath: "/usr/bin/unzip")
        if FileManager.default.isExecutableFile(atPath: unzip.path) {
            let tested = try ChildProcess.run(unzip, ["-t", archivePath])
            XCTAssertEqual(tested.status, 0, tested.stdoutText + tested.stderrText)
            XCTAssertTrue(tested.stdoutText.contains("No errors detected"), tested.stdoutText)
        }
        if let python = Self.python {
            let check = try ChildProcess.run(
                python,
                [
                    "-c",
                    "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; "
                        + "assert all(i.compress_type == zipfile.ZIP_DEFLATED for i in z.infolist()); "
                        + "assert z.read('animations/card.json') == open(sys.argv[2], 'rb').read(); "
                        + "print(z.read('manifest.json').decode()); print(' '.join(z.namelist()))",
                    archivePath, folder.appendingPathComponent("0/card.json").path,
                ])
            XCTAssertEqual(check.status, 0, check.stderrText)
            XCTAssertEqual(
                check.stdoutText,
                #"{"version":"1","generator":"kinetype","author":"","activeAnimationId":"card","animations":[{"id":"card","loop":true,"autoplay":true,"speed":1,"direction":1,"mode":"normal","playMode":"normal"}]}"#
                    + "\n"
                    + "manifest.json animations/card.json\n")
            // rlottie opens dotLottie files (ThorVG's Python build does not): it draws the archive
            // as it draws the JSON.
            let player = try ChildProcess.run(
                python,
                [
                    "-c",
                    "import sys, rlottie_python as r; a = r.LottieAnimation.from_file(sys.argv[1]); "
                        + "b = r.LottieAnimation.from_file(sys.argv[2]); n = b.lottie_animation_get_totalframe(); "
                        + "assert a.lottie_animation_get_totalframe() == n; "
                        + "assert all(a.render_pillow_frame(frame_num=f, width=240, height=80).tobytes() == "
                        + "b.render_pillow_frame(frame_num=f, width=240, height=80).tobytes() for f in range(n))",
                    archivePath, folder.appendingPathComponent("0/card.json").path,
                ])
            XCTAssertEqual(player.status, 0, player.stderrText)
        }

        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: json) as? [String: Any])
        XCTAssertEqual(document["w"] as? Int, 240, "points: one file for every density")
        XCTAssertEqual(document["fr"] as? Int, 20)
    }

    /// The manifest says what `output.loop` says, in the Bool every player reads as `loop`: 0
    /// loops (lottie-ios's `.loop`), 1 plays once; a count of plays cannot be said and is refused
    /// at `output.loop`. Before, no manifest had `loop`, so lottie-ios played every file once.
    func testDotLottieManifestLoopsAsTheSceneSays() throws {
        let python = try requirePython()
        let folder = try KinetypeProcess.temporaryFolder(self)
        func manifest(loop: Int?) throws -> (status: Int32, stderr: String, manifest: [String: Any]?) {
            let output = loop.map { ", \"output\": {\"loop\": \($0)}" } ?? ""
            let scene = try writeScene(
                """
                {"version": 1, "canvas": {"width": 120, "height": 40, "duration": 1}\(output),
                 "layers": [{"type": "rect", "frame": {"x": 4, "y": 4, "width": 100, "height": 30}, "background": "#1864AB"}]}
                """, named: "loop\(loop ?? -1).json", in: folder)
            let archive = folder.appendingPathComponent("loop\(loop ?? -1).lottie").path
            let result = try KinetypeProcess.run(["render", scene, "-o", archive])
            guard result.status == 0 else { return (result.status, result.stderr, nil) }
            let read = try ChildProcess.run(
                python,
                [
                    "-c", "import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read('manifest.json').decode())",
                    archive,
                ])
            XCTAssertEqual(read.status, 0, read.stderrText)
            let object = try JSONSerialization.jsonObject(with: Data(read.stdoutText.utf8)) as? [String: Any]
            return (result.status, result.stderr, object)
        }
        for (loop, loops) in [(nil, true), (0, true), (1, false)] as [(Int?, Bool)] {
            let made = try manifest(loop: loop)
            XCTAssertEqual(made.status, 0, made.stderr)
            let animations = try XCTUnwrap(made.manifest?["animations"] as? [[String: Any]])
            XCTAssertEqual(animations.first?["loop"] as? Bool, loops, "output.loop \(String(describing: loop))")
            XCTAssertEqual(animations.first?["autoplay"] as? Bool, true)
        }
        let counted = try manifest(loop: 3)
        XCTAssertEqual(counted.status, 64, counted.stderr)
        XCTAssertTrue(
            counted.stderr.contains(
                "loop3.json:1:90: output.loop: dotLottie players loop forever or play once, so output.loop 3"),
            counted.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("loop3.lottie").path))
        // Lottie JSON has no playback settings: the app's player decides, so any count is fine.
        let json = try KinetypeProcess.run(
            [
                "render", folder.appendingPathComponent("loop3.json").path, "-o",
                folder.appendingPathComponent("three.json").path,
            ])
        XCTAssertEqual(json.status, 0, json.stderr)
    }

    func testUnsupportedFeaturesAndScaleAreRefusedByName() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let output = folder.appendingPathComponent("out.json").path
        let translucent = try writeScene(
            """
            {"version": 1, "canvas": {"width": 120, "height": 40, "duration": 1},
             "layers": [{"type": "rect", "frame": {"x": 4, "y": 4, "width": 100, "height": 30},
                         "background": {"linear": {"from": "#D6454500", "to": "#1864AB", "angle": 0}}}]}
            """, named: "translucent.json", in: folder)
        let gradient = try KinetypeProcess.run(["render", translucent, "-o", output])
        XCTAssertEqual(gradient.status, 64, gradient.stderr)
        XCTAssertTrue(gradient.stderr.contains("layers[0].background"), gradient.stderr)
        XCTAssertTrue(
            gradient.stderr.contains("Lottie output does not support a gradient with translucent colors"),
            gradient.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing is written")

        try writePicture(named: "pic.png", in: folder)
        let huge = try writeScene(
            """
            {"version": 1, "canvas": {"width": 120, "height": 40, "scale": 2, "duration": 1},
             "layers": [{"type": "image", "src": "pic.png", "frame": {"x": 0, "y": 0, "width": 5000, "height": 20},
                         "fit": "fill"}]}
            """, named: "huge.json", in: folder)
        let tooLarge = try KinetypeProcess.run(["render", huge, "-o", output])
        XCTAssertEqual(tooLarge.status, 64, tooLarge.stderr)
        XCTAssertTrue(tooLarge.stderr.contains("layers[0].frame"), tooLarge.stderr)
        XCTAssertTrue(
            tooLarge.stderr.contains(
                "Lottie output does not support a picture drawn 10000 × 40 pixels large, more than a canvas may have"),
            tooLarge.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing is written")

        let hello = KinetypeProcess.packageRoot.appendingPathComponent("Templates/hello.json").path
        let scaled = try KinetypeProcess.run(["render", hello, "-o", output, "--scale", "2"])
        XCTAssertEqual(scaled.status, 64, scaled.stderr)
        XCTAssertTrue(scaled.stderr.contains("--scale does not apply to Lottie .json outputs"), scaled.stderr)
    }

    /// A flow typewriter lays its text out again for every character typed; each glyph already typed
    /// stays where it was, so it is one layer across those layouts, not one per layout (#39: 500
    /// characters with a shadow were 125,000 glyph layers and 23 MB, for a 46 KB GIF).
    func testAFlowTypewritersGlyphsAreOneLayerAcrossItsLayouts() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let text = String(String(repeating: "lorem ipsum dolor sit amet consectetur ", count: 13).prefix(500))
        let scene = try writeScene(
            """
            {"version": 1, "canvas": {"width": 400, "height": 300, "fps": 30, "hold": 0.5},
             "layers": [{"type": "text", "text": "\(text)", "frame": {"x": 10, "y": 10, "width": 380},
               "font": {"family": "DejaVu Sans", "size": 10}, "shadow": {"color": "#00000080", "radius": 2, "x": 1, "y": 1},
               "animations": [{"type": "typewriter", "mode": "flow", "interval": 0.02}]}]}
            """, named: "flow.json", in: folder)
        let output = folder.appendingPathComponent("flow.json.json")
        let result = try KinetypeProcess.run(["render", scene, "-o", output.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try Data(contentsOf: output)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: json) as? [String: Any])
        let assets = try XCTUnwrap(document["assets"] as? [[String: Any]])
        // Glyph layers are the precompositions' layers that place a glyph asset ("g…").
        let glyphLayers = assets.flatMap { ($0["layers"] as? [[String: Any]]) ?? [] }.filter {
            ($0["refId"] as? String)?.hasPrefix("g") == true
        }
        // 500 characters, each drawn and shadowed, and some drawn again where a word moved to the next
        // line: about 2 × 500, where a layer per glyph per layout was 125,000.
        XCTAssertLessThan(glyphLayers.count, 2 * 700, "glyph layers")
        XCTAssertGreaterThan(glyphLayers.count, 2 * 400, "every character has its glyph layer and its shadow's")
        XCTAssertLessThan(json.count, 1_000_000, "bytes")
    }

    /// Text whose glyphs move on every frame (its size animates) cannot share them: an export that
    /// would pass 16 MiB is refused at the layer where it does, before any file is written.
    func testALottieExportPastItsSizeBoundIsRefusedBeforeWriting() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let text = String(String(repeating: "lorem ipsum dolor sit amet consectetur ", count: 40).prefix(1_500))
        let scene = try writeScene(
            """
            {"version": 1, "canvas": {"width": 400, "height": 400, "fps": 30, "duration": 5},
             "layers": [{"type": "text", "text": "\(text)", "frame": {"x": 0, "y": 0, "width": 400},
               "font": {"family": "DejaVu Sans", "size": 6},
               "animations": [{"type": "animate", "property": "font.size", "from": 6, "to": 7, "duration": 5}]}]}
            """, named: "growing.json", in: folder)
        let output = folder.appendingPathComponent("growing.lottie")
        let result = try KinetypeProcess.run(["render", scene, "-o", output.path])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "growing.json:2:13: layers[0]: the Lottie JSON would be larger than 16 MB, the most kinetype writes; "
                    + "it passes that here"),
            result.stderr)
        XCTAssertTrue(result.stderr.contains("render this scene to .gif, .webp, .apng or a video"), result.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["growing.json"],
            "nothing is written, no temporary is left")
    }
}
