import CPangoCairo
import Foundation
import KinetypeCore
import TestSupport
import XCTest

@testable import KinetypeRender

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

    func testNonFontFileIsReported() throws {
        let file = try ScratchFolder.make(for: self).appendingPathComponent("not-a-font.ttf")
        try Data("hello".utf8).write(to: file)
        XCTAssertThrowsError(try FontLibrary(fontFiles: [file], systemFonts: false)) { error in
            XCTAssertTrue("\(error)".contains("is not a font file"), "\(error)")
        }
    }

    func testAFontFileRendersAsItsFamily() throws {
        let file = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        let fonts = try FontLibrary(fontFiles: [URL(fileURLWithPath: file)], systemFonts: false)
        XCTAssertEqual(fonts.family(ofFile: file), "DejaVu Serif")

        let scene = Fixtures.scene(width: 100, height: 40)
        let state = TextState(runs: [TextRun(text: "Serif")], font: ResolvedFont(file: file, size: 20), color: .black)
        let byFile = try FrameRenderer(scene: scene, fonts: fonts).render(
            Fixtures.frame(
                width: 100, height: 40,
                layers: [
                    Fixtures.textLayer(state, frame: LayerFrame(x: 5, y: 5))
                ]))
        var byFamily = state
        byFamily.font = ResolvedFont(family: "DejaVu Serif", size: 20)
        let system = try Fixtures.render(
            Fixtures.frame(
                width: 100, height: 40,
                layers: [
                    Fixtures.textLayer(byFamily, frame: LayerFrame(x: 5, y: 5))
                ]))
        XCTAssertEqual(byFile, system, "a font file renders as its family")
    }

    func testDesignsMapToInstalledFamilies() {
        let fonts = Fixtures.systemFonts
        XCTAssertEqual(fonts.family(for: .default), "Inter", "SwiftUI's default family is the variable Inter (#14)")
        XCTAssertEqual(fonts.family(for: .serif), "DejaVu Serif")
        XCTAssertEqual(fonts.family(for: .monospaced), "DejaVu Sans Mono")
        XCTAssertTrue(fonts.hasFamily(fonts.family(for: .rounded)), "rounded falls back to an installed family")
    }

    func testSuggestionsRankSubstringsAndCloseSpellings() {
        let names = ["DejaVu Sans", "DejaVu Serif", "Inter", "Noto Sans CJK JP"]
        XCTAssertEqual(FamilySuggestions.closest(to: "Intre", in: names, limit: 1), ["Inter"])
        XCTAssertEqual(FamilySuggestions.closest(to: "dejavu", in: names, limit: 2), ["DejaVu Sans", "DejaVu Serif"])
    }

    /// Family names are normalized on a byte path when they are ASCII: the same as lowercasing and
    /// dropping white space with Unicode's rules, for every ASCII character and beyond.
    func testNormalizedFamilyNamesAreTheUnicodeRulesResult() {
        func unicodeRules(_ name: String) -> String { String(name.lowercased().filter { !$0.isWhitespace }) }
        var random = SeededGenerator(seed: 2)
        for _ in 0..<2000 {
            let name = String(
                decoding: (0..<Int.random(in: 0...12, using: &random)).map { _ in
                    UInt8.random(in: 0...127, using: &random)
                }, as: UTF8.self)
            XCTAssertEqual(FamilySuggestions.normalized(name), unicodeRules(name), "\(Array(name.utf8))")
        }
        for name in ["Noto Sans CJK JP", "  DejaVu\tSans\r\n", "ＭＳ ゴシック", "Ärial\u{85}Black", "İnter\u{3000}"] {
            XCTAssertEqual(FamilySuggestions.normalized(name), unicodeRules(name), name)
        }
    }

    /// Inter's `wght` axis defaults to 400: that weight is asked as 400.01, so the shared face is
    /// never left at its default instance, and every other weight is asked as it is.
    func testTheDefaultOfAVariableWeightAxisIsNeverAskedForExactly() throws {
        let library = try FontLibrary(fontFiles: [], systemFonts: true)
        try XCTSkipUnless(library.isVariableFamily("Inter"), "Inter is installed by scripts/setup")
        XCTAssertEqual(library.weightAxisDefaults(family: "Inter"), [400])
        XCTAssertEqual(library.weightAxisDefaults(family: "DejaVu Sans"), [])
        XCTAssertEqual(FontLibrary.variationWeight(400, avoiding: [400]), 400.01)
        XCTAssertEqual(FontLibrary.variationWeight(550, avoiding: [400]), 550)
        XCTAssertEqual(FontLibrary.variationWeight(400, avoiding: []), 400)
    }

    /// Text is drawn from the scene's own configuration, so Pango is never left waiting for
    /// fontconfig's default one: that is an empty configuration, without the system's fonts.
    func testRenderingNeverLoadsTheSystemsDefaultConfiguration() throws {
        let image = try Fixtures.render(
            Fixtures.frame(
                width: 200, height: 40,
                layers: [
                    Fixtures.textLayer(Fixtures.text("Hello", family: "DejaVu Sans"), frame: LayerFrame(x: 4, y: 4))
                ]))
        XCTAssertNotNil(image.inkBounds(background: (255, 255, 255, 255)), "the text is drawn")
        let fonts = FcConfigGetFonts(FcConfigGetCurrent(), FcSetSystem)
        XCTAssertEqual(fonts.map { Int($0.pointee.nfont) } ?? 0, 0, "the default configuration holds no font")
    }
}
