import XCTest

@testable import Kinetype

/// A bar cursor is whole at every edge: at the end of trailing-aligned text, and of right-to-left
/// text, in a frame of fixed width, all its columns show, as they do in the middle of a line.
final class CursorEdgeTests: XCTestCase {
    /// How many pixels wide the cursor (red over white) is drawn at the end of the typing: its
    /// coverage summed along the row through its middle, partly covered columns counting in part.
    private func cursorWidth(alignment: String, text: String = "Hello", direction: String = "leftToRight") throws
        -> Double
    {
        let json = """
            {"canvas": {"width": 120, "height": 30, "fps": 10, "duration": 1, "background": "#FFFFFF",
                        "layoutDirection": "\(direction)"},
             "layers": [{"type": "text", "text": "\(text)", "frame": {"x": 10, "y": 5, "width": 100},
               "textAlignment": "\(alignment)", "alignment": "\(alignment)",
               "font": {"family": "DejaVu Sans", "size": 14}, "color": "#000000",
               "animations": [{"type": "typewriter", "interval": 0.05,
                               "cursor": {"width": 4, "color": "#FF0000", "blink": 0}}]}]}
            """
        let prepared = try SceneLoader(
            .bytes(Data(json.utf8), displayName: "cursor.json", baseDirectory: TestScenes.fixtures)
        ).load()
        let image = try prepared.renderFrame(prepared.timeline.frameCount - 1)
        var widest = 0.0
        for y in 0..<image.height {
            var coverage = 0.0
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                // Red over white: red stays 255, green and blue fall with the cursor's coverage.
                if pixel.r == 255, pixel.g == pixel.b { coverage += Double(255 - Int(pixel.g)) / 255 }
            }
            widest = max(widest, coverage)
        }
        return widest
    }

    func testABarCursorIsWholeAtEveryEdge() throws {
        XCTAssertEqual(try cursorWidth(alignment: "leading"), 4, accuracy: 0.05, "in the middle of the line")
        XCTAssertEqual(try cursorWidth(alignment: "trailing"), 4, accuracy: 0.05, "at the frame's right edge")
        for alignment in ["leading", "trailing"] {
            XCTAssertEqual(
                try cursorWidth(alignment: alignment, text: "שלום", direction: "rightToLeft"), 4, accuracy: 0.05,
                "right to left, \(alignment)")
        }
    }
}
