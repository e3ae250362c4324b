import Foundation
import TestSupport
import XCTest

/// `render` and `batch` to animated SVG, run as a process and checked where the file plays:
/// headless Chromium draws it inline with its animations paused at kinetype's frame times, and
/// through `<img>` (as GitHub shows a README's pictures), against kinetype's own frames; with
/// reduced motion, and in librsvg, which runs no animation, it shows the last frame. The file holds
/// no script, no SMIL and no web font, its bytes are the same every time, and what SVG output
/// cannot draw is refused by name.
final class SVGOutputTests: XCTestCase {
    private func writeScene(_ text: String, named name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The pixel size, scale and frame rate `info --json` gives for `scene` (which the appearance
    /// and placeholders do not change).
    private func sceneSize(_ scene: String, arguments: [String]) throws -> (
        width: Int, height: Int, scale: Double, fps: Double
    ) {
        let info = try KinetypeProcess.run(["info", scene, "--json"] + arguments)
        XCTAssertEqual(info.status, 0, info.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        let canvas = try XCTUnwrap(document["canvas"] as? [String: Any])
        return (
            try XCTUnwrap(canvas["pixelWidth"] as? Int), try XCTUnwrap(canvas["pixelHeight"] as? Int),
            try XCTUnwrap((canvas["scale"] as? NSNumber)?.doubleValue),
            try XCTUnwrap((document["fps"] as? NSNumber)?.doubleValue)
        )
    }

    /// Renders `scene` to SVG and to PNG frames (both with `arguments`) and has Chromium draw the
    /// SVG: inline at every `every`-th frame (every `2 × every`-th in `make test`; `make test-long`
    /// checks them all as asked) and the last, at most 1 % of the pixels may differ
    /// from kinetype's frame by more than 48/255; through `<img>` (unless `img` is false; in
    /// `make test` only with `imgInMakeTest`, since it plays the animation in real time, and in
    /// `make test-long` always) it animates (a capture differs from the first) and shows the last frame; with reduced motion,
    /// and in librsvg, it shows the last frame. Returns the checker's report.
    @discardableResult
    private func checkInChromium(
        scene: String, arguments: [String] = [], every: Int = 3, img: Bool = true, imgInMakeTest: Bool = false,
        animated: Bool = true
    ) throws -> [String: Any] {
        let img = img && (LongTests.enabled || imgInMakeTest)
        let python = try CheckerPython.required()
        _ = try HeadlessChromium.installed()
        let folder = try KinetypeProcess.temporaryFolder(self)
        let svg = folder.appendingPathComponent("out.svg").path
        let frames = folder.appendingPathComponent("frames").path
        let export = try KinetypeProcess.run(["render", scene, "-o", svg, "-q"] + arguments)
        XCTAssertEqual(export.status, 0, export.stderr)
        let raster = try KinetypeProcess.run(["render", scene, "-o", frames, "-q"] + arguments)
        XCTAssertEqual(raster.status, 0, raster.stderr)
        let size = try sceneSize(scene, arguments: [])
        let checker = KinetypeProcess.fixtures.appendingPathComponent("svg-check.py").path
        let result = try ChildProcess.run(
            python,
            [
                checker, svg, frames, String(size.width), String(size.height), String(size.scale),
                String(size.fps), "--every", String(LongTests.enabled ? every : 2 * every),
            ] + (img ? [] : ["--no-img"]), timeout: 900)
        XCTAssertEqual(result.status, 0, result.stderrText)
        let report = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(result.stdoutText.utf8)) as? [String: Any], result.stdoutText)
        let frameCount = try XCTUnwrap(report["frames"] as? Int)
        if animated {
            XCTAssertGreaterThan(report["animations"] as? Int ?? 0, 0, "\(scene) runs CSS animations")
        }
        let inline = try XCTUnwrap(report["inline"] as? [String: Double])
        XCTAssertNotNil(inline[String(frameCount - 1)], "the last frame is checked")
        for (frame, fraction) in inline {
            XCTAssertLessThanOrEqual(fraction, 0.01, "inline, frame \(frame) of \(scene): \(fraction * 100)% differ")
        }
        if img {
            let shown = try XCTUnwrap(report["img"] as? [String: Any])
            if animated {
                XCTAssertGreaterThan(
                    shown["differs"] as? Double ?? 0, 0.001, "through <img>, \(scene) animates: \(shown)")
            }
            XCTAssertLessThanOrEqual(
                shown["end"] as? Double ?? 1, 0.01, "through <img>, \(scene) shows its last frame: \(shown)")
        }
        let reduced = try XCTUnwrap(report["reduced"] as? [String: Double])
        for (where_, fraction) in reduced {
            XCTAssertLessThanOrEqual(
                fraction, 0.01, "with reduced motion (\(where_)), \(scene) shows its last frame: \(fraction * 100)%")
        }
        if let still = report["static"] as? Double {
            XCTAssertLessThanOrEqual(still, 0.01, "librsvg, which does not animate, shows the last frame of \(scene)")
        }
        return report
    }

    private func template(_ name: String) -> String {
        KinetypeProcess.packageRoot.appendingPathComponent("Templates").appendingPathComponent(name).path
    }

    // MARK: - Every template, where it plays

    func testHelloPlaysInChromiumInlineAndThroughImg() throws {
        try checkInChromium(scene: template("hello.json"), imgInMakeTest: true)
    }

    func testCardPlaysInChromium() throws {
        try checkInChromium(scene: template("examples/card.json"))
    }

    func testIntroPlaysInChromium() throws {
        try checkInChromium(scene: template("examples/intro.json"))
    }

    /// A blurred shadow, as a drop shadow filter of the glyphs that follows their reveal.
    func testTitleWithItsShadowPlaysInChromium() throws {
        try checkInChromium(scene: template("examples/title.json"))
    }

    /// A font whose size and weight animate: a layout per frame, its glyphs shown while it shows.
    func testFontAnimationPlaysInChromium() throws {
        try checkInChromium(scene: template("seeds/font-animation.json"))
    }

    /// Human typing with a block cursor that is as wide as its character, and blinks.
    func testHumanTypingPlaysInChromium() throws {
        try checkInChromium(scene: template("seeds/human-typing.json"))
    }

    /// One frame: nothing animates, and the picture is the still.
    func testTextStylesStillShowsInChromium() throws {
        try checkInChromium(scene: template("seeds/text-styles.json"), animated: false)
    }

    func testTypedPrefixPlaysInChromium() throws {
        try checkInChromium(scene: template("seeds/typed-prefix.json"))
    }

    func testTypewriterHelloPlaysInChromium() throws {
        try checkInChromium(scene: template("seeds/typewriter-hello.json"))
    }

    func testFeatureListPlaysInChromium() throws {
        try checkInChromium(scene: template("whats-new/feature-list.json"))
    }

    func testNoteCardPlaysInChromium() throws {
        try checkInChromium(scene: template("whats-new/note-card.json"))
    }

    func testSpringHeadlinePlaysInChromium() throws {
        try checkInChromium(scene: template("whats-new/spring-headline.json"))
    }

    /// Every entry of the what's-new templates, light and dark, right to left in Arabic and Hebrew:
    /// the batch's SVGs drawn inline against the batch's frames.
    func testWhatsNewBatchesMatchTheirFramesInChromium() throws {
        let python = try CheckerPython.required()
        _ = try HeadlessChromium.installed()
        let checker = KinetypeProcess.fixtures.appendingPathComponent("svg-check.py").path
        for name in ["note-card", "feature-list", "spring-headline"] {
            let folder = try KinetypeProcess.temporaryFolder(self).appendingPathComponent(name)
            let scene = template("whats-new/\(name).json")
            let data =
                try LongTests.enabled
                ? template("whats-new/\(name).data.json") : firstAndLastEntries(of: name, in: folder)
            for format in ["svg", "png"] {
                let result = try KinetypeProcess.run(
                    [
                        "batch", scene, "--data", data, "-o", folder.appendingPathComponent(format).path,
                        "--format", format, "--color-scheme", "light,dark", "-q",
                    ])
                XCTAssertEqual(result.status, 0, result.stderr)
            }
            let size = try sceneSize(scene, arguments: [])
            let outputs = try FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent("svg").path
            ).filter { $0.hasSuffix(".svg") }.sorted()
            XCTAssertEqual(outputs.count, LongTests.enabled ? 8 : 4, "\(name): its entries, light and dark")
            // make test checks the first and the last (right-to-left and dark, left-to-right and
            // light), of a batch of the first and last entries alone; make test-long every one.
            for output in LongTests.enabled ? outputs : [outputs[0], outputs[outputs.count - 1]] {
                let stem = String(output.dropLast(4))
                let result = try ChildProcess.run(
                    python,
                    [
                        checker, folder.appendingPathComponent("svg/\(output)").path,
                        folder.appendingPathComponent("png/\(stem)").path, String(size.width), String(size.height),
                        String(size.scale), String(size.fps), "--every", "6", "--no-img",
                    ], timeout: 900)
                XCTAssertEqual(result.status, 0, result.stderrText)
                let report = try XCTUnwrap(
                    JSONSerialization.jsonObject(with: Data(result.stdoutText.utf8)) as? [String: Any])
                for (frame, fraction) in try XCTUnwrap(report["inline"] as? [String: Double]) {
                    XCTAssertLessThanOrEqual(fraction, 0.01, "\(output), frame \(frame): \(fraction * 100)% differ")
                }
            }
        }
    }

