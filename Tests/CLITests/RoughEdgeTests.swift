import Foundation
import TestSupport
import XCTest

/// The rough edges a new user met in their first hour (#40): help that lists every format, an
/// output folder that cannot be made saying why, a YAML or TOML scene told that scenes are JSON,
/// and an output named only by an extension.
final class RoughEdgeTests: XCTestCase {
    private let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path

    /// Every extension kinetype writes, as `-o` takes it.
    private let extensions = [".gif", ".webp", ".apng", ".mp4", ".webm", ".mov", ".json", ".lottie", ".png"]

    func testRenderHelpNamesEveryFormatByItsExtension() throws {
        let help = try KinetypeProcess.run(["render", "--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        // The text is wrapped to the terminal: compare it as one line.
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let discussion = try XCTUnwrap(text.components(separatedBy: "OPTIONS:").first)
        for fileExtension in extensions {
            XCTAssertTrue(
                discussion.contains(fileExtension + " ("), "render --help lacks \(fileExtension):\n\(discussion)")
        }
        XCTAssertTrue(discussion.contains("a folder path (a folder of PNG frames)"), discussion)
        let overview = try KinetypeProcess.run(["help"]).stdout.split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        let abstract = try XCTUnwrap(discussion.components(separatedBy: "USAGE:").first)
        for kind in ["GIF", "WebP", "APNG", "video", "Lottie", "PNG frames", "still PNG"] {
            XCTAssertTrue(abstract.contains(kind), "the render overview lacks \(kind): \(abstract)")
            XCTAssertTrue(overview.contains(kind), "kinetype help lacks \(kind): \(overview)")
        }
    }

    func testAnOutputUnderAFileSaysTheFileIsNoFolder() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let result = try KinetypeProcess.run(["render", tiny, "-o", "notes.txt/out.gif"], in: folder)
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "kinetype: error: cannot write notes.txt/out.gif: notes.txt is a file, not a folder\n"),
            result.stderr)
    }

    func testAYAMLSceneIsToldScenesAreJSON() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(
            """
            # a card
            canvas:
              width: 320
              height: 120
            layers:
              - type: text
                text: Hello
            """.utf8
        ).write(to: folder.appendingPathComponent("card.yaml"))
        for command in [["validate", "card.yaml"], ["render", "card.yaml", "-o", "card.gif"]] {
            let result = try KinetypeProcess.run(command, in: folder)
            XCTAssertEqual(result.status, 65, result.stderr)
            XCTAssertTrue(
                result.stderr.contains("kinetype: error: card.yaml:2:1: this looks like YAML, but scenes are JSON\n"),
                result.stderr)
            XCTAssertTrue(result.stderr.contains(#"write it as JSON, {"canvas": {…}, "layers": […]}"#), result.stderr)
            XCTAssertFalse(result.stderr.contains("unexpected word"), result.stderr)
        }
    }

    func testATOMLSceneIsToldScenesAreJSON() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data("[canvas]\nwidth = 320\nheight = 120\n".utf8).write(to: folder.appendingPathComponent("card.toml"))
        let result = try KinetypeProcess.run(["validate", "card.toml"], in: folder)
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("kinetype: error: card.toml:1:1: this looks like TOML, but scenes are JSON\n"),
            result.stderr)
    }

    func testYAMLBatchDataIsToldBatchDataIsJSON() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data("- output: notes-en\n  title: Notes\n".utf8).write(to: folder.appendingPathComponent("data.yaml"))
        let result = try KinetypeProcess.run(["batch", tiny, "--data", "data.yaml", "-o", "out"], in: folder)
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("data.yaml:1:1: this looks like YAML, but batch data is JSON\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("a JSON array of objects"), result.stderr)
    }

    /// JSON with a mistake keeps JSON's own message: only a document whose first line is YAML or
    /// TOML is told it is not JSON.
    func testAJSONSceneWithAMistakeKeepsItsJSONMessage() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data("{\n  canvas: {}\n}\n".utf8).write(to: folder.appendingPathComponent("card.json"))
        let result = try KinetypeProcess.run(["validate", "card.json"], in: folder)
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("card.json:2:3: expected an object key in double quotes"), result.stderr)
        XCTAssertFalse(result.stderr.contains("looks like"), result.stderr)
    }

    func testAnOutputNamedOnlyByAnExtensionIsRefused() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        for output in [".gif", "...lottie", "out/.webp", ".JSON"] {
            let result = try KinetypeProcess.run(["render", tiny, "-o", output], in: folder)
            XCTAssertEqual(result.status, 64, "\(output): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("is only an extension, with no file name before it"),
                "\(output): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("name the file, as in -o Output/card."), result.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "nothing was written")
        let frames = try KinetypeProcess.run(["render", tiny, "-o", ".gif/", "-q"], in: folder)
        XCTAssertEqual(frames.status, 0, "a trailing / asks for a frames folder of that name: \(frames.stderr)")
    }
}
