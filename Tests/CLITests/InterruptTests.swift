import Foundation
import XCTest

final class InterruptTests: XCTestCase {
    /// Ctrl-C during a render stops it, exits 130, writes nothing and leaves no temporary file.
    func testInterruptedRenderLeavesNoPartialOutput() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let existing = folder.appendingPathComponent("long.gif")
        try Data("previous".utf8).write(to: existing)
        // Two minutes in which every pixel of a 1000×1000 canvas changes in every frame: rendering
        // only what changes cannot make it short, so it is still running when interrupted.
        let scene = folder.appendingPathComponent("long.json")
        let text = """
            { "version": 1,
              "canvas": { "width": 1000, "height": 1000, "background": "#FFFFFF", "fps": 60, "duration": 120 },
              "layers": [ { "id": "fade", "type": "rect", "background": "#3366CC",
                "animations": [ { "type": "animate", "property": "opacity", "from": 0, "to": 1, "duration": 120 } ] } ] }
            """
        try Data(text.utf8).write(to: scene)
        let process = Process()
        process.executableURL = KinetypeProcess.executable
        process.arguments = ["render", scene.path, "-o", existing.path]
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
