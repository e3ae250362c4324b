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

    /// SIGTERM while the key sounds of `--audio` are mixed (after the GIF's frames): the mix stops
    /// within its next few presses, exit 130, and neither the GIF nor the WAV is written (#39: the
    /// mix used to run to its end, then write both files).
    func testSIGTERMWhileMixingTheSoundTrackWritesNothing() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        // A 10 s sound, pressed 3,000 times in 3 s, each press heard to its end: long enough to mix
        // that the signal comes in the middle of it.
        var wav = Data("RIFF".utf8)
        func append(_ value: Int, _ bytes: Int) {
            for shift in 0..<bytes { wav.append(UInt8(truncatingIfNeeded: value >> (8 * shift))) }
        }
        let frames = 480_000
        append(36 + frames * 2, 4)
        wav.append(contentsOf: Array("WAVEfmt ".utf8))
        for (value, bytes) in [(16, 4), (1, 2), (1, 2), (48_000, 4), (96_000, 4), (2, 2), (16, 2)] {
            append(value, bytes)
        }
        wav.append(contentsOf: Array("data".utf8))
        append(frames * 2, 4)
        for index in 0..<frames { append(index * 37 % 6_000 - 3_000, 2) }
        try wav.write(to: folder.appendingPathComponent("long.wav"))
        let scene = folder.appendingPathComponent("keys.json")
        let text = """
            { "version": 1, "canvas": { "width": 40, "height": 20, "fps": 10, "hold": 12 },
              "layers": [ { "type": "text", "text": "\(String(repeating: "a", count: 3_000))", "wrap": "char",
                "frame": { "x": 0, "y": 0, "width": 40 }, "font": { "family": "DejaVu Sans", "size": 8 },
                "animations": [ { "type": "typewriter", "interval": 0.001, "sound": { "file": "long.wav" } } ] } ] }
            """
        try Data(text.utf8).write(to: scene)
        let gif = folder.appendingPathComponent("keys.gif")
        let track = folder.appendingPathComponent("keys.wav")
        let result = try KinetypeProcess.interrupted(
            ["render", scene.path, "-o", gif.path, "--audio", track.path], signal: SIGTERM
        ) { $0.contains(#""phase":"sound""#) }
        XCTAssertTrue(result.signalled, "the sound track's mix was never reported: \(result.stderr)")
        XCTAssertTrue(result.stillRunning, "the mix should still be running")
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertTrue(result.stderr.contains("interrupted; nothing was written"), result.stderr)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(left, ["keys.json", "long.wav"], "neither output nor a temporary is left")
    }
}
