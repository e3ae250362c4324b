import Foundation
import KinetypeCore
@testable import KinetypeRender
import XCTest

final class FontLibraryTests: XCTestCase {
    func testListsInstalledFamiliesWithStylesSorted() {
        let families = Fixtures.systemFonts.families()
        XCTAssertEqual(families.map(\.name), families.map(\.name).sorted { $0.lowercased() < $1.lowercased() })
        let dejaVu = families.first { $0.name == "DejaVu Sans" }
        XCTAssertNotNil(dejaVu)
        XCTAssertTrue(dejaVu?.styles.contains("Bold") ?? false, "\(dejaVu?.styles ?? [])")
        XCTAssertFalse(dejaVu?.isVariable ?? true)
        XCTAssertEqual(families.first { $0.name == "Inter" }?.isVariable, true)
    }

    func testUnknownFamilyNamesTheClosestInstalledFamilies() {
        var text = TextContent(text: "Hi")
        text.font.family = "DejaVu Sanz"
        var spanned = TextContent(text: "a b", spans: [TextSpan(text: "a "), TextSpan(text: "b")])
        spanned.spans![1].font = FontSpec(family: "Intr")
        var scene = Fixtures.scene(width: 10, height: 10, layers: [Layer(content: .rect), Layer(content: .text(text)),
                                                                   Layer(content: .text(spanned))])
        scene.source = SourceMap(fileName: "intro.json", positions: ["layers[1].font.family": SourcePosition(line: 7, column: 15)])
        XCTAssertThrowsError(try Fixtures.systemFonts.validate(scene: scene)) { error in
            guard let list = error as? DiagnosticList else { return XCTFail("expected a DiagnosticList, got \(error)") }
            XCTAssertEqual(list.diagnostics.count, 2)
            let family = list.diagnostics[0]
            XCTAssertEqual(family.kind, .invalidScene)
            XCTAssertEqual(family.path, "layers[1].font.family")
            XCTAssertEqual(family.position, SourcePosition(line: 7, column: 15))
            XCTAssertTrue(family.message.contains("unknown font family \"DejaVu Sanz\""), family.message)
            XCTAssertTrue(family.message.contains("\"DejaVu Sans\""), family.message)
            XCTAssertEqual(list.diagnostics[1].path, "layers[2].spans[1].font.family")
            XCTAssertTrue(list.diagnostics[1].message.contains("\"Inter\""), list.diagnostics[1].message)
        }
    }

    func testKnownFamiliesValidateIgnoringCaseAndBlanks() throws {
        var text = TextContent(text: "Hi")
        text.font.family = "dejavu sans mono"
        try Fixtures.systemFonts.validate(scene: Fixtures.scene(width: 10, height: 10, layers: [Layer(content: .text(text))]))
    }

    func testMissingFontFileIsAMissingInputAtItsIndex() {
        var scene = Fixtures.scene(width: 10, height: 10)
        scene.fonts = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "Fonts/Missing.ttf"]
        XCTAssertThrowsError(try FontLibrary(scene: scene)) { error in
            guard let diagnostic = (error as? DiagnosticList)?.diagnostics.first else { return XCTFail("\(error)") }
            XCTAssertEqual(diagnostic.kind, .missingInput)
            XCTAssertEqual(diagnostic.path, "fonts[1]")
            XCTAssertTrue(diagnostic.message.contains("Missing.ttf"), diagnostic.message)
        }
    }

    func testNonFontFileIsReported() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-not-a-font.ttf")
        try Data("hello".utf8).write(to: file)
        XCTAssertThrowsError(try FontLibrary(fontFiles: [file], systemFonts: false)) { error in
            XCTAssertTrue("\(error)".contains("is not a font file"), "\(error)")
        }
    }

    func testHermeticLibraryHasOnlyTheScenesFontsAndRendersWithTheFileFamily() throws {
        let file = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        var text = TextContent(text: "Serif")
        text.font.file = file
        var scene = Fixtures.scene(width: 100, height: 40, layers: [Layer(content: .text(text))])
        scene.systemFonts = false
        let fonts = try FontLibrary(scene: scene)
        XCTAssertEqual(fonts.families().map(\.name), ["DejaVu Serif"])
        try fonts.validate(scene: scene)

        var plain = TextContent(text: "Default")
        plain.font.size = 12
        scene.layers.append(Layer(content: .text(plain)))
        XCTAssertThrowsError(try fonts.validate(scene: scene)) { error in
            XCTAssertEqual((error as? DiagnosticList)?.diagnostics.first?.path, "layers[1].font")
        }

        let state = TextState(runs: [TextRun(text: "Serif")], font: ResolvedFont(file: file, size: 20), color: .black)
        let hermetic = try FrameRenderer(scene: scene, fonts: fonts).render(Fixtures.frame(width: 100, height: 40, layers: [
            Fixtures.textLayer(state, frame: LayerFrame(x: 5, y: 5))]))
        var byFamily = state
        byFamily.font = ResolvedFont(family: "DejaVu Serif", size: 20)
        let system = try Fixtures.render(Fixtures.frame(width: 100, height: 40, layers: [
            Fixtures.textLayer(byFamily, frame: LayerFrame(x: 5, y: 5))]))
        XCTAssertEqual(hermetic, system, "a font file renders as its family")
    }

    func testDesignsMapToInstalledFamilies() {
        let fonts = Fixtures.systemFonts
        XCTAssertEqual(fonts.family(for: .default), "DejaVu Sans")
        XCTAssertEqual(fonts.family(for: .serif), "DejaVu Serif")
        XCTAssertEqual(fonts.family(for: .monospaced), "DejaVu Sans Mono")
        XCTAssertTrue(fonts.hasFamily(fonts.family(for: .rounded)), "rounded falls back to an installed family")
    }

    func testSuggestionsRankSubstringsAndCloseSpellings() {
        let names = ["DejaVu Sans", "DejaVu Serif", "Inter", "Noto Sans CJK JP"]
        XCTAssertEqual(FamilySuggestions.closest(to: "Intre", in: names, limit: 1), ["Inter"])
        XCTAssertEqual(FamilySuggestions.closest(to: "dejavu", in: names, limit: 2), ["DejaVu Sans", "DejaVu Serif"])
    }
}
