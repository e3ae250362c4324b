import XCTest

/// Typed options as a user meets them: suggestions, case-insensitive choices and help suffixes.
final class TypedOptionTests: XCTestCase {
    func testMisspeltTopLevelOptionSuggestsTheNearest() throws {
        let result = try KinetypeProcess.run(["--verison"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(
            result.stderr.contains("kinetype: error: unknown option --verison; did you mean --version?"), result.stderr)
    }

    func testMisspeltChoiceSuggestsTheNearestValue() throws {
        let result = try KinetypeProcess.run(["render", "scene.json", "--dither", "orderd"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(
            result.stderr.contains(
                "--dither takes none, ordered or diffusion, found \"orderd\"; did you mean \"ordered\"?"),
            result.stderr)
    }

    func testChoicesIgnoreCase() throws {
        // Accepted as an option, the run goes on to the scene, which does not exist: exit 66, not 64.
        let result = try KinetypeProcess.run([
            "render", "no-such-scene.json", "--dither", "ORDERED", "-o", "/tmp/x.gif",
        ])
        XCTAssertEqual(result.status, 66, result.stderr)
        let format = try KinetypeProcess.run(["batch", "no-such-template.json", "--data", "d.json", "--format", "Gif"])
        XCTAssertEqual(format.status, 66, format.stderr)
    }

    func testHelpShowsEachRangeFromItsDeclaration() throws {
        let result = try KinetypeProcess.run(["render", "--help"])
        for line in [
            "--fps N", "[1…120]", "--quality N", "[0…100]", "[none, ordered, diffusion]", "--png-compression N",
            "[0…9]",
            "-j, --jobs N", "[1…256]",
        ] {
            XCTAssertTrue(result.stdout.contains(line), "render help lacks \(line):\n\(result.stdout)")
        }
    }
}
