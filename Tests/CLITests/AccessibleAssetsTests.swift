import Foundation
import TestSupport
import XCTest

/// Accessible by default, run as a user runs it: a batch's alt text in its report, its Android
/// content descriptions (built by aapt) and its `<picture>` snippet; the WCAG 2.2.2 and 2.3.1
/// warnings on scenes made to trip them, and on no template.
final class AccessibleAssetsTests: XCTestCase {
    private func write(_ text: String, named name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A small card whose title and body are placeholders, typed in under 2 s.
    private static let card = """
        {"version": 1, "canvas": {"width": 160, "height": 60, "scale": 1, "fps": 10, "hold": 0.5,
                                   "background": "#FFFFFF", "layoutDirection": "auto"},
         "vars": {"title": "Notes", "body": "Add notes"},
         "layers": [
           {"type": "text", "text": "{{title}}", "frame": {"x": 8, "y": 6, "width": 144}, "color": "#111111"},
           {"type": "text", "text": "{{body}}", "frame": {"x": 8, "y": 30, "width": 144}, "color": "#444444",
            "animations": [{"type": "typewriter", "speed": 40}]}]}
        """

    func testABatchWritesAltTextIntoItsReportStringsAndPictureSnippet() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let template = try write(Self.card, named: "card.json", in: folder)
        let data = try write(
            """
            [{"output": "notes-en", "locale": "en", "title": "@Team's 50% & <more>", "body": "Say \\"hi\\""},
             {"output": "notes-ar", "locale": "ar", "title": "ملاحظات", "body": "أضف ملاحظات"}]
            """, named: "data.json", in: folder)
        let out = folder.appendingPathComponent("out")
        let res = folder.appendingPathComponent("res")
        let report = folder.appendingPathComponent("report.json")
        let page = folder.appendingPathComponent("page/card.html")
        try FileManager.default.createDirectory(
            at: page.deletingLastPathComponent(), withIntermediateDirectories: true)
        let run = try KinetypeProcess.run([
            "batch", template, "--data", data, "-o", out.path, "--format", "svg", "--poster", "end",
            "--android-res", res.path, "--default-locale", "en", "--report", report.path,
            "--picture", page.path,
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("WCAG"), run.stderr)

        // The report: what each output shows at its end, one line per text layer.
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let outcomes = try XCTUnwrap(json["outcomes"] as? [[String: Any]])
        let alt = Dictionary(
            uniqueKeysWithValues: outcomes.map { ($0["name"] as? String ?? "", $0["altText"] as? String ?? "") })
        XCTAssertEqual(alt["notes-en"], "@Team's 50% & <more>\nSay \"hi\"")
        XCTAssertEqual(alt["notes-ar"], "ملاحظات\nأضف ملاحظات")

        // Android: R.string.notes_description in the default and each locale's values, as aapt builds it.
        let english = try String(
            contentsOf: res.appendingPathComponent("values-en/kinetype_strings.xml"), encoding: .utf8)
        XCTAssertTrue(
            english.contains(
                #"<string name="notes_description" formatted="false">\@Team\'s 50% &amp; &lt;more&gt;\nSay \"hi\"</string>"#
            ), english)
        let defaults = try String(
            contentsOf: res.appendingPathComponent("values/kinetype_strings.xml"), encoding: .utf8)
        XCTAssertEqual(defaults, english, "the default locale's strings are also the default resources")
        let built = try AndroidAssetPackaging.build(res, in: folder)
        XCTAssertEqual(
            Set(built.configurations["string/notes_description"] ?? []), ["(default)", "en", "ar"], built.log)

        // The snippet: one <picture> per entry, posters under reduced motion, SVG, WebP, then the GIF's <img>.
        let html = try String(contentsOf: page, encoding: .utf8)
        XCTAssertEqual(html.components(separatedBy: "<picture>\n").count - 1, 2, html)
        XCTAssertTrue(
            html.contains(#"<source media="(prefers-reduced-motion: reduce)" srcset="../out/notes-en-poster.png">"#),
            html)
        XCTAssertTrue(html.contains(#"<source type="image/svg+xml" srcset="../out/notes-en.svg">"#), html)
        XCTAssertTrue(html.contains(#"<source type="image/webp" srcset="../out/notes-en.webp">"#), html)
        XCTAssertTrue(
            html.contains(
                #"<img src="../out/notes-en.gif" width="160" height="60" alt="@Team&#39;s 50% &amp; &lt;more&gt;&#10;Say &quot;hi&quot;" lang="en">"#
            ),
            html)
        XCTAssertTrue(html.contains(#"lang="ar" dir="rtl">"#), html)
        for name in ["notes-en.svg", "notes-en.webp", "notes-en.gif", "notes-ar.gif", "notes-ar-poster.png"] {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), "\(name) is written")
        }
    }

    func testWCAGWarningsFireOnScenesMadeToTripThem() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let long = try write(
            """
            {"version": 1, "canvas": {"width": 120, "height": 40, "fps": 10, "duration": 6},
             "layers": [{"type": "text", "text": "Hello", "frame": {"x": 4, "y": 4, "width": 110}}]}
            """, named: "long.json", in: folder)
        let gif = folder.appendingPathComponent("out.gif").path
        let forever = try KinetypeProcess.run(["render", long, "-o", gif])
        XCTAssertEqual(forever.status, 0, forever.stderr)
        XCTAssertTrue(
            forever.stderr.contains(
                "kinetype: warning: \(long):1:1: output.loop: WCAG 2.2.2 (Pause, Stop, Hide): this animation plays "
                    + "6.00 s and loops forever"), forever.stderr)
        // validate says so before anything renders, as a warning.
        let validated = try KinetypeProcess.run(["validate", long])
        XCTAssertEqual(validated.status, 0, validated.stderr)
        XCTAssertTrue(
            validated.stderr.contains(
                "kinetype: warning: \(long):1:1: output.loop: WCAG 2.2.2 (Pause, Stop, Hide)"), validated.stderr)
        // Played a given number of times, or as a still: no 2.2.2.
        let twice = try write(
            """
            {"version": 1, "canvas": {"width": 120, "height": 40, "fps": 10, "duration": 6}, "output": {"loop": 2},
             "layers": [{"type": "text", "text": "Hello", "frame": {"x": 4, "y": 4, "width": 110}}]}
            """, named: "twice.json", in: folder)
        let still = folder.appendingPathComponent("still.png").path
        for arguments in [[twice, "-o", gif], [long, "-o", still, "--still", "1"]] {
            let quiet = try KinetypeProcess.run(["render"] + arguments)
            XCTAssertEqual(quiet.status, 0, quiet.stderr)
            XCTAssertFalse(quiet.stderr.contains("WCAG"), "\(arguments): \(quiet.stderr)")
        }
        let validatedTwice = try KinetypeProcess.run(["validate", twice])
        XCTAssertEqual(validatedTwice.status, 0, validatedTwice.stderr)
        XCTAssertFalse(validatedTwice.stderr.contains("WCAG"), validatedTwice.stderr)

        let blinking = { (blink: Double) in
            """
            {"version": 1, "canvas": {"width": 120, "height": 40, "fps": 30, "hold": 2}, "output": {"loop": 1},
             "layers": [{"type": "text", "text": "Hi", "frame": {"x": 4, "y": 4, "width": 110},
               "animations": [{"type": "typewriter", "cursor": {"shape": "block", "blink": \(blink)}}]}]}
            """
        }
        let fast = try write(blinking(0.2), named: "fast.json", in: folder)
        let flashing = try KinetypeProcess.run(["render", fast, "-o", gif])
        XCTAssertEqual(flashing.status, 0, flashing.stderr)
        XCTAssertTrue(
            flashing.stderr.contains(
                "layers[0].animations[0].cursor.blink: WCAG 2.3.1 (Three Flashes or Below Threshold): its cursor "
                    + "turns on or off 10 times within one second (5 flashes)"), flashing.stderr)
        XCTAssertTrue(flashing.stderr.contains("hint: give the cursor a \"blink\" of 0.4 or more"), flashing.stderr)
        // Any animated format: an SVG's blink flashes as fast.
        let svg = try KinetypeProcess.run(["render", fast, "-o", folder.appendingPathComponent("out.svg").path])
        XCTAssertTrue(svg.stderr.contains("WCAG 2.3.1"), svg.stderr)
        for blink in [0.4, 1.0] {
            let slow = try write(blinking(blink), named: "slow.json", in: folder)
            let calm = try KinetypeProcess.run(["render", slow, "-o", gif])
            XCTAssertEqual(calm.status, 0, calm.stderr)
            XCTAssertFalse(calm.stderr.contains("WCAG"), "blink \(blink): \(calm.stderr)")
        }

        // A layer that flashes by its own opacity, 4 times a second.
        let keys = (0...16).map { step in
            #"{"time": \#(Double(step) * 0.125), "value": \#(step % 2 == 0 ? 1 : 0), "easing": "hold"}"#
        }
        let strobe = try write(
            """
            {"version": 1, "canvas": {"width": 120, "height": 40, "fps": 20, "duration": 2}, "output": {"loop": 1},
             "layers": [{"type": "rect", "frame": {"x": 0, "y": 0, "width": 120, "height": 40}, "background": "#FF0000",
               "animations": [{"type": "keyframes", "property": "opacity",
                               "keyframes": [\(keys.joined(separator: ", "))]}]}]}
            """, named: "strobe.json", in: folder)
        let strobing = try KinetypeProcess.run(["render", strobe, "-o", gif])
        XCTAssertEqual(strobing.status, 0, strobing.stderr)
        XCTAssertTrue(
            strobing.stderr.contains(
                "layers[0]: WCAG 2.3.1 (Three Flashes or Below Threshold): this layer turns on or off"),
            strobing.stderr)
    }

    /// Every template, alone and in each of its batches, trips neither warning.
    func testNoTemplateTripsAWCAGWarning() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let templates = KinetypeProcess.packageRoot.appendingPathComponent("Templates")
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: templates.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".data.json") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 10, "the templates are found")
        for file in files {
            let scene = templates.appendingPathComponent(file).path
            let data = scene.replacingOccurrences(of: ".json", with: ".data.json")
            let run =
                FileManager.default.fileExists(atPath: data)
                ? try KinetypeProcess.run([
                    "batch", scene, "--data", data, "-o", folder.appendingPathComponent("batch").path, "--format",
                    "svg", "-q",
                ])
                : try KinetypeProcess.run(["render", scene, "-o", folder.appendingPathComponent("out.svg").path, "-q"])
            XCTAssertEqual(run.status, 0, "\(file): \(run.stderr)")
            XCTAssertFalse(run.stderr.contains("WCAG"), "\(file): \(run.stderr)")
            let validate = try KinetypeProcess.run(
                ["validate", scene] + (FileManager.default.fileExists(atPath: data) ? ["--data", data] : []))
            XCTAssertEqual(validate.status, 0, "\(file): \(validate.stderr)")
            XCTAssertFalse(validate.stderr.contains("WCAG"), "\(file): \(validate.stderr)")
        }
    }
}