    /// A data file in `folder` of the what's-new template `name`'s entries whose outputs sort first
    /// and last, the two `make test` checks.
    private func firstAndLastEntries(of name: String, in folder: URL) throws -> String {
        let entries = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: template("whats-new/\(name).data.json"))))
                as? [[String: Any]])
        let sorted = entries.sorted { ($0["output"] as? String ?? "") < ($1["output"] as? String ?? "") }
        let file = folder.appendingPathComponent("first-and-last.data.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: [sorted[0], sorted[sorted.count - 1]]).write(to: file)
        return file.path
    }

    // MARK: - What it draws

    /// Underlines and strikethroughs revealed with their characters, fading, under a shadow.
    func testDecorationsFadingUnderAShadowMatchInChromium() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try writeScene(
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
        try checkInChromium(scene: scene, every: 1, img: false)
    }

    /// Color emoji typed with a fade under a shadow: each distinct emoji one embedded PNG.
    func testColorEmojiMatchInChromium() throws {
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
        try checkInChromium(scene: scene, every: 1, img: false)
        let output = folder.appendingPathComponent("emoji.svg")
        let result = try KinetypeProcess.run(["render", scene, "-o", output.path, "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let svg = try String(contentsOf: output, encoding: .utf8)
        XCTAssertEqual(svg.components(separatedBy: "<image ").count - 1, 2, "two distinct emoji, one picture each")
        XCTAssertEqual(svg.components(separatedBy: "href=\"data:image/png;base64,").count - 1, 2)
    }

    /// Image layers of every fit, fading in and scaling, each distinct picture embedded once.
    func testImageLayersMatchInChromium() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let pictureScene = try writeScene(
            """
            {"version": 1, "canvas": {"width": 60, "height": 40, "fps": 10, "duration": 0.1,
                                      "background": {"linear": {"from": "#1864AB", "to": "#F0B429", "angle": 30}}},
             "layers": [{"type": "rect", "frame": {"x": 6, "y": 6, "width": 20, "height": 28}, "background": "#FFFFFF",
                         "cornerRadius": 4},
                        {"type": "text", "text": "Ab", "frame": {"x": 30, "y": 8},
                         "font": {"family": "DejaVu Sans", "size": 16}, "color": "#212529"}]}
            """, named: "picture-scene.json", in: folder)
        let picture = try KinetypeProcess.run(
            ["render", pictureScene, "--still", "0", "-o", folder.appendingPathComponent("pic.png").path, "-q"])
        XCTAssertEqual(picture.status, 0, picture.stderr)
        let scene = try writeScene(
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
        try checkInChromium(scene: scene, every: 1, img: false)
    }

    /// A flow typewriter whose script deletes and retypes, with a cursor, while its color animates;
    /// a text laid out again as its size, weight and letter spacing animate in a fitted box.
    func testChangingAndReLaidOutTextMatchInChromium() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let typed = try writeScene(
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
        try checkInChromium(scene: typed, every: 1, img: false)
        let grow = try writeScene(
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
        try checkInChromium(scene: grow, every: 1, img: false)
    }

    /// Eased, linear, spring and held motion of offsets, opacity, scale and rotation; gradients
    /// mirrored right to left.
    func testMotionAndGradientsMatchInChromium() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let motion = try writeScene(
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
                                "easing": "easeOut"},
                               {"type": "animate", "property": "rotation", "from": -10, "to": 0, "duration": 1,
                                "easing": "easeOut"}]}]}
            """, named: "motion.json", in: folder)
        let report = try checkInChromium(scene: motion, every: 1, img: false)
        XCTAssertGreaterThanOrEqual(report["animations"] as? Int ?? 0, 7)
        let output = folder.appendingPathComponent("motion.svg")
        XCTAssertEqual(try KinetypeProcess.run(["render", motion, "-o", output.path, "-q"]).status, 0)
        let svg = try String(contentsOf: output, encoding: .utf8)
        XCTAssertTrue(
            svg.contains("animation-timing-function:cubic-bezier(0,0,.58,1)"), "an easeOut is the scene's own curve")
        XCTAssertTrue(svg.contains("animation-timing-function:linear"), "a linear fade")

        let gradient = try writeScene(
            """
            {"version": 1, "canvas": {"width": 200, "height": 80, "scale": 2, "fps": 10, "duration": 0.3,
                                      "layoutDirection": "rightToLeft",
                                      "background": {"linear": {"from": "#102A43", "to": "#F0B429", "angle": 20}}},
             "layers": [{"type": "rect", "frame": {"x": 20, "y": 16, "width": 120, "height": 48}, "cornerRadius": 10,
                         "background": {"linear": {"from": "#FFFFFF", "to": "#D64545", "angle": 135,
                                                   "mirrorsInRightToLeft": true}}}]}
            """, named: "gradient.json", in: folder)
        try checkInChromium(scene: gradient, every: 1, img: false, animated: false)
    }

    /// The note card in Arabic, right to left, in the dark appearance (through `<img>` too in `make test-long`).
    func testRightToLeftDarkNoteCardPlaysInChromium() throws {
        try checkInChromium(
            scene: template("whats-new/note-card.json"),
            arguments: [
                "--color-scheme", "dark", "--set", "title=ملاحظات", "--set",
                "body=أضف ملاحظات إلى أي مهمة. دوّن التفاصيل.",
            ])
    }

    // MARK: - The file

    /// No script, no SMIL, no web font or other file: only CSS animations, glyph outlines defined
    /// once and placed by `<use>`, and embedded pictures; the same bytes every time, with any
    /// number of worker threads. Its title is the text it shows at the end.
    func testTheFileHoldsNoScriptSMILOrFontsAndIsTheSameEveryTime() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scenes = try FileManager.default.subpathsOfDirectory(
            atPath: KinetypeProcess.packageRoot.appendingPathComponent("Templates").path
        ).filter { $0.hasSuffix(".json") && !$0.hasSuffix(".data.json") }.sorted()
        XCTAssertEqual(scenes.count, 12)
        for name in scenes {
            var outputs: [Data] = []
            for jobs in ["1", "3"] {
                let output = folder.appendingPathComponent("\(jobs)-" + name.replacingOccurrences(of: "/", with: "-"))
                let path = output.deletingPathExtension().appendingPathExtension("svg").path
                let result = try KinetypeProcess.run(["render", template(name), "-o", path, "--jobs", jobs, "-q"])
                XCTAssertEqual(result.status, 0, result.stderr)
                outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            XCTAssertEqual(outputs[0], outputs[1], "\(name): the same bytes with --jobs 1 and 3")
            let svg = String(decoding: outputs[0], as: UTF8.self).lowercased()
            for forbidden in [
                "<script", "<animate", "<set", "<animatetransform", "<animatemotion", "@font-face", "@import",
                "<foreignobject", "<text", "javascript:", "onload", "href=\"http", "url(http", "xlink:href",
            ] {
                XCTAssertFalse(svg.contains(forbidden), "\(name) holds \(forbidden)")
            }
            XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), name)
            XCTAssertTrue(svg.contains("<defs>") && svg.contains("<path id="), "\(name): outlines in <defs>")
            XCTAssertTrue(svg.contains("<use href=\"#"), "\(name): glyphs placed by <use>")
            if name != "seeds/text-styles.json" {
                XCTAssertTrue(svg.contains("<style>") && svg.contains("@keyframes"), "\(name): CSS animations")
                XCTAssertTrue(
                    svg.contains("@media(prefers-reduced-motion:reduce){*{animation:none!important}}"),
                    "\(name): no motion for who asks for none")
            }
            // Every glyph outline once: no two <path> definitions are the same.
            let paths = svg.components(separatedBy: "<path id=").dropFirst().map { $0.drop { $0 != " " } }
            XCTAssertEqual(Set(paths).count, paths.count, "\(name): each outline is defined once")
        }
        let hello = try String(contentsOf: folder.appendingPathComponent("1-hello.svg"), encoding: .utf8)
        XCTAssertTrue(
            hello.contains(
                "<title>Hello, kinetype!&#10;Animated text, rendered offline, the same bytes every time.</title>"),
            "the title is the text at the end, one line per layer")
        XCTAssertTrue(hello.contains("role=\"img\""))
    }

    /// The typewriter templates' SVG is smaller than their GIF at the scene's own scale.
    func testTypewriterTemplatesAreSmallerThanTheirGIF() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        for name in ["hello.json", "seeds/human-typing.json", "whats-new/note-card.json", "examples/intro.json"] {
            var sizes: [String: Int] = [:]
            for format in ["svg", "gif"] {
                let path = folder.appendingPathComponent("out.\(format)").path
                let result = try KinetypeProcess.run(["render", template(name), "-o", path, "-q"])
                XCTAssertEqual(result.status, 0, result.stderr)
                sizes[format] = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
            }
            XCTAssertLessThan(try XCTUnwrap(sizes["svg"]), try XCTUnwrap(sizes["gif"]), "\(name): \(sizes)")
        }
    }

    /// What SVG output cannot draw exactly is refused by name, at its place in the scene, before
    /// anything is written, as for Lottie; so is --scale, and a file past 16 MiB.
    func testUnsupportedFeaturesScaleAndSizeAreRefusedByName() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let output = folder.appendingPathComponent("out.svg").path
        let translucent = try writeScene(
            """
            {"version": 1, "canvas": {"width": 120, "height": 40, "duration": 1},
             "layers": [{"type": "rect", "frame": {"x": 4, "y": 4, "width": 100, "height": 30},
                         "background": {"linear": {"from": "#D6454500", "to": "#1864AB", "angle": 0}}}]}
            """, named: "translucent.json", in: folder)
        let gradient = try KinetypeProcess.run(["render", translucent, "-o", output])
        XCTAssertEqual(gradient.status, 64, gradient.stderr)
        XCTAssertTrue(
            gradient.stderr.contains(
                "translucent.json:3:28: layers[0].background: SVG output does not support a gradient with translucent "
                    + "colors yet"),
            gradient.stderr)
        XCTAssertTrue(gradient.stderr.contains("leave the feature out for SVG"), gradient.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing is written")

        let framed = try writeScene(
            """
            {"version": 1, "canvas": {"width": 120, "height": 40, "duration": 1},
             "layers": [{"type": "rect", "frame": {"x": 4, "y": 4, "width": 100, "height": 30}, "background": "#FFF",
                         "animations": [{"type": "animate", "property": "cornerRadius", "from": 0, "to": 8,
                                         "duration": 1}]}]}
            """, named: "framed.json", in: folder)
        let changing = try KinetypeProcess.run(["render", framed, "-o", output])
        XCTAssertEqual(changing.status, 64, changing.stderr)
        XCTAssertTrue(
            changing.stderr.contains(
                "layers[0].animations: SVG output does not support a frame, background or border that changes over time"
            ),
            changing.stderr)

        let hello = template("hello.json")
        let scaled = try KinetypeProcess.run(["render", hello, "-o", output, "--scale", "2"])
        XCTAssertEqual(scaled.status, 64, scaled.stderr)
        XCTAssertTrue(
            scaled.stderr.contains(
                "--scale does not apply to .svg outputs: they are vector shapes, one file for every pixel density"),
            scaled.stderr)

        let text = String(String(repeating: "lorem ipsum dolor sit amet consectetur ", count: 40).prefix(1_500))
        let growing = try writeScene(
            """
            {"version": 1, "canvas": {"width": 400, "height": 400, "fps": 30, "duration": 10},
             "layers": [{"type": "text", "text": "\(text)", "frame": {"x": 0, "y": 0, "width": 400},
               "font": {"family": "DejaVu Sans", "size": 6},
               "animations": [{"type": "animate", "property": "font.size", "from": 6, "to": 7, "duration": 10}]}]}
            """, named: "growing.json", in: folder)
        let large = try KinetypeProcess.run(["render", growing, "-o", output])
        XCTAssertEqual(large.status, 64, large.stderr)
        XCTAssertTrue(
            large.stderr.contains(
                "growing.json:2:13: layers[0]: the SVG would be larger than 16 MB, the most kinetype writes; it "
                    + "passes that here"),
            large.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing is written")
    }

    /// `-o -` writes the same bytes as a file; a batch writes one SVG per entry, and an asset
    /// catalog takes them as data sets of SVG.
    func testStandardOutputBatchAndAssetCatalogTakeSVG() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let hello = template("hello.json")
        let file = folder.appendingPathComponent("hello.svg")
        XCTAssertEqual(try KinetypeProcess.run(["render", hello, "-o", file.path, "-q"]).status, 0)
        let piped = try ChildProcess.run(KinetypeProcess.executable, ["render", hello, "-o", "-", "--format", "svg"])
        XCTAssertEqual(piped.status, 0, piped.stderrText)
        XCTAssertEqual(piped.stdout, try Data(contentsOf: file))

        let catalog = folder.appendingPathComponent("App.xcassets")
        let batch = try KinetypeProcess.run(
            [
                "batch", template("whats-new/note-card.json"), "--data", template("whats-new/note-card.data.json"),
                "-o", folder.appendingPathComponent("out").path, "--format", "svg", "--xcassets", catalog.path, "-q",
            ])
        XCTAssertEqual(batch.status, 0, batch.stderr)
        let contents = try Data(contentsOf: catalog.appendingPathComponent("notes-en.dataset/Contents.json"))
        let set = try XCTUnwrap(JSONSerialization.jsonObject(with: contents) as? [String: Any])
        let data = try XCTUnwrap(set["data"] as? [[String: Any]])
        XCTAssertEqual(data.first?["filename"] as? String, "notes-en.svg")
        XCTAssertEqual(data.first?["universal-type-identifier"] as? String, "public.svg-image")
    }
}
