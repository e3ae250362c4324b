import Foundation
import XCTest

final class RenderCommandTests: XCTestCase {
    private let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path

    func testRendersAGIFAndSaysWhereItWent() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let output = folder.appendingPathComponent("tiny.gif").path
        let result = try KinetypeProcess.run(["render", tiny, "-o", output, "--jobs", "2"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Wrote \(output) ("), result.stdout)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        XCTAssertEqual(String(decoding: bytes.prefix(6), as: UTF8.self), "GIF89a")
        XCTAssertTrue(result.stderr.isEmpty, "no progress bar when stderr is not a terminal: \(result.stderr)")
    }

    func testDefaultOutputIsOutputSlashSceneName() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let result = try KinetypeProcess.run(["render", tiny, "--quiet"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output/tiny.gif").path))
    }

    func testSetOverridesAPlaceholder() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let a = folder.appendingPathComponent("a.png").path
        let b = folder.appendingPathComponent("b.png").path
        XCTAssertEqual(try KinetypeProcess.run(["render", tiny, "--still", "5", "-o", a]).status, 0)
        XCTAssertEqual(
            try KinetypeProcess.run(["render", tiny, "--still", "5", "-o", b, "--set", "word=Howdy"]).status, 0)
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: a)), try Data(contentsOf: URL(fileURLWithPath: b)))
    }

    func testUnknownExtensionListsTheFormats() throws {
        let result = try KinetypeProcess.run(["render", tiny, "-o", "out.bmp"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(
            result.stderr.contains(
                "unknown output format \".bmp\"; kinetype writes .gif (animated GIF), .mp4, .webm or .mov (video), .png (with --still), or a folder (PNG frames)"
            ), result.stderr)
    }

    func testPNGWithoutStillIsAUsageError() throws {
        let result = try KinetypeProcess.run(["render", tiny, "-o", "out.png"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("add --still SECONDS"), result.stderr)
    }

    func testMissingSceneExits66() throws {
        let result = try KinetypeProcess.run(["render", "no-such-scene.json", "-o", "/tmp/x.gif"])
        XCTAssertEqual(result.status, 66)
        XCTAssertEqual(
            result.stderr,
            "kinetype: error: no-such-scene.json: no such scene file\n  hint: check the path; it is relative to the current folder\n"
        )
    }

    func testBadSceneExits65WithPositionAndSuggestion() throws {
        let result = try KinetypeProcess.run(
            ["render", "bad-easing.json", "-o", "/tmp/x.gif"], in: KinetypeProcess.fixtures)
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "kinetype: error: bad-easing.json:10:21: layers[0].animations[0].easing: unknown easing \"easyInOut\"; did you mean \"easeInOut\"?\n"
            ), result.stderr)
    }

    func testUnwritableOutputExits73AndWritesNothing() throws {
        let result = try KinetypeProcess.run(["render", tiny, "-o", "/nonexistent-kinetype-dir/x.gif"])
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("kinetype: error: "), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/nonexistent-kinetype-dir"))
    }
}
