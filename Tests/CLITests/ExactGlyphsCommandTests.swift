import Foundation
import KinetypeEncode
import XCTest

/// Text whose size animates is drawn as exact outlines; still text of the same font and size in the
/// same frame keeps exactly the pixels it has in a scene of its own (a fresh process), so what a
/// render draws first never changes another layer's bytes (Cairo's glyph caches are shared by the
/// whole process) (#14).
final class ExactGlyphsCommandTests: XCTestCase {
    private func write(_ layers: [String], to url: URL) throws {
        try Data(
            """
            {"version": 1, "canvas": {"width": 200, "height": 100, "duration": 1},
             "layers": [\(layers.joined(separator: ",\n"))]}
            """.utf8
        ).write(to: url)
    }

    func testStillTextIsUnchangedByAnAnimatedLayerDrawnBeforeIt() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let animated = """
            {"type": "text", "text": "Kinetype quick", "frame": {"x": 4, "y": 4},
             "font": {"family": "Inter", "size": 23.3}, "color": "#000000",
             "animations": [{"type": "animate", "property": "font.size", "to": 30, "start": 0.5}]}
            """
        let still = """
            {"type": "text", "text": "Kinetype quick", "frame": {"x": 4.3, "y": 55.6},
             "font": {"family": "Inter", "size": 23.3}, "color": "#000000"}
            """
        let both = folder.appendingPathComponent("both.json")
        let alone = folder.appendingPathComponent("alone.json")
        try write([animated, still], to: both)
        try write([still], to: alone)
        var images: [[UInt8]] = []
        for scene in [both, alone] {
            let output = folder.appendingPathComponent(scene.deletingPathExtension().lastPathComponent + ".png")
            let result = try KinetypeProcess.run(["render", scene.path, "--still", "0", "-o", output.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            images.append(try PNGCodec.read(contentsOf: output).pixels)
        }
        let row = 200 * 4
        let top = 0..<(50 * row)
        let bottom = (50 * row)..<(100 * row)
        XCTAssertEqual(Array(images[0][bottom]), Array(images[1][bottom]))
        XCTAssertNotEqual(Array(images[0][top]), Array(images[1][top]), "the animated layer shows")
    }
}

/// A variable family drawn at a weight between its named ones (Inter at 550) leaves Cairo's shared
/// face at those coordinates; text of that family at its default weight drawn later in the same
/// process must still match the same text drawn in a fresh one. `verify` of a folder renders all
/// its scenes in one process, so otherwise a scene's frames would depend on the scenes before it.
final class VariableWeightLeakTests: XCTestCase {
    func testAnUnnamedWeightInOneSceneDoesNotChangeAnotherSceneOfTheSameRun() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scenes = folder.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try Data(
            #"{"version": 1, "canvas": {"width": 200, "height": 80, "duration": 0.5}, "layers": [{"type": "text", "text": "Any", "font": {"weight": 550}}]}"#
                .utf8
        ).write(to: scenes.appendingPathComponent("a-first.json"))
        try Data(
            ##"{"version": 1, "canvas": {"width": 260, "height": 110, "duration": 0.1}, "layers": [{"type": "text", "text": "Scale keeps the layout: @2x is @1x at twice the pixels, wrapped and centered.", "frame": {"x": 15, "y": 12, "width": 230}, "font": {"size": 17}, "color": "#000000"}]}"##
                .utf8
        ).write(to: scenes.appendingPathComponent("b-plain.json"))
        let together = folder.appendingPathComponent("together")
        let alone = folder.appendingPathComponent("alone")
        for (path, golden) in [(scenes.path, together), (scenes.appendingPathComponent("b-plain.json").path, alone)] {
            let result = try KinetypeProcess.run(["verify", path, "--golden", golden.path, "--record", "all", "-q"])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let frame = "b-plain/frame_0001.png"
        XCTAssertEqual(
            try Data(contentsOf: together.appendingPathComponent(frame)),
            try Data(contentsOf: alone.appendingPathComponent(frame)))
    }
}
