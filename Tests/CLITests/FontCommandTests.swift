import Foundation
import XCTest

/// A weight the named family lacks is reported by the CLI as a positioned warning; the render goes
/// on and exits 0 (#14).
final class FontWeightWarningCommandTests: XCTestCase {
    func testRenderWarnsAboutAWeightTheFamilyLacksAndStillWrites() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = folder.appendingPathComponent("thin.json")
        try Data(
            """
            {"version": 1, "canvas": {"width": 120, "height": 40, "duration": 0.2},
             "layers": [{"type": "text", "text": "Thin",
                         "font": {"family": "DejaVu Sans", "weight": "ultraLight"}}]}
            """.utf8
        ).write(to: scene)
        let output = folder.appendingPathComponent("thin.gif").path
        let result = try KinetypeProcess.run(["render", scene.path, "-o", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output))
        XCTAssertTrue(
            result.stderr.contains(
                "kinetype: warning: \(scene.path):3:58: layers[0].font.weight: \"DejaVu Sans\" has no ultraLight (100) "
                    + "face, so its ExtraLight face (weight 200) is used instead"), result.stderr)

        // Quiet hides progress and the summary, not problems.
        let quiet = try KinetypeProcess.run(["render", scene.path, "-o", output, "--quiet"])
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stdout, "")
        XCTAssertTrue(quiet.stderr.hasPrefix("kinetype: warning: "), quiet.stderr)
        XCTAssertEqual(quiet.stderr.components(separatedBy: "kinetype: warning: ").count, 2, "once: \(quiet.stderr)")

        let validate = try KinetypeProcess.run(["validate", scene.path])
        XCTAssertEqual(validate.status, 0, validate.stderr)
        XCTAssertTrue(validate.stderr.contains("warning:"), validate.stderr)
    }
}

/// `font.family` lists on the command line (#14).
final class FontFamilyListCommandTests: XCTestCase {
    func testAListOfMissingFamiliesIsAPositionedErrorAndExit65() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = folder.appendingPathComponent("list.json")
        try Data(
            """
            {"version": 1, "canvas": {"width": 120, "height": 40, "duration": 0.2},
             "layers": [{"type": "text", "text": "Serif",
                         "font": {"family": ["Baskerville", "Libre Baskerville"]}}]}
            """.utf8
        ).write(to: scene)
        let output = folder.appendingPathComponent("list.gif").path
        let result = try KinetypeProcess.run(["render", scene.path, "-o", output])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "kinetype: error: \(scene.path):3:33: layers[0].font.family: none of the font families "
                    + "\"Baskerville\", \"Libre Baskerville\" is installed; closest installed families: "),
            result.stderr)

        let fixed = String(decoding: try Data(contentsOf: scene), as: UTF8.self)
            .replacingOccurrences(of: "\"Libre Baskerville\"]", with: "\"Libre Baskerville\", \"serif\"]")
        try Data(fixed.utf8).write(to: scene)
        let rendered = try KinetypeProcess.run(["render", scene.path, "-o", output])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output))
    }

    func testAGenericFamilyBeforeAnotherIsExit65() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = folder.appendingPathComponent("order.json")
        try Data(
            #"{"version": 1, "canvas": {"width": 50, "height": 40}, "layers": [{"type": "text", "text": "a", "font": {"family": ["serif", "Georgia"]}}]}"#
                .utf8
        ).write(to: scene)
        let result = try KinetypeProcess.run(["validate", scene.path])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "\(scene.path):1:125: layers[0].font.family[1]: \"Georgia\" comes after the generic family \"serif\""),
            result.stderr)
    }
}

/// `"easing": "jump"` and `"duration": 0` on the command line (#14).
final class JumpCommandTests: XCTestCase {
    private func scene(_ animation: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent("jump.json")
        try Data(
            """
            {"version": 1, "canvas": {"width": 80, "height": 40, "fps": 10},
             "layers": [{"type": "text", "text": "Hi", "font": {"size": 12},
                         "animations": [\(animation)]}]}
            """.utf8
        ).write(to: url)
        return url.path
    }

    func testAJumpEndsWhereItStartsAndAMisspeltOneIsExit65() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        for animation in [
            #"{"type": "animate", "property": "font.size", "to": 30, "start": 0.5, "easing": "jump"}"#,
            #"{"type": "animate", "property": "font.size", "to": 30, "start": 0.5, "duration": 0}"#,
        ] {
            let path = try scene(animation, in: folder)
            let info = try KinetypeProcess.run(["info", path, "--json"])
            XCTAssertEqual(info.status, 0, info.stderr)
            let json = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
            let layers = json?["layers"] as? [[String: Any]]
            let summary = (layers?.first?["animations"] as? [[String: Any]])?.first
            XCTAssertEqual(summary?["start"] as? Double, 0.5, info.stdout)
            XCTAssertEqual(summary?["end"] as? Double, 0.5, info.stdout)
        }
        let path = try scene(
            #"{"type": "animate", "property": "font.size", "to": 30, "start": 0.5, "easing": "jmp"}"#, in: folder)
        let result = try KinetypeProcess.run(["render", path, "-o", folder.appendingPathComponent("x.gif").path])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "\(path):3:108: layers[0].animations[0].easing: unknown easing \"jmp\"; did you mean \"jump\"?"),
            result.stderr)
    }
}
