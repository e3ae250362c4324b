import Kinetype
import TestSupport
import XCTest

final class HTMLTextTests: XCTestCase {
    func testEscapesMarkupAndShowsHiddenCharacters() {
        XCTAssertEqual(HTMLText.escape("a<b>&\"c\"'d'"), "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;")
        XCTAssertEqual(HTMLText.escape("x\u{202E}y\u{200B}z\u{2066}"), "x\\u{202E}y\\u{200B}z\\u{2066}")
        XCTAssertEqual(HTMLText.escape("\u{0}\u{7}\u{2028}"), "\\u{0}\\u{7}\\u{2028}")
        XCTAssertEqual(HTMLText.escape("line\nnext\ttab é 日本"), "line\nnext\ttab é 日本")
    }

    func testShellQuotingRoundTripsThroughTheShell() throws {
        let arguments = [
            "plain/path.json", "with space", "it's", "$HOME `date` \"q\"", "", "bidi\u{202E}x", "tab\tand\\",
        ]
        let command = HTMLText.shellCommand(["printf", "%s\\0"] + arguments)
        XCTAssertTrue(command.hasPrefix("printf '%s\\0' plain/path.json 'with space' 'it'\\''s'"), command)
        let data = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), ["-c", command]).stdout
        let printed = data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
        XCTAssertEqual(printed, arguments)
    }
}
