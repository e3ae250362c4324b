import Foundation
import XCTest

@testable import KinetypeCore

/// `canvas.colorScheme`, `{"light", "dark"}` colors and fills, and the `system.*` colors.
final class AppearanceDecodingTests: XCTestCase {
    private func decode(_ json: String, colorScheme: ColorScheme? = nil) throws -> Scene {
        try SceneDecoder.decode(
            Data(json.utf8), fileName: "scene.json", baseDirectory: DecodingTestSupport.baseDirectory,
            colorScheme: colorScheme)
    }

    private func diagnostics(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> [Diagnostic] {
        do {
            _ = try decode(json)
            XCTFail("expected the scene to be rejected", file: file, line: line)
        } catch {
            return DiagnosticList(describing: error).diagnostics
        }
        return []
    }

    /// A scene whose canvas, rect fill, border, text color, shadow and animation all use pairs.
    private func scene(scheme: String?) -> String {
        let schemeKey = scheme.map { #", "colorScheme": "\#($0)""# } ?? ""
        return """
            {"canvas": {"width": 100, "height": 100, "background": {"light": "#FFFFFF", "dark": "#000000"}\(schemeKey)},
             "layers": [
              {"type": "rect", "background": {"light": "system.blue", "dark": {"linear": {"from": "#111111", "to": {"light": "#FFFFFF", "dark": "#222222"}}}},
               "border": {"color": {"light": "#010101", "dark": "#020202"}, "width": 1}},
              {"type": "text", "text": "a", "color": "system.label",
               "shadow": {"color": {"light": "rgba(0, 0, 0, 0.5)", "dark": "transparent"}},
               "animations": [{"type": "animate", "property": "color", "from": "system.red", "to": {"light": "red", "dark": "white"}, "duration": 1}]}
             ]}
            """
    }

    func testLightIsTheDefaultAndPicksTheLightSides() throws {
        let scene = try decode(scene(scheme: nil))
        XCTAssertEqual(scene.canvas.colorScheme, .light)
        XCTAssertEqual(scene.canvas.background, .color(.white))
        XCTAssertEqual(scene.layers[0].background, .color(Color(parsing: "#0088FF")!))
        XCTAssertEqual(scene.layers[0].border?.color, Color(parsing: "#010101"))
        XCTAssertEqual(scene.layers[1].text?.color, .black)
        XCTAssertEqual(scene.layers[1].text?.shadow?.color, Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        guard case .animate(let animate) = scene.layers[1].animations.first?.kind else {
            return XCTFail("expected an animate animation")
        }
        XCTAssertEqual(animate.from, .color(Color(parsing: "#FF383C")!))
        XCTAssertEqual(animate.to, .color(Color(parsing: "red")!))
    }

    func testDarkPicksTheDarkSidesAndSystemColorsTheirDarkValues() throws {
        let dark = try decode(scene(scheme: "dark"))
        XCTAssertEqual(dark.canvas.colorScheme, .dark)
        XCTAssertEqual(dark.canvas.background, .color(.black))
        XCTAssertEqual(
            dark.layers[0].background,
            .linear(from: Color(parsing: "#111111")!, to: Color(parsing: "#222222")!, angle: 90))
        XCTAssertEqual(dark.layers[0].border?.color, Color(parsing: "#020202"))
        XCTAssertEqual(dark.layers[1].text?.color, .white)
        XCTAssertEqual(dark.layers[1].text?.shadow?.color, .transparent)
        guard case .animate(let animate) = dark.layers[1].animations.first?.kind else {
            return XCTFail("expected an animate animation")
        }
        XCTAssertEqual(animate.from, .color(Color(parsing: "#FF4245")!))
        XCTAssertEqual(animate.to, .color(.white))
    }

    func testTheOverrideWinsOverTheCanvasInBothDirections() throws {
        func look(_ scene: Scene) -> [String] { ["\(scene.canvas)"] + scene.layers.map { "\($0)" } }
        XCTAssertEqual(
            look(try decode(scene(scheme: "light"), colorScheme: .dark)), look(try decode(scene(scheme: "dark"))))
        XCTAssertEqual(
            look(try decode(scene(scheme: "dark"), colorScheme: .light)), look(try decode(scene(scheme: nil))))
        XCTAssertEqual(try decode(scene(scheme: "light"), colorScheme: .dark).canvas.colorScheme, .dark)
    }

    func testTheSchemeMayComeFromAPlaceholder() throws {
        let json = """
            {"vars": {"look": "dark"}, "canvas": {"width": 10, "height": 10, "colorScheme": "{{look}}", "background": "system.background"}, "layers": []}
            """
        XCTAssertEqual(try decode(json).canvas.background, .color(.black))
    }

    func testMistakesAreReportedWithPositionsWhateverTheScheme() {
        let json = """
            {"canvas": {"width": 10, "height": 10, "colorScheme": "Dark"},
             "layers": [
              {"type": "rect", "background": {"light": "red"}},
              {"type": "rect", "background": {"light": "red", "dark": "#12", "dim": "red"}},
              {"type": "text", "text": "a", "color": {"light": {"light": "red", "dark": "red"}, "dark": 3}},
              {"type": "text", "text": "a", "color": {"linear": {"from": "red", "to": "red"}}}
             ]}
            """
        let found = diagnostics(json).map {
            "\($0.position.map { "\($0.line):\($0.column)" } ?? "-") \($0.path): \($0.message)"
        }
        XCTAssertEqual(
            found,
            [
                #"1:55 canvas.colorScheme: unknown color scheme "Dark"; did you mean "dark"?"#,
                #"3:34 layers[0].background: missing required key "dark""#,
                ##"4:59 layers[1].background.dark: invalid hex color "#12""##,
                #"4:66 layers[1].background: unknown key "dim""#,
                #"5:52 layers[2].color.light: a light/dark pair cannot hold another light/dark pair"#,
                #"5:93 layers[2].color.dark: expected a color string, found a number"#,
                #"6:42 layers[3].color: expected a color string, found an object"#,
            ])
        let missing = diagnostics(json).first { $0.message.hasPrefix("missing required key") }
        XCTAssertEqual(
            missing?.hint,
            ##"a color for each appearance is written {"light": "#RRGGBB", "dark": "#RRGGBB"}; "##
                + "a color that is the same in both is written as the color itself")
    }

    func testUnknownSystemColorsGetSuggestions() {
        func message(_ text: String) -> String? {
            if case .failure(let error) = Color.parse(text) { return error.message }
            return nil
        }
        XCTAssertEqual(message("system.yelow"), #"unknown system color "system.yelow"; did you mean "system.yellow"?"#)
        XCTAssertEqual(
            message("system.systemBackground"),
            #"unknown system color "system.systemBackground"; did you mean "system.background"?"#)
        XCTAssertEqual(
            message("system.systemRed"), #"unknown system color "system.systemRed"; did you mean "system.red"?"#)
        XCTAssertEqual(
            message("system.secondaryLabl"),
            #"unknown system color "system.secondaryLabl"; did you mean "system.secondaryLabel"?"#)
        XCTAssertEqual(message("secondaryLabl"), #"unknown color "secondaryLabl"; did you mean "secondaryLabel"?"#)
        XCTAssertEqual(
            message("systemBackgrund"), #"unknown color "systemBackgrund"; did you mean "systemBackground"?"#)
        XCTAssertEqual(message("mint"), #"unknown color "mint"; did you mean "system.mint"?"#)
        if case .failure(let error) = Color.parse("system.chartreuse") {
            XCTAssertEqual(error.message, #"unknown system color "system.chartreuse""#)
            XCTAssertTrue(error.hint?.hasPrefix("system colors are: system.red, system.orange") ?? false)
        } else {
            XCTFail("system.chartreuse is no system color")
        }
        // CSS names stay CSS: "yellow" is #FFFF00, not Apple's yellow.
        XCTAssertEqual(Color(parsing: "yellow"), Color(red: 1, green: 1, blue: 0))
        XCTAssertEqual(Color(parsing: "SYSTEM.Yellow", in: .dark), Color(parsing: "#FFD600"))
    }

    /// The names a SwiftUI or UIKit port writes are the system colors, in both appearances.
    func testSwiftUIAndUIKitNamesAreAliasesOfTheSystemColors() {
        let aliases = [
            "label": "label", "secondaryLabel": "secondaryLabel", "tertiaryLabel": "tertiaryLabel",
            "systemBackground": "background", "secondarySystemBackground": "secondarySystemBackground",
            "separator": "separator", "primary": "label", "secondary": "secondaryLabel", "systemRed": "red",
            "systemgray": "gray", "SystemBlue": "blue",
        ]
        for (alias, name) in aliases {
            for scheme in [ColorScheme.light, .dark] {
                XCTAssertEqual(
                    Color(parsing: alias, in: scheme), Color(parsing: "system." + name, in: scheme),
                    "\(alias) \(scheme)")
            }
        }
        XCTAssertEqual(Color(parsing: "label", in: .dark), Color(red: 1, green: 1, blue: 1))
        // SwiftUI's tints are CSS names too, and stay CSS.
        XCTAssertEqual(Color(parsing: "red"), Color(red: 1, green: 0, blue: 0))
        XCTAssertNil(Color(parsing: "background"), "the UIKit name is systemBackground")
    }

    /// UIKit's dynamic colors, the same in both tables.
    private static let dynamicColors: [(String, light: String, lightAlpha: Double, dark: String, darkAlpha: Double)] = [
        ("label", "#000000", 1, "#FFFFFF", 1),
        ("secondaryLabel", "#3C3C43", 0.6, "#EBEBF5", 0.6),
        ("tertiaryLabel", "#3C3C43", 0.3, "#EBEBF5", 0.3),
        ("background", "#FFFFFF", 1, "#000000", 1),
        ("secondarySystemBackground", "#F2F2F7", 1, "#1C1C1E", 1),
        ("separator", "#3C3C43", 0.29, "#545458", 0.6),
    ]

    /// Apple's HIG, Color, Specifications, as updated on June 9, 2025 (iOS 26), written out
    /// independently of `SystemColors` as `#RRGGBB` (see docs/scene-format.md for the sources).
    private static let ios26: [(String, light: String, lightAlpha: Double, dark: String, darkAlpha: Double)] = [
        ("red", "#FF383C", 1, "#FF4245", 1),
        ("orange", "#FF8D28", 1, "#FF9230", 1),
        ("yellow", "#FFCC00", 1, "#FFD600", 1),
        ("green", "#34C759", 1, "#30D158", 1),
        ("mint", "#00C8B3", 1, "#00DAC3", 1),
        ("teal", "#00C3D0", 1, "#00D2E0", 1),
        ("cyan", "#00C0E8", 1, "#3CD3FE", 1),
        ("blue", "#0088FF", 1, "#0091FF", 1),
        ("indigo", "#6155F5", 1, "#6D7CFF", 1),
        ("purple", "#CB30E0", 1, "#DB34F2", 1),
        ("pink", "#FF2D55", 1, "#FF375F", 1),
        ("brown", "#AC7F5E", 1, "#B78A66", 1),
        ("gray", "#8E8E93", 1, "#8E8E93", 1),
    ]

    /// The HIG's table before June 9, 2025 (iOS 15 to 18; dark mint as corrected on December 19,
    /// 2022, and as Flutter's CupertinoColors has it).
    private static let ios18: [(String, light: String, lightAlpha: Double, dark: String, darkAlpha: Double)] = [
        ("red", "#FF3B30", 1, "#FF453A", 1),
        ("orange", "#FF9500", 1, "#FF9F0A", 1),
        ("yellow", "#FFCC00", 1, "#FFD60A", 1),
        ("green", "#34C759", 1, "#30D158", 1),
        ("mint", "#00C7BE", 1, "#63E6E2", 1),
        ("teal", "#30B0C7", 1, "#40C8E0", 1),
        ("cyan", "#32ADE6", 1, "#64D2FF", 1),
        ("blue", "#007AFF", 1, "#0A84FF", 1),
        ("indigo", "#5856D6", 1, "#5E5CE6", 1),
        ("purple", "#AF52DE", 1, "#BF5AF2", 1),
        ("pink", "#FF2D55", 1, "#FF375F", 1),
        ("brown", "#A2845E", 1, "#AC8E68", 1),
        ("gray", "#8E8E93", 1, "#8E8E93", 1),
    ]

    private func assertTable(
        _ published: [(String, light: String, lightAlpha: Double, dark: String, darkAlpha: Double)],
        _ release: SystemColors.Release?, line: UInt = #line
    ) {
        XCTAssertEqual(SystemColors.names, published.map { "system." + $0.0 }, line: line)
        for (name, light, lightAlpha, dark, darkAlpha) in published {
            var expectedLight = Color(parsing: light)!
            expectedLight.alpha = lightAlpha
            var expectedDark = Color(parsing: dark)!
            expectedDark.alpha = darkAlpha
            if let release {
                XCTAssertEqual(
                    Color(parsing: "system." + name, in: .light, systemColors: release), expectedLight, name, line: line
                )
                XCTAssertEqual(
                    Color(parsing: "system." + name, in: .dark, systemColors: release), expectedDark, name, line: line)
            } else {
                XCTAssertEqual(Color(parsing: "system." + name), expectedLight, name, line: line)
                XCTAssertEqual(Color(parsing: "system." + name, in: .dark), expectedDark, name, line: line)
            }
        }
    }

    func testSystemColorsAreTheIOS26TableByDefault() {
        assertTable(Self.ios26 + Self.dynamicColors, nil)
        assertTable(Self.ios26 + Self.dynamicColors, .ios26)
        // The values the issue names: systemRed is no longer (255, 59, 48).
        XCTAssertEqual(Color(parsing: "system.red")?.description, "#FF383CFF")
        XCTAssertEqual(Color(parsing: "systemBlue", in: .dark)?.description, "#0091FFFF")
    }

    func testTheIOS18TableIsSelectable() {
        assertTable(Self.ios18 + Self.dynamicColors, .ios18)
        XCTAssertEqual(Color(parsing: "system.yellow", in: .light, systemColors: .ios18)?.description, "#FFCC00FF")
        XCTAssertEqual(Color(parsing: "system.brown", in: .light, systemColors: .ios18)?.description, "#A2845EFF")
    }

    /// `canvas.systemColors` chooses the table every `system.*` color and alias of the scene takes.
    func testTheSceneChoosesItsTable() throws {
        func scene(_ table: String?) -> String {
            let key = table.map { #", "systemColors": "\#($0)""# } ?? ""
            return #"""
                {"canvas": {"width": 10, "height": 10, "colorScheme": "dark", "background": "system.red"\#(key)},
                 "layers": [{"type": "rect", "background": "systemBlue"}]}
                """#
        }
        let current = try decode(scene(nil))
        XCTAssertEqual(current.canvas.background, .color(Color(parsing: "#FF4245")!))
        XCTAssertEqual(current.layers[0].background, .color(Color(parsing: "#0091FF")!))
        XCTAssertEqual(try decode(scene("ios26")).canvas.background, current.canvas.background)
        let older = try decode(scene("ios18"))
        XCTAssertEqual(older.canvas.background, .color(Color(parsing: "#FF453A")!))
        XCTAssertEqual(older.layers[0].background, .color(Color(parsing: "#0A84FF")!))
        let problems = diagnostics(scene("ios17"))
        XCTAssertEqual(
            problems.map { "\($0.path): \($0.message)" },
            [#"canvas.systemColors: unknown system color table "ios17"; did you mean "ios18"?"#])
    }

    func testBatchEntriesMayNameTheirAppearances() throws {
        let data =
            #"[{"output": "a", "colorScheme": "dark"}, {"output": "b", "colorScheme": "light, Dark"}, {"output": "c"}]"#
        let entries = try BatchData.decode(Data(data.utf8), fileName: "data.json")
        XCTAssertEqual(entries.map(\.colorSchemes), [[.dark], [.light, .dark], nil])
        XCTAssertEqual(entries[0].values, [:], "colorScheme is no placeholder value")

        let bad = #"[{"output": "a"},"# + "\n" + #" {"colorScheme": "drak"}]"#
        XCTAssertThrowsError(try BatchData.decode(Data(bad.utf8), fileName: "data.json")) { error in
            let problem = DiagnosticList(describing: error).diagnostics.first
            XCTAssertEqual(problem?.path, "[1].colorScheme")
            XCTAssertEqual(problem?.position?.line, 2)
            XCTAssertEqual(problem?.position?.column, 18)
            XCTAssertEqual(problem?.message, #"unknown color scheme "drak"; did you mean "dark"?"#)
        }
    }

    func testSchemeListsParse() {
        XCTAssertEqual(ColorScheme.list(parsing: "light,dark"), [.light, .dark])
        XCTAssertEqual(ColorScheme.list(parsing: "DARK, light, dark"), [.dark, .light])
        XCTAssertNil(ColorScheme.list(parsing: "light,"))
        XCTAssertNil(ColorScheme.list(parsing: "dusk"))
        XCTAssertNil(ColorScheme.list(parsing: ""))
    }
}
