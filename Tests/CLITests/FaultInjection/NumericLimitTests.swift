import Foundation
import XCTest

/// Huge numbers, long work and huge values, run through the `kinetype` process: each was a crash
/// (SIGILL), a silent acceptance or an unbounded output before the range table and work limits.
final class NumericLimitTests: XCTestCase {
    private func write(_ json: String, _ name: String = "scene.json") throws -> URL {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let url = folder.appendingPathComponent(name)
        try Data(json.utf8).write(to: url)
        return url
    }

    func testHugeDurationsAreErrorsInValidateInfoAndRender() throws {
        for json in [
            "{\"canvas\": {\"width\": 16, \"height\": 16, \"duration\": 1e300}, \"layers\": []}",
            "{\"canvas\": {\"width\": 64, \"height\": 32}, \"layers\": [{\"type\": \"text\", \"text\": \"hi\", "
                + "\"animations\": [{\"type\": \"typewriter\", \"interval\": 1e300}]}]}",
        ] {
            let scene = try write(json)
            for arguments in [
                ["validate", scene.path], ["info", scene.path],
                ["render", scene.path, "-o", scene.deletingLastPathComponent().appendingPathComponent("o.gif").path],
            ] {
                let result = try KinetypeProcess.run(arguments)
                XCTAssertEqual(result.status, 65, "\(arguments[0]): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("must be at most 3600, found 1e+300"), result.stderr)
                XCTAssertTrue(result.stderr.contains("scene.json:1:"), result.stderr)
            }
        }
    }

    func testHugeLengthsAreErrorsNotCrashes() throws {
        let scene = try write(
            """
            {"canvas": {"width": 64, "height": 32, "duration": 0.1}, "layers": [{"type": "text", "text": "hi",
              "frame": {"width": 2097152, "height": 2097152}, "lineSpacing": 1e300, "letterSpacing": -1e300,
              "shadow": {"radius": 1e300}}]}
            """)
        let output = scene.deletingLastPathComponent().appendingPathComponent("o.png").path
        let result = try KinetypeProcess.run(["render", scene.path, "--still", "0", "-o", output])
        XCTAssertEqual(result.status, 65, result.stderr)
        for path in [
            "layers[0].frame.width", "layers[0].frame.height", "layers[0].lineSpacing", "layers[0].letterSpacing",
            "layers[0].shadow.radius",
        ] {
            XCTAssertTrue(result.stderr.contains(": \(path): must be"), "\(path) not reported: \(result.stderr)")
        }
    }

    func testTinyAndZeroScalesDrawNothingInsteadOfFailing() throws {
        let scene = try write(
            """
            {"canvas": {"width": 32, "height": 32, "duration": 0.2}, "layers": [
              {"type": "rect", "scale": 1e-300, "background": "red", "frame": {"width": 10, "height": 10}},
              {"type": "rect", "scale": 0, "background": "red", "frame": {"width": 10, "height": 10}},
              {"type": "rect", "background": "blue", "frame": {"width": 10, "height": 10},
               "animations": [{"type": "animate", "property": "scale", "from": 1e-300, "to": 0, "duration": 0.1}]}]}
            """)
        let output = scene.deletingLastPathComponent().appendingPathComponent("o.gif").path
        let result = try KinetypeProcess.run(["render", scene.path, "-o", output, "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("invalid matrix"))
    }

    func testFrameLimitIsPositionedAndCanBeRaised() throws {
        let scene = try write(
            "{\"canvas\": {\"width\": 16, \"height\": 16, \"fps\": 10, \"duration\": 4}, \"layers\": []}")
        let output = scene.deletingLastPathComponent().appendingPathComponent("o.gif").path
        let refused = try KinetypeProcess.run(["render", scene.path, "-o", output, "--max-frames", "39"])
        XCTAssertEqual(refused.status, 65)
        XCTAssertTrue(
            refused.stderr.contains(
                "scene.json:1:63: canvas.duration: the animation is 40 frames (4 s at 10 fps); "
                    + "the limit is 39 frames per output"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--max-frames N"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        let pixels = try KinetypeProcess.run(["render", scene.path, "-o", output, "--max-total-pixels", "10000"])
        XCTAssertEqual(pixels.status, 65)
        XCTAssertTrue(pixels.stderr.contains("16×16 pixels × 40 frames (4 s at 10 fps) = 10,240 pixels"), pixels.stderr)
        XCTAssertEqual(
            try KinetypeProcess.run(["render", scene.path, "-o", output, "--max-frames", "40", "-q"]).status, 0)
        let usage = try KinetypeProcess.run(["render", scene.path, "-o", output, "--max-frames", "0"])
        XCTAssertEqual(usage.status, 64)
    }

    func testBatchAndVerifyApplyTheLimits() throws {
        let template = try write(
            "{\"canvas\": {\"width\": 16, \"height\": 16, \"fps\": 10, \"duration\": 1}, \"layers\": []}",
            "card.json")
        let folder = template.deletingLastPathComponent()
        try Data("[{\"output\": \"one\"}]".utf8).write(to: folder.appendingPathComponent("data.json"))
        let out = folder.appendingPathComponent("out").path
        let refused = try KinetypeProcess.run([
            "batch", template.path, "--data", folder.appendingPathComponent("data.json").path,
            "-o", out, "--max-frames", "9",
        ])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("the limit is 9 frames per output"), refused.stderr)
        let accepted = try KinetypeProcess.run([
            "batch", template.path, "--data", folder.appendingPathComponent("data.json").path,
            "-o", out, "--max-frames", "10", "-q",
        ])
        XCTAssertEqual(accepted.status, 0, accepted.stderr)

        let verify = try KinetypeProcess.run([
            "verify", template.path, "--golden", folder.appendingPathComponent("goldens").path,
            "--max-total-pixels", "2559",
        ])
        XCTAssertEqual(verify.status, 65, verify.stderr)
        XCTAssertTrue(
            verify.stderr.contains("card.json:1:63: canvas.duration: the output is 16×16 pixels × 10 frames"),
            verify.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens/card").path))
    }

    func testDefaultLimitsRefuseHugeWorkInValidateAndInfoPrintsTheRealCount() throws {
        let big = try write(
            "{\"canvas\": {\"width\": 8192, \"height\": 8192, \"fps\": 120, \"duration\": 60}, \"layers\": []}")
        let validate = try KinetypeProcess.run(["validate", big.path])
        XCTAssertEqual(validate.status, 65)
        XCTAssertTrue(
            validate.stderr.contains("483,183,820,800 pixels; the limit is 20,000,000,000 pixels per output"),
            validate.stderr)
        XCTAssertEqual(
            try KinetypeProcess.run(["validate", big.path, "--max-total-pixels", "500000000000", "-q"]).status, 0)

        let long = try write(
            """
            {"canvas": {"width": 16, "height": 16, "fps": 120}, "layers": [{"type": "rect", "animations": [
              {"type": "animate", "property": "opacity", "to": 1, "duration": 3600, "repeat": 10000}]}]}
            """)
        let info = try KinetypeProcess.run(["info", long.path])
        XCTAssertEqual(info.status, 0, info.stderr)
        XCTAssertTrue(info.stdout.contains("4320000120 frames"), info.stdout)
        XCTAssertFalse(info.stdout.contains(" -"), info.stdout)
        let render = try KinetypeProcess.run(["validate", long.path])
        XCTAssertEqual(render.status, 65)
        XCTAssertTrue(render.stderr.contains("canvas: the animation is 4,320,000,120 frames"), render.stderr)
    }

    func testLongTypewriterHitsTheFrameLimitAndLongerTextTheTextLimit() throws {
        let typed = try write(
            "{\"canvas\": {\"width\": 64, \"height\": 32}, \"layers\": [{\"type\": \"text\", \"text\": \""
                + String(repeating: "a", count: 100_000) + "\", \"animations\": [{\"type\": \"typewriter\"}]}]}")
        let result = try KinetypeProcess.run(["validate", typed.path])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("180,031 frames"), result.stderr)
        let longer = try write(
            "{\"canvas\": {\"width\": 64, \"height\": 32}, \"layers\": [{\"type\": \"text\", \"text\": \""
                + String(repeating: "a", count: 200_000) + "\"}]}")
        let refused = try KinetypeProcess.run(["validate", longer.path])
        XCTAssertEqual(refused.status, 65)
        XCTAssertTrue(
            refused.stderr.contains("layers[0].text: text is longer than 100000 characters (200000)"), refused.stderr)
    }

    func testMegabyteValuesGiveShortBoundedMessages() throws {
        let huge = String(repeating: "q", count: 1_000_000)
        let color = try write(
            "{\"canvas\": {\"width\": 64, \"height\": 32}, \"layers\": [{\"type\": \"text\", \"text\": \"hi\", "
                + "\"color\": \"\(huge)\"}]}")
        let colorResult = try KinetypeProcess.run(["validate", color.path])
        XCTAssertEqual(colorResult.status, 65)
        XCTAssertLessThan(colorResult.stderr.utf8.count, 1000, String(colorResult.stderr.prefix(300)))
        XCTAssertTrue(colorResult.stderr.contains("…\" (1000000 characters)"))

        let family = try write(
            "{\"canvas\": {\"width\": 64, \"height\": 32}, \"layers\": [{\"type\": \"text\", \"text\": \"hi\", "
                + "\"font\": {\"family\": \"\(huge)\"}}]}")
        let familyResult = try KinetypeProcess.run(["validate", family.path])
        XCTAssertEqual(familyResult.status, 65)
        XCTAssertLessThan(familyResult.stderr.utf8.count, 1000, String(familyResult.stderr.prefix(300)))
        XCTAssertTrue(familyResult.stderr.contains("unknown font family \"qqq"), familyResult.stderr)

        let layers = Array(repeating: "{\"type\": \"text\", \"text\": \"hi\", \"color\": \"{{v}}\"}", count: 120)
        let value = String(repeating: "q", count: 100_000)
        let placeholder = try write(
            "{\"canvas\": {\"width\": 64, \"height\": 32}, \"vars\": {\"v\": \"\(value)\"}, \"layers\": ["
                + layers.joined(separator: ", ") + "]}")
        let manyResult = try KinetypeProcess.run(["validate", placeholder.path])
        XCTAssertEqual(manyResult.status, 65)
        let lines = manyResult.stderr.split(separator: "\n")
        XCTAssertLessThanOrEqual(lines.count, 2 * 50 + 1)
        XCTAssertEqual(lines.last, "kinetype: error: and 70 more problems (not shown)")
        XCTAssertLessThan(manyResult.stderr.utf8.count, 20_000)
    }
}
