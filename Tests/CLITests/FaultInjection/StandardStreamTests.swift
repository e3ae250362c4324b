import Foundation
import XCTest

/// Standard output on a full device or a closed pipe: every command says so on standard error
/// and exits 73 (never a trap), and a file it wrote stays written and is named.
final class StandardStreamTests: XCTestCase {
    private var tiny: String { KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path }

    private var commands: [[String]] {
        [
            ["schema"], ["fonts"], ["fonts", "--json"], ["info", tiny], ["validate", tiny], ["--version"], ["help"],
            ["help", "render"], ["completions", "bash"],
        ]
    }

    func testEveryCommandReportsAFullStandardOutputAndExits73() throws {
        for command in commands {
            let run = try KinetypeProcess.run(command, stdout: .full)
            XCTAssertEqual(run.status, 73, "\(command): \(run.stderr)")
            XCTAssertTrue(
                run.stderr.contains("kinetype: error: cannot write to standard output (No space left on device)"),
                "\(command): \(run.stderr)")
        }
    }

    func testEveryCommandReportsAClosedPipeAndExits73() throws {
        for command in commands {
            let run = try KinetypeProcess.run(command, stdout: .closedPipe)
            XCTAssertEqual(run.status, 73, "\(command): \(run.stderr)")
            XCTAssertTrue(
                run.stderr.contains("kinetype: error: cannot write to standard output (Broken pipe)"),
                "\(command): \(run.stderr)")
        }
    }

    func testAWrittenOutputStaysAndTheLostLineSaysSo() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let output = folder.appendingPathComponent("out.gif")
        let run = try KinetypeProcess.run(["render", tiny, "-o", output.path], stdout: .full)
        XCTAssertEqual(run.status, 73, run.stderr)
        XCTAssertTrue(run.stderr.contains("so this was not shown: \"Wrote \(output.path)"), run.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.path))

        let verify = try KinetypeProcess.run(
            [
                "verify", tiny, "--golden", folder.appendingPathComponent("goldens").path, "--record", "all",
                "--frames", "0",
            ],
            stdout: .closedPipe)
        XCTAssertEqual(verify.status, 73, verify.stderr)
        XCTAssertTrue(verify.stderr.contains("tiny: ok"), verify.stderr)
    }

    func testAFullStandardErrorIsNoTrapAndKeepsTheCommandsOwnExitCode() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let missing = folder.appendingPathComponent("missing.json").path
        XCTAssertEqual(try KinetypeProcess.run(["render", missing], stderr: .full).status, 66)
        XCTAssertEqual(try KinetypeProcess.run(["validate", missing], stdout: .full, stderr: .full).status, 66)
        XCTAssertEqual(try KinetypeProcess.run(["--version"], stderr: .closedPipe).status, 0)
        XCTAssertEqual(try KinetypeProcess.run(["render", tiny, "--nope"], stderr: .closedPipe).status, 64)
    }
}
