import Foundation
import XCTest

final class InterruptTests: XCTestCase {
    /// Ctrl-C during a render stops it, exits 130, writes nothing and leaves no temporary file.
    func testInterruptedRenderLeavesNoPartialOutput() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let existing = folder.appendingPathComponent("long.gif")
        try Data("previous".utf8).write(to: existing)
        // A minute of animation that changes every frame (frames that draw the same as the one
        // before cost almost nothing): far longer than the moment we wait before interrupting.
        let scene = folder.appendingPathComponent("long.json")
        let text = """
            { "version": 1,
              "canvas": { "width": 960, "height": 540, "background": "#FFFFFF", "fps": 20, "duration": 60 },
              "layers": [ { "type": "text", "text": "Hello, kinetype", "frame": { "x": 120, "y": 150, "width": 400 },
                "font": { "family": "DejaVu Sans", "size": 40 }, "color": "#202020",
                "animations": [ { "type": "animate", "property": "rotation", "from": 0, "to": 3600, "duration": 60 } ] } ] }
            """
        try Data(text.utf8).write(to: scene)
        let process = Process()
        process.executableURL = KinetypeProcess.executable
        process.arguments = ["render", scene.path, "--fps", "60", "-o", existing.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 1.0)
        XCTAssertTrue(process.isRunning, "the render should still be running")
        process.interrupt()
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        XCTAssertEqual(process.terminationStatus, 130, stderr)
        XCTAssertTrue(stderr.contains("interrupted; nothing was written"), stderr)
        XCTAssertEqual(try Data(contentsOf: existing), Data("previous".utf8), "the existing output is untouched")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(left, ["long.gif", "long.json"], "no temporary files are left")
    }
}
