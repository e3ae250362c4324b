import Foundation
import XCTest

/// The one error path of `main.swift`: the exact bytes printed for each severity and for each
/// kind of usage mistake, and the exit code chosen from them.
final class ErrorOutputTests: XCTestCase {
    private let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path

    func testCommandLineMistakeShowsTheUsageLineAndTheHelpPointer() throws {
        let result = try KinetypeProcess.run(["schema", "extra"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(
            result.stderr,
            "kinetype: error: schema takes no arguments\n\nUSAGE: kinetype schema\n\nRun 'kinetype help schema' for more.\n"
        )
    }

    func testLibraryUsageMistakeShowsTheUsageLineOnly() throws {
        let result = try KinetypeProcess.run(["render", tiny, "-o", "out.bmp"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(
            result.stderr.hasSuffix(
                "(a folder of PNG frames)\n\nUSAGE: kinetype render SCENE|- [-o OUTPUT|-] [--format NAME] [--set NAME=VALUE]... [options]\n"
            ),
            result.stderr)
    }

    func testUnknownHelpTopicShowsNoUsageButWhereTheCommandsAre() throws {
        let result = try KinetypeProcess.run(["help", "nosuch"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(
            result.stderr,
            "kinetype: error: unknown command \"nosuch\"\n\nRun 'kinetype help' for the list of commands.\n")
    }

    func testGIFFrameRateWarningIsPrintedAndTheRunSucceeds() throws {
        let output = try KinetypeProcess.temporaryFolder(self).appendingPathComponent("fast.gif").path
        let result = try KinetypeProcess.run(["render", tiny, "-o", output, "--fps", "60"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "kinetype: warning: GIF shows at most 50 frames per second (delays are whole centiseconds, "
                + "at least 2), so frames of this 60 fps animation were merged; use fps 50 or less, or a video format\n"
        )
    }
}
