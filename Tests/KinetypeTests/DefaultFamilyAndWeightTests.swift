import Foundation
import KinetypeRender
import XCTest

@testable import Kinetype

/// `design: default` is Inter with nine distinct weights; a weight a static family lacks is a
/// positioned warning naming the face used instead (#14).
final class DefaultFamilyAndWeightTests: XCTestCase {
    private let systemFonts: FontLibrary = {
        do { return try FontLibrary(fontFiles: [], systemFonts: true) } catch { fatalError("font library: \(error)") }
    }()

    private func load(_ json: String) throws -> PreparedScene {
        try SceneLoader(.bytes(Data(json.utf8), displayName: "scene.json", baseDirectory: URL(fileURLWithPath: "/tmp")))
            .load()
    }

    func testTheDefaultDesignIsInterAndRoundedFallsBackToIt() {
        XCTAssertEqual(systemFonts.family(for: .default), "Inter")
        XCTAssertTrue(systemFonts.isVariableFamily("Inter"))
        XCTAssertEqual(systemFonts.family(for: .serif), "DejaVu Serif")
        XCTAssertEqual(systemFonts.family(for: .monospaced), "DejaVu Sans Mono")
    }

    func testDejaVuSansNamesTheFaceUsedForWeightsItLacks() throws {
        let ultraLight = try XCTUnwrap(systemFonts.weightSubstitution(family: "dejavu sans", weight: 100))
        XCTAssertEqual(ultraLight.family, "DejaVu Sans")
        XCTAssertEqual(ultraLight.used, 200)
        XCTAssertEqual(ultraLight.style, "ExtraLight")
        let medium = try XCTUnwrap(systemFonts.weightSubstitution(family: "DejaVu Sans", weight: 500))
        XCTAssertEqual(medium.used, 400)
        XCTAssertEqual(medium.style, "Book")
        let black = try XCTUnwrap(systemFonts.weightSubstitution(family: "DejaVu Sans", weight: 900))
        XCTAssertEqual(black.used, 700)
        XCTAssertNil(systemFonts.weightSubstitution(family: "DejaVu Sans", weight: 400))
        XCTAssertNil(systemFonts.weightSubstitution(family: "DejaVu Sans", weight: 700))
        for (_, weight) in FontWeight.named {
            XCTAssertNil(systemFonts.weightSubstitution(family: "Inter", weight: weight.value), "Inter is variable")
        }
    }

    /// Nine rows of the same word in the default family, ultraLight … black: each is inkier than the
    /// one before, so all nine weights are distinct faces of the axis, not three snapped ones.
    func testTheNineNamedWeightsOfTheDefaultFamilyAreDistinct() throws {
        let rows = FontWeight.named.enumerated().map { index, named in
            """
            {"type": "text", "text": "Hamburgefonts", "frame": {"x": 4, "y": \(4 + index * 30)},
             "font": {"size": 20, "weight": "\(named.name)"}, "color": "#000000"}
            """
        }
        let prepared = try load(
            """
            {"version": 1, "canvas": {"width": 200, "height": 280, "duration": 0.1},
             "layers": [\(rows.joined(separator: ","))]}
            """)
        XCTAssertTrue(prepared.warnings.isEmpty, "\(prepared.warnings)")
        let image = try prepared.renderFrame(0)
        let inks = (0..<9).map { row -> Int in
            var ink = 0
            for y in (4 + row * 30)..<(4 + row * 30 + 30) {
                for x in 0..<image.width { ink += 255 - Int(image.pixels[(y * image.width + x) * 4]) }
            }
            return ink
        }
        for row in 1..<9 {
            XCTAssertGreaterThan(inks[row], inks[row - 1] + inks[0] / 20, "row \(row) is not heavier: \(inks)")
        }
    }

    func testAWeightAStaticFamilyLacksIsAPositionedWarningThatRenderReports() throws {
        let prepared = try load(
            """
            {"version": 1, "canvas": {"width": 200, "height": 80, "duration": 0.5},
             "layers": [
               {"type": "text", "text": "Thin", "font": {"family": "DejaVu Sans", "weight": "ultraLight"}},
               {"type": "text", "text": "Bold", "font": {"family": "DejaVu Sans", "weight": "bold"}},
               {"type": "text", "text": "Any", "font": {"weight": "semibold"}},
               {"type": "text", "text": "Steps", "font": {"family": "DejaVu Sans"},
                "animations": [{"type": "animate", "property": "font.weight", "to": 700}]}
             ]}
            """)
        XCTAssertEqual(prepared.warnings.map(\.path), ["layers[0].font.weight", "layers[3].animations[0]"])
        let weight = prepared.warnings[0]
        XCTAssertEqual(weight.severity, .warning)
        XCTAssertEqual(weight.position, SourcePosition(line: 3, column: 81))
        XCTAssertEqual(
            weight.message,
            "\"DejaVu Sans\" has no ultraLight (100) face, so its ExtraLight face (weight 200) is used instead")
        XCTAssertTrue(prepared.warnings[1].message.contains("is not a variable font"), prepared.warnings[1].message)

        let folder = try TestScenes.temporaryFolder(self)
        let report = try prepared.render(RenderOptions(output: folder.appendingPathComponent("out.gif"), format: .gif))
        XCTAssertEqual(report.warnings.map(\.path), ["layers[0].font.weight", "layers[3].animations[0]"])
    }

    func testValidateListsTheWeightWarningsWithoutFailing() throws {
        let loader = SceneLoader(
            .bytes(
                Data(
                    #"{"version": 1, "canvas": {"width": 50, "height": 50, "duration": 1}, "layers": [{"type": "text", "text": "a", "font": {"family": "DejaVu Serif", "weight": "medium"}}]}"#
                        .utf8), displayName: "s.json", baseDirectory: URL(fileURLWithPath: "/tmp")))
        let problems = loader.problems()
        XCTAssertEqual(problems.map(\.severity), [DiagnosticSeverity.warning])
        XCTAssertTrue(problems[0].message.hasPrefix("\"DejaVu Serif\" has no medium (500) face"), problems[0].message)
    }
}
