import XCTest

@testable import KinetypeCore

final class ColorTests: XCTestCase {
    func testDescriptionIsCanonicalHex() {
        XCTAssertEqual(Color(red: 1, green: 0.5, blue: 0, alpha: 1).description, "#FF8000FF")
        XCTAssertEqual(Color.transparent.description, "#00000000")
    }
}
