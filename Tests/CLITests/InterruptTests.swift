import Foundation
import XCTest

final class InterruptTests: XCTestCase {
    /// Ctrl-C during a render stops it, exits 130, writes nothing and leaves no temporary file.
    func testInterruptedRenderLeavesNoPartialOutput() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let existing = folder.appendingPathComponent("long.gif")
        try Data("previous".utf8).write(to: existing)
        // Two minutes of a 700×700 gradient square turning half a degree every frame: every frame
        // redraws and encodes most of the canvas, so rendering only what changes cannot make it
        // short, and it is still running when interrupted.
        let scene = folder.appendingPathComponent("long.json")
        let text = """
            { "version": 1,
              "canvas": { "width": 1000, "height": 1000, "background": "#FFFFFF", "fps": 50, "duration": 120 },
              "layers": [ { "id": "spin", "type": "rect", "frame": { "x": 150, "y": 150, "width": 700, "height": 700 },
                "background": { "linear": { "from": "#3366CC", "to": "#CC6633", "angle": 45 } },
                "animations": [ { "type": "animate", "property": "rotation", "from": 0, "to": 3600, "duration": 120 } ] } ] }
            """
        try Data(text.utf8).write(to: scene)
        // The first progress line says frames are being rendered: interrupt then, not after a guess.
        let (status, stderr, stillRunning) = try KinetypeProcess.interruptedOnceRendering([
            "render", scene.path, "-o", existing.path,
        ])
        XCTAssertTrue(stillRunning, "the render should still be running")

        XCTAssertEqual(status, 130, stderr)
        XCTAssertTrue(stderr.contains("interrupted; nothing was written"), stderr)
        XCTAssertEqual(try Data(contentsOf: existing), Data("previous".utf8), "the existing output is untouched")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(left, ["long.gif", "long.json"], "no temporary files are left")
    }
}
