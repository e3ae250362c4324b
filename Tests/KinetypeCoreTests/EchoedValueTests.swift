import XCTest

@testable import KinetypeCore

/// The one rule for a user's value in a message (`JSONText`, `DecodingPath`): escaped, and cut
/// past its limit however it is shown.
final class EchoedValueTests: XCTestCase {
    private let huge = String(repeating: "k", count: 1_000_000)

    func testUnquotedValuesAreEscapedAndCutLikeQuotedOnes() {
        XCTAssertEqual(JSONText.unquoted("notes-en"), "notes-en")
        XCTAssertEqual(JSONText.unquoted("a\"b\\c"), "a\"b\\c", "quotes and backslashes stay as written")
        XCTAssertEqual(JSONText.unquoted("red\u{1B}[31m\u{202E}"), "red\\u001B[31m\\u202E")
        XCTAssertEqual(JSONText.unquoted(huge), String(repeating: "k", count: 60) + "… (1000000 characters)")
        let path = "/" + String(repeating: "folder/", count: 100) + "out.gif"
        XCTAssertEqual(JSONText.unquotedPath(path), path)
        XCTAssertEqual(JSONText.unquotedPath(huge), String(repeating: "k", count: 1024) + "… (1000000 characters)")
    }

    func testListsAndChainsNameAtMostTwentyValues() {
        XCTAssertEqual(JSONText.list(["a", "b", "c"]), "\"a\", \"b\" and \"c\"")
        let ids = (0..<100_000).map { "l\($0)" }
        let list = JSONText.list(ids)
        XCTAssertTrue(list.hasPrefix("\"l0\", \"l1\", "), list)
        XCTAssertTrue(list.hasSuffix("\"l19\", … and 99980 more"), list)
        XCTAssertEqual(JSONText.chain(["a", "b", "a"]), "\"a\" → \"b\" → \"a\"")
        let chain = JSONText.chain(ids + ["l0"])
        XCTAssertTrue(chain.hasPrefix("\"l0\" → \"l1\" → "), chain)
        XCTAssertTrue(chain.hasSuffix("\"l18\" → … (99981 more) → \"l0\""), chain)
        XCTAssertLessThan(chain.utf8.count, 300)
        XCTAssertLessThan(JSONText.list([huge, huge]).utf8.count, 200, "each name is cut too")
    }

    func testPathsCutAHugeKeyLikeAnyQuotedValue() {
        XCTAssertEqual(DecodingPath.member("vars", "title"), "vars.title")
        XCTAssertEqual(DecodingPath.member("", "title"), "title")
        XCTAssertEqual(DecodingPath.member("pauses", ","), "pauses[\",\"]")
        let sixty = String(repeating: "k", count: 60)
        XCTAssertEqual(DecodingPath.member("vars", sixty), "vars." + sixty)
        XCTAssertEqual(DecodingPath.member("vars", sixty + "k"), "vars[\"\(sixty)…\" (61 characters)]")
        XCTAssertEqual(DecodingPath.member("vars", huge), "vars[\"\(sixty)…\" (1000000 characters)]")
        XCTAssertEqual(
            DecodingPath.member(DecodingPath.index("", 0), huge), "[0][\"\(sixty)…\" (1000000 characters)]")
    }
}
