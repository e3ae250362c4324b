import Foundation
import TestSupport
import XCTest

/// The rough edges a new user met in their first hour (#40): help that lists every format, an
/// output folder that cannot be made saying why, a YAML or TOML scene told that scenes are JSON,
/// and an output named only by an extension.
final class RoughEdgeTests: XCTestCase {
    private let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path

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
