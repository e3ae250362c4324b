import XCTest

@testable import KinetypeCore

final class DecodingColorTests: XCTestCase {
    func testHexForms() {
        XCTAssertEqual(Color(parsing: "#F80"), Color(red: 1, green: 0x88 / 255, blue: 0))
        XCTAssertEqual(Color(parsing: "#f808"), Color(red: 1, green: 0x88 / 255, blue: 0, alpha: 0x88 / 255))
        XCTAssertEqual(Color(parsing: "#FF8000"), Color(red: 1, green: 0x80 / 255, blue: 0))
        XCTAssertEqual(Color(parsing: "#ff800080")?.description, "#FF800080")
    }

    func testFunctionalForms() {
        XCTAssertEqual(Color(parsing: "rgb(255, 128, 0)"), Color(red: 1, green: 128 / 255, blue: 0))
        XCTAssertEqual(Color(parsing: "rgba(0,0,255,0.5)"), Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        XCTAssertEqual(Color(parsing: "RGBA( 0 , 0 , 0 , 1 )"), .black)
    }

    func testNamedColors() {
        XCTAssertEqual(CSSColorNames.table.count, 148)
        XCTAssertEqual(Color(parsing: "transparent"), .transparent)
        XCTAssertEqual(Color(parsing: "RebeccaPurple")?.description, "#663399FF")
        XCTAssertEqual(Color(parsing: "lightgoldenrodyellow")?.description, "#FAFAD2FF")
        XCTAssertEqual(Color(parsing: "grey"), Color(parsing: "gray"))
        for name in CSSColorNames.table.keys {
            XCTAssertNotNil(Color(parsing: name), name)
        }
    }

    func testInvalidColorsExplainWhy() {
        func message(_ text: String) -> String? {
            if case .failure(let error) = Color.parse(text) { return error.message }
            return nil
        }
        XCTAssertEqual(message("#12345"), "invalid hex color \"#12345\"")
        XCTAssertEqual(message("#GGG"), "invalid hex color \"#GGG\"")
        XCTAssertEqual(message("gren"), "unknown color \"gren\"; did you mean \"green\"?")
        XCTAssertEqual(message("blurple"), "unknown color \"blurple\"; did you mean \"purple\"?")
        XCTAssertEqual(message("not a color"), "unknown color \"not a color\"")
        XCTAssertEqual(message("rgb(1, 2)"), "invalid rgb() color \"rgb(1, 2)\"")
        XCTAssertEqual(message("rgb(1, 2, 3"), "rgb() color \"rgb(1, 2, 3\" is missing its closing ')'")
        XCTAssertEqual(
            message("rgb(1, 2, 300)"), "rgb() red, green and blue must be between 0 and 255 in \"rgb(1, 2, 300)\"")
        XCTAssertEqual(message("rgba(1, 2, 3, 1.5)"), "rgba() alpha must be between 0 and 1, found 1.5")
        XCTAssertEqual(message(""), "unknown color \"\"")
        XCTAssertNil(Color(parsing: "rgb(nan, 0, 0)"))
    }
}
