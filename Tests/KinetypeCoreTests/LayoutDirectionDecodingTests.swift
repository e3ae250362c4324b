import Foundation
import XCTest

@testable import KinetypeCore

/// `canvas.layoutDirection`, `mirrorsInRightToLeft`, `flipsForRightToLeftLayoutDirection` and a
/// batch entry's `layoutDirection`: decoded values and positioned errors.
final class LayoutDirectionDecodingTests: XCTestCase {
    private func canvas(_ members: String) -> String {
        "{\"canvas\": {\"width\": 100, \"height\": 100\(members)},\n \"layers\": []}"
    }

    func testDirectionDefaultsToLeftToRightAndDecodesEveryName() throws {
        XCTAssertEqual(try DecodingTestSupport.decode(canvas("")).canvas.layoutDirection, .leftToRight)
        for direction in LayoutDirection.allCases {
            let scene = try DecodingTestSupport.decode(canvas(", \"layoutDirection\": \"\(direction.rawValue)\""))
            XCTAssertEqual(scene.canvas.layoutDirection, direction)
        }
    }

    func testDirectionMayComeFromAPlaceholder() throws {
        let json = canvas(", \"layoutDirection\": \"{{dir}}\"")
        XCTAssertEqual(
            try DecodingTestSupport.decode(json, overrides: ["dir": "rightToLeft"]).canvas.layoutDirection,
            .rightToLeft)
    }

