import XCTest

final class HelpAndUsageTests: XCTestCase {
    func testVersionPrintsTheVersion() throws {
        let result = try KinetypeProcess.run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix("kinetype 0."), result.stdout)
    }

    func testHelpListsEveryCommand() throws {
        let result = try KinetypeProcess.run(["help"])
        XCTAssertEqual(result.status, 0)
        for command in ["render", "validate", "info", "fonts", "schema", "help"] {
            XCTAssertTrue(result.stdout.contains("\n  \(command) "), "help does not list \(command):\n\(result.stdout)")
        }
    }

    func testEveryCommandHasHelp() throws {
        for command in ["render", "validate", "info", "fonts", "schema"] {
            let result = try KinetypeProcess.run([command, "--help"])
            XCTAssertEqual(result.status, 0, command)
            XCTAssertTrue(result.stdout.contains("USAGE: kinetype \(command)"), result.stdout)
            let viaHelp = try KinetypeProcess.run(["help", command])
            XCTAssertEqual(viaHelp.stdout, result.stdout)
        }
    }

    func testRenderHelpDocumentsEveryOption() throws {
        let result = try KinetypeProcess.run(["render", "--help"])
        for option in [
            "--output", "--set", "--fps", "--scale", "--jobs", "--still", "--quality", "--dither",
            "--png-compression", "--contact-sheet", "--quiet",
        ] {
            XCTAssertTrue(result.stdout.contains(option), "render help lacks \(option)")
        }
    }

    func testNoArgumentsIsAUsageError() throws {
        let result = try KinetypeProcess.run([])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("USAGE: kinetype <command>"))
    }

    func testUnknownCommandSuggestsTheClosest() throws {
        let result = try KinetypeProcess.run(["rendr", "x.json"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(
            result.stderr.contains("kinetype: error: unknown command \"rendr\"; did you mean \"render\"?"),
            result.stderr)
    }

    /// `help` of a command that does not exist says where the list is, like the command alone.
    func testHelpOfAnUnknownCommandPointsToTheList() throws {
        for arguments in [["help", "nothing"], ["nothing"]] {
            let result = try KinetypeProcess.run(arguments)
            XCTAssertEqual(result.status, 64)
            XCTAssertTrue(result.stderr.contains("unknown command \"nothing\""), result.stderr)
            XCTAssertTrue(result.stderr.contains("Run 'kinetype help' for the list of commands."), result.stderr)
        }
    }

    func testUnknownOptionPrintsUsageAndExits64() throws {
        let result = try KinetypeProcess.run(["render", "scene.json", "--ouput", "x.gif"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(
            result.stderr.contains("kinetype: error: unknown option --ouput; did you mean --output?"), result.stderr)
        XCTAssertTrue(result.stderr.contains("USAGE: kinetype render SCENE"), result.stderr)
    }

    func testOptionWithoutValueIsAUsageError() throws {
        let result = try KinetypeProcess.run(["render", "scene.json", "--fps"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("option --fps needs a value (N)"), result.stderr)
    }

    func testOutOfRangeOptionIsAUsageError() throws {
        let result = try KinetypeProcess.run(["render", "scene.json", "--fps", "500"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("--fps takes a number from 1 to 120, found \"500\""), result.stderr)
    }

    func testMalformedSetIsAUsageError() throws {
        let result = try KinetypeProcess.run(["render", "scene.json", "--set", "novalue"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("--set takes NAME=VALUE, found \"novalue\""), result.stderr)
    }
}
