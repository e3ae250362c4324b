import Foundation
import KinetypeEncode
import XCTest

/// Geometry that once left Cairo's fixed-point range and crashed it: a scene must render or fail
/// with a diagnostic, never take the process down.
final class CairoRangeTests: XCTestCase {
    /// A rotated text layer with a fixed width and a fitted height, typed with a fade: its clip
    /// reached 10⁷ pt past the frame, and Cairo (1.16) dereferenced a null pointer while masking
    /// the fading characters (signal 11). Found by the random scenes of DamageRenderingTests.
    func testARotatedFadingTypewriterInAFittedFrameRenders() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = folder.appendingPathComponent("rotated-fade.json")
        try Data(
            """
            {"version": 1, "canvas": {"width": 246, "height": 177.5},
             "layers": [{"type": "text", "frame": {"x": 61.25, "y": 89.25, "width": 90.75}, "rotation": 4.5,
               "text": "Mixed: English \\u05E2\\u05D1\\u05E8\\u05D9\\u05EA English.",
               "animations": [{"type": "typewriter", "fadeIn": 0.05}]}]}
            """.utf8
        ).write(to: scene)
        let output = folder.appendingPathComponent("rotated-fade.gif")
        let result = try KinetypeProcess.run(["render", scene.path, "-o", output.path, "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let frames = try GIFDecoder.decode(Data(contentsOf: output)).frames
        XCTAssertGreaterThan(frames.count, 10, "every typed word is a frame")
    }
}