    func testUnknownDirectionIsReportedAtItsValueWithASuggestion() {
        let json =
            "{\"canvas\": {\"width\": 100, \"height\": 100,\n  \"layoutDirection\": \"rightToleft\"},\n \"layers\": []}"
        let diagnostics = DecodingTestSupport.diagnostics(json)
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics.first?.path, "canvas.layoutDirection")
        XCTAssertEqual(diagnostics.first?.position, SourcePosition(line: 2, column: 22))
        XCTAssertEqual(
            diagnostics.first?.message, "unknown layout direction \"rightToleft\"; did you mean \"rightToLeft\"?")
    }

    func testNonStringDirectionIsAWrongType() {
        let diagnostics = DecodingTestSupport.diagnostics(canvas(", \"layoutDirection\": 1"))
        XCTAssertEqual(diagnostics.map(\.path), ["canvas.layoutDirection"])
        XCTAssertEqual(diagnostics.first?.position, SourcePosition(line: 1, column: 61))
        XCTAssertTrue(diagnostics.first?.message.contains("string") ?? false, diagnostics.first?.message ?? "")
    }

    func testGradientMirroringIsOffUnlessAsked() throws {
        func background(_ gradient: String) throws -> Fill {
            try DecodingTestSupport.decode(canvas(", \"background\": {\"linear\": \(gradient)}")).canvas.background
        }
        XCTAssertEqual(
            try background(##"{"from": "#000", "to": "#FFF", "angle": 30}"##),
            .linear(from: .black, to: .white, angle: 30, mirrorsInRightToLeft: false))
        XCTAssertEqual(
            try background(##"{"from": "#000", "to": "#FFF", "angle": 30, "mirrorsInRightToLeft": true}"##),
            .linear(from: .black, to: .white, angle: 30, mirrorsInRightToLeft: true))
        let diagnostics = DecodingTestSupport.diagnostics(
            canvas(
                ", \"background\": {\"linear\": {\"from\": \"#000\", \"to\": \"#FFF\", \"mirrorsInRightToLeft\": \"yes\"}}"
            ))
        XCTAssertEqual(diagnostics.map(\.path), ["canvas.background.linear.mirrorsInRightToLeft"])
        XCTAssertEqual(diagnostics.first?.position, SourcePosition(line: 1, column: 122))
    }

    func testLaidOutFillMirrorsOnlyMirroringGradientsInRightToLeft() {
        let mirroring = Fill.linear(from: .black, to: .white, angle: 30, mirrorsInRightToLeft: true)
        let keeping = Fill.linear(from: .black, to: .white, angle: 30)
        XCTAssertEqual(
            mirroring.laidOut(in: .rightToLeft),
            .linear(from: .black, to: .white, angle: 150, mirrorsInRightToLeft: true))
        XCTAssertEqual(mirroring.laidOut(in: .leftToRight), mirroring)
        XCTAssertEqual(keeping.laidOut(in: .rightToLeft), keeping)
        XCTAssertEqual(Fill.color(.black).laidOut(in: .rightToLeft), .color(.black))
    }

    func testImageFlipIsOffUnlessAsked() throws {
        func image(_ extra: String) throws -> ImageContent? {
            let json = DecodingTestSupport.scene(layers: "{\"type\": \"image\", \"src\": \"a.png\"\(extra)}")
            if case .image(let image) = try DecodingTestSupport.decode(json).layers[0].content { return image }
            return nil
        }
        XCTAssertEqual(try image("")?.flipsForRightToLeftLayoutDirection, false)
        XCTAssertEqual(
            try image(", \"flipsForRightToLeftLayoutDirection\": true")?.flipsForRightToLeftLayoutDirection, true)
        XCTAssertEqual(
            DecodingTestSupport.messages(
                layers: "{\"type\": \"rect\", \"flipsForRightToLeftLayoutDirection\": true}"
            ).first?.hasPrefix("layers[0]: unknown key \"flipsForRightToLeftLayoutDirection\""), true,
            "only image layers flip their pixels")
    }

    func testAlignmentMirrorSwapsLeadingAndTrailingOnly() {
        let pairs: [(Alignment, Alignment)] = [
            (.topLeading, .topTrailing), (.leading, .trailing), (.bottomLeading, .bottomTrailing),
            (.top, .top), (.center, .center), (.bottom, .bottom),
        ]
        for (alignment, mirrored) in pairs {
            XCTAssertEqual(alignment.mirrored, mirrored)
            XCTAssertEqual(mirrored.mirrored, alignment)
            XCTAssertEqual(alignment.mirrored.horizontalFraction, 1 - alignment.horizontalFraction)
            XCTAssertEqual(alignment.mirrored.verticalFraction, alignment.verticalFraction)
        }
    }

    func testBatchEntryLayoutDirectionIsNotAPlaceholder() throws {
        let entries = try BatchData.decode(
            Data(#"[{"output": "a", "layoutDirection": "rightToLeft", "title": "x"}, {"output": "b"}]"#.utf8),
            fileName: "data.json")
        XCTAssertEqual(entries.map(\.layoutDirection), [.rightToLeft, nil])
        XCTAssertEqual(entries[0].values, ["title": "x"])
    }

    func testBadBatchEntryLayoutDirectionsAreReportedAtTheirValues() {
        let data = "[{\"output\": \"a\", \"layoutDirection\": \"rtl\"},\n {\"output\": \"b\", \"layoutDirection\": 2}]"
        do {
            _ = try BatchData.decode(Data(data.utf8), fileName: "data.json")
            XCTFail("expected errors")
        } catch let list as DiagnosticList {
            XCTAssertEqual(list.diagnostics.map(\.path), ["[0].layoutDirection", "[1].layoutDirection"])
            XCTAssertEqual(
                list.diagnostics.map(\.position),
                [SourcePosition(line: 1, column: 37), SourcePosition(line: 2, column: 37)])
            XCTAssertTrue(list.diagnostics[0].message.hasPrefix("unknown layout direction \"rtl\""))
            XCTAssertEqual(list.diagnostics[0].hint, "expected one of: leftToRight, rightToLeft, auto")
            XCTAssertTrue(
                list.diagnostics[1].message.contains("a layout direction string"), list.diagnostics[1].message)
        } catch {
            XCTFail("unexpected \(error)")
        }
    }
}
