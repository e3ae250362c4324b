import Foundation
import XCTest

@testable import KinetypeCore

/// `font.family` may be a list whose first installed family wins, ending with a generic family (#14).
final class FontFamilyListDecodingTests: XCTestCase {
    private func font(_ family: String) throws -> FontSpec {
        let scene = try DecodingTestSupport.decode(
            DecodingTestSupport.scene(layers: #"{"type": "text", "text": "a", "font": {"family": \#(family)}}"#))
        return try XCTUnwrap(scene.layers[0].text).font
    }

    func testAListIsKeptForTheLoaderAndAPlainNameIsTheFamily() throws {
        let list = try font(#"["Baskerville", "Libre Baskerville", "serif"]"#)
        XCTAssertNil(list.family)
        XCTAssertEqual(list.familyList, ["Baskerville", "Libre Baskerville", "serif"])

        let plain = try font(#""Inter""#)
        XCTAssertEqual(plain.family, "Inter")
        XCTAssertNil(plain.familyList)

        let one = try font(#"["DejaVu Serif"]"#)
        XCTAssertEqual(one.family, "DejaVu Serif")
        XCTAssertNil(one.familyList)

        for generic in ["serif", "Sans-Serif", "monospace", "rounded"] {
            let spec = try font("\"\(generic)\"")
            XCTAssertNil(spec.family, generic)
            XCTAssertEqual(spec.familyList, [generic])
        }
        XCTAssertEqual(GenericFamily(named: " Sans-Serif")?.design, .default)
        XCTAssertEqual(GenericFamily(named: "monospace")?.design, .monospaced)
    }

    func testSpansTakeListsToo() throws {
        let scene = try DecodingTestSupport.decode(
            DecodingTestSupport.scene(
                layers: #"{"type": "text", "spans": [{"text": "a", "font": {"family": ["Nope", "monospace"]}}]}"#))
        XCTAssertEqual(scene.layers[0].text?.spans?[0].font?.familyList, ["Nope", "monospace"])
    }

    func testAGenericFamilyBeforeAnotherIsAPositionedError() {
        let errors = DecodingTestSupport.errors(
            DecodingTestSupport.scene(
                layers: #"{"type": "text", "text": "a", "font": {"family": ["Baskerville", "serif", "Georgia"]}}"#))
        XCTAssertEqual(
            errors,
            [
                "scene.json:1:128: layers[0].font.family[2]: \"Georgia\" comes after the generic family \"serif\", "
                    + "which is always available, so it would never be used"
            ])
        let diagnostic = DecodingTestSupport.diagnostics(
            DecodingTestSupport.scene(
                layers: #"{"type": "text", "text": "a", "font": {"family": ["serif", "sans-serif"]}}"#))
        XCTAssertEqual(diagnostic.first?.path, "layers[0].font.family[1]")
        XCTAssertEqual(diagnostic.first?.hint, "put the generic family (serif, sans-serif, monospace or rounded) last")
    }

    func testEmptyListsNamesAndOtherTypesAreErrors() {
        XCTAssertEqual(
            DecodingTestSupport.messages(layers: #"{"type": "text", "text": "a", "font": {"family": []}}"#),
            ["layers[0].font.family: must not be empty"])
        XCTAssertEqual(
            DecodingTestSupport.messages(layers: #"{"type": "text", "text": "a", "font": {"family": ["Inter", ""]}}"#),
            ["layers[0].font.family[1]: must not be empty"])
        XCTAssertEqual(
            DecodingTestSupport.messages(layers: #"{"type": "text", "text": "a", "font": {"family": ["Inter", 3]}}"#),
            ["layers[0].font.family[1]: expected a string, found a number"])
        XCTAssertEqual(
            DecodingTestSupport.messages(layers: #"{"type": "text", "text": "a", "font": {"family": 3}}"#),
            ["layers[0].font.family: expected a family name or a list of them, found a number"])
    }
}
