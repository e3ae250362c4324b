import Foundation
import KinetypeRender
import XCTest

@testable import Kinetype

/// The loader's font stage: font files resolved and diagnosed at their JSON paths, families checked
/// with suggestions (moved out of Render in #12).
final class SceneFontResolutionTests: XCTestCase {
    private let systemFonts: FontLibrary = {
        do { return try FontLibrary(fontFiles: [], systemFonts: true) } catch { fatalError("font library: \(error)") }
    }()

    private func scene(_ layers: [Layer]) -> Scene {
        Scene(canvas: Canvas(width: 10, height: 10), layers: layers)
    }

    func testUnknownFamilyNamesTheClosestInstalledFamilies() {
        var text = TextContent(text: "Hi")
        text.font.family = "DejaVu Sanz"
        var spanned = TextContent(text: "a b", spans: [TextSpan(text: "a "), TextSpan(text: "b")])
        spanned.spans![1].font = FontSpec(family: "Intr")
        var scene = scene([Layer(content: .rect), Layer(content: .text(text)), Layer(content: .text(spanned))])
        scene.source = SourceMap(
            fileName: "intro.json", positions: ["layers[1].font.family": SourcePosition(line: 7, column: 15)])
        XCTAssertThrowsError(try SceneFontResolution.check(scene, with: systemFonts)) { error in
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
        try SceneFontResolution.check(scene([Layer(content: .text(text))]), with: systemFonts)
    }

    func testMissingFontFileIsAMissingInputAtItsIndex() {
        var scene = scene([])
        scene.fonts = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "Fonts/Missing.ttf"]
        XCTAssertThrowsError(try SceneFontResolution.library(for: scene)) { error in
            guard let diagnostic = (error as? DiagnosticList)?.diagnostics.first else { return XCTFail("\(error)") }
            XCTAssertEqual(diagnostic.kind, .missingInput)
            XCTAssertEqual(diagnostic.path, "fonts[1]")
            XCTAssertTrue(diagnostic.message.contains("Missing.ttf"), diagnostic.message)
        }
    }

    func testASceneHasItsFontsAndKinetypesButNotTheMachinesUnlessItAsks() throws {
        let file = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        var text = TextContent(text: "Serif")
        text.font.file = file
        var scene = scene([Layer(content: .text(text))])
        XCTAssertFalse(scene.systemFonts)
        let fonts = try SceneFontResolution.library(for: scene)
        XCTAssertEqual(fonts.family(ofFile: file), "DejaVu Serif")
        XCTAssertEqual(
            Set(fonts.families().map(\.name)),
            Set(try FontLibrary(fontFiles: [], systemFonts: false).families().map(\.name)),
            "kinetype's set has DejaVu Serif already")
        var plain = TextContent(text: "Default")
        plain.font.size = 12
        scene.layers.append(Layer(content: .text(plain)))
        try SceneFontResolution.check(scene, with: fonts) // Inter, the default family, is kinetype's
    }

    func testAFileFontconfigCannotReadIsAMissingInputAtItsPath() throws {
        let folder = try TestScenes.temporaryFolder(self)
        try Data("hello".utf8).write(to: folder.appendingPathComponent("fake.ttf"))
        var scene = scene([])
        scene.baseDirectory = folder
        scene.fonts = ["fake.ttf"]
        XCTAssertThrowsError(try SceneFontResolution.library(for: scene)) { error in
            let problem = (error as? DiagnosticList)?.diagnostics.first
            XCTAssertEqual(problem?.kind, .missingInput)
            XCTAssertEqual(problem?.path, "fonts[0]")
            XCTAssertEqual(problem?.message, "font file \"fake.ttf\" is not a font file fontconfig can read")
            XCTAssertEqual(problem?.hint, "use a TrueType (.ttf) or OpenType (.otf) font file")
        }
    }

    func testFontFilesUsedAreTheScenesFilesAndTheFacesOfItsFamilies() throws {
        var named = TextContent(text: "a")
        named.font.file = "Fonts/../Brand.ttf"
        var serif = TextContent(text: "b")
        serif.font.design = .serif
        var scene = scene([Layer(content: .text(named)), Layer(content: .text(serif))])
        scene.baseDirectory = URL(fileURLWithPath: "/scenes")
        let files = SceneFontResolution.fontFiles(usedBy: scene, in: systemFonts).map(\.path)
        XCTAssertEqual(files, files.sorted())
        XCTAssertTrue(files.contains("/scenes/Brand.ttf"), "\(files)")
        XCTAssertTrue(files.contains { $0.hasSuffix("DejaVuSerif.ttf") }, "\(files)")
        XCTAssertFalse(files.contains { $0.hasSuffix("DejaVuSans.ttf") }, "no layer uses the default family: \(files)")
    }
}
