import Foundation
import KinetypeRender
import XCTest

@testable import Kinetype

/// A `font.family` list resolves to its first installed family when the scene loads, a generic
/// family to the family of its design; an unknown family is answered with families of its kind (#14).
final class FontFamilyListTests: XCTestCase {
    private let systemFonts: FontLibrary = {
        do { return try FontLibrary(fontFiles: [], systemFonts: true) } catch { fatalError("font library: \(error)") }
    }()

    private func load(_ font: String, text: String = "Quick brown fox") throws -> PreparedScene {
        try SceneLoader(
            .bytes(
                Data(
                    """
                    {"version": 1, "canvas": {"width": 200, "height": 40, "duration": 0.1},
                     "layers": [{"type": "text", "text": "\(text)", "frame": {"x": 4, "y": 4},
                                 "font": {"size": 18, "family": \(font)}, "color": "#000000"}]}
                    """.utf8), displayName: "scene.json", baseDirectory: URL(fileURLWithPath: "/tmp"))
        ).load()
    }

    private func family(_ prepared: PreparedScene) -> String? { prepared.scene.layers[0].text?.font.family }

    func testTheFirstInstalledFamilyOfAListWins() throws {
        XCTAssertEqual(family(try load(#"["Helvetica Neue", "dejavu sans", "Inter"]"#)), "DejaVu Sans")
        XCTAssertEqual(family(try load(#"["Baskerville", "Libre Baskerville", "serif"]"#)), "DejaVu Serif")
        XCTAssertEqual(family(try load(#""monospace""#)), "DejaVu Sans Mono")
        XCTAssertEqual(family(try load(#"["No Such Family", "sans-serif"]"#)), "Inter")
    }

    func testAListRendersExactlyAsTheFamilyItChose() throws {
        let listed = try load(#"["Baskerville", "Libre Baskerville", "serif"]"#).renderFrame(0)
        let named = try load(#""DejaVu Serif""#).renderFrame(0)
        let other = try load(#""DejaVu Sans""#).renderFrame(0)
        XCTAssertEqual(listed, named)
        XCTAssertNotEqual(listed, other)
    }

    func testAListWithNoInstalledFamilyIsAPositionedErrorWithFamiliesOfItsKind() throws {
        XCTAssertThrowsError(try load(#"["Baskerville", "Libre Baskerville"]"#)) { error in
            guard let problem = (error as? DiagnosticList)?.diagnostics.first else { return XCTFail("\(error)") }
            XCTAssertEqual(problem.path, "layers[0].font.family")
            XCTAssertEqual(problem.position, SourcePosition(line: 3, column: 45))
            XCTAssertTrue(
                problem.message.hasPrefix(
                    "none of the font families \"Baskerville\", \"Libre Baskerville\" is installed; "
                        + "closest installed families: \"Noto Serif\", \"DejaVu Serif\""), problem.message)
            XCTAssertTrue(problem.hint?.contains("end the list with a generic family") ?? false)
        }
    }

    func testUnknownFamiliesAreAnsweredWithFamiliesOfTheSameKind() {
        func suggestions(_ family: String) -> [String] { systemFonts.closestFamilies(to: family) }
        let serifs = ["DejaVu Serif", "Noto Serif"]
        XCTAssertTrue(serifs.contains(suggestions("Baskerville")[0]), "\(suggestions("Baskerville"))")
        XCTAssertTrue(serifs.contains(suggestions("Times")[0]), "\(suggestions("Times"))")
        XCTAssertEqual(Set(suggestions("Times New Roman").prefix(2)), Set(serifs))
        for sans in ["Helvetica", "Arial", "Futura"] {
            let first = suggestions(sans)[0]
            XCTAssertTrue(
                ["DejaVu Sans", "Noto Sans", "Inter", "Nimbus Sans", "Liberation Sans"].contains(first), first)
        }
        XCTAssertEqual(suggestions("Courier")[0], "DejaVu Sans Mono")
        XCTAssertEqual(suggestions("DejaVu Sanz")[0], "DejaVu Sans", "a near spelling comes first")
        XCTAssertEqual(suggestions("Intr")[0], "Inter")
        XCTAssertFalse(suggestions("Georgia").contains("Noto Sans Georgian"), "a sans is no typo of a serif")
    }
}
