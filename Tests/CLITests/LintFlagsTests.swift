import Foundation
import TestSupport
import XCTest

/// No string of the library spells a command-line option (issue #44: a renamed option must not
/// leave messages naming the old one): `scripts/lint-flags`, which `make lint` runs, on the
/// library's sources and on strings that would slip.
final class LintFlagsTests: XCTestCase {
    private let script = Manual.root.appendingPathComponent("scripts/lint-flags")

    func testNoStringOfTheLibrarySpellsAnOption() throws {
        let result = try ChildProcess.run(script, [])
        XCTAssertEqual(result.status, 0, result.stderrText)
    }

    func testAStringThatSpellsAnOptionFailsTheLint() throws {
        let folder = try ScratchFolder.make(for: self)
        let source = #"""
            /// A doc comment may name --still in prose.
            func hint(_ frames: Int) -> String {
                // So may a comment: --max-frames
                let named = "\(CommandLineOption.still.flag) SECONDS"
                let spelled = "raise the limit with --max-frames N"
                let nested = "\(frames > 1 ? "or --max-layer-frames" : "")"
                let prose = """
                    filled from vars and --set
                    """
                let raw = #"pass --root "DIR""#
                return named + spelled + nested + prose + raw + "--\(frames)" + " -- " + "-o -"
            }
            """#
        try Data(source.utf8).write(to: folder.appendingPathComponent("Hints.swift"))
        let style = folder.appendingPathComponent("Sources/Kinetype/Review")
        try FileManager.default.createDirectory(at: style, withIntermediateDirectories: true)
        try Data(#"let css = ":root { --good: #1a7f37 }""#.utf8)
            .write(to: style.appendingPathComponent("ReviewPageStyle.swift"))

        let result = try ChildProcess.run(script, [folder.path])
        XCTAssertEqual(result.status, 1, result.stderrText)
        // The four strings, not the comments, the interpolation, the lone dashes or the style sheet.
        let named = result.stderrText.split(separator: "\n").filter { $0.contains(".swift:") }
        XCTAssertEqual(
            named.map { $0.components(separatedBy: "Hints.swift:").last ?? String($0) },
            [
                "5: --max-frames is spelled out in a string", "6: --max-layer-frames is spelled out in a string",
                "8: --set is spelled out in a string", "10: --root is spelled out in a string",
            ],
            result.stderrText)
        XCTAssertTrue(result.stderrText.contains("CommandLineOption"), result.stderrText)
    }
}
