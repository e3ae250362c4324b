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

        let quiet = try KinetypeProcess.run(["render", scene.path, "-o", output, "--quiet"])
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stderr, "")

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
