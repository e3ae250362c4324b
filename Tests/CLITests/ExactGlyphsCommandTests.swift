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
