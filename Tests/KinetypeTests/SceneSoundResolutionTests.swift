import Foundation
import KinetypeEncode
import XCTest

@testable import Kinetype

/// The loader's sound stage: a sound file is decoded once per file, however many names the scene
/// gives it, so memory follows the files and not the names (#39).
final class SceneSoundResolutionTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TestScenes.temporaryFolder(self)
    }

    /// A mono 16-bit WAV of `frames` samples at 48 kHz, a ramp that starts at `first`.
    private func writeWAV(_ name: String, frames: Int, first: Int = 0) throws -> URL {
        var data = Data("RIFF".utf8)
        func append(_ value: Int, _ bytes: Int) {
            for shift in 0..<bytes { data.append(UInt8(truncatingIfNeeded: value >> (8 * shift))) }
        }
        append(36 + frames * 2, 4)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        for (value, bytes) in [(16, 4), (1, 2), (1, 2), (48_000, 4), (96_000, 4), (2, 2), (16, 2)] {
            append(value, bytes)
        }
        data.append(contentsOf: Array("data".utf8))
        append(frames * 2, 4)
        for index in 0..<frames { append((first + index * 7) % 20_000, 2) }
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    /// A scene of one typing layer per name, each typewriter's sound the file `name`.
    private func scene(_ names: [String]) -> Scene {
        var scene = Scene(canvas: Canvas(width: 40, height: 20), layers: [])
        scene.baseDirectory = folder
        for name in names {
            var typewriter = Typewriter()
            typewriter.sound = KeySound(source: .file(name))
            var layer = Layer(content: .text(TextContent(text: "a")))
            layer.animations = [Animation(kind: .typewriter(typewriter))]
            scene.layers.append(layer)
        }
        return scene
    }

    func testOneFileUnderManyNamesIsDecodedOnce() throws {
        let file = try writeWAV("x.wav", frames: 4_800)
        _ = try writeWAV("y.wav", frames: 2_400, first: 5)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("link.wav"), withDestinationURL: file)
        var names = ["x.wav", "./x.wav", ".//x.wav", "sub/../x.wav", "link.wav", file.path]
        names += (1...200).map { "./" + String(repeating: "/", count: $0) + "x.wav" }
        names += (1...100).map { String(repeating: "./", count: $0) + "x.wav" }
        let mix = try SceneSoundResolution.decode(scene(names + ["y.wav", "./y.wav"]))

        XCTAssertEqual(mix.sounds.count, 2, "x.wav and y.wav, each decoded once")
        XCTAssertEqual(Set(names.map { mix.soundOfFile[$0] }), [0], "every name of x.wav plays the one decode")
        XCTAssertEqual(mix.soundOfFile["./y.wav"], 1)
        XCTAssertEqual(mix.sounds[0].samples.count, 4_800)
        XCTAssertEqual(mix.sounds.reduce(0) { $0 + $1.samples.count }, 4_800 + 2_400, "samples held: one copy of each")
    }

    func testABrokenFileUnderManyNamesIsReportedAtEachName() throws {
        try Data("RIFF....WAVEjunk".utf8).write(to: folder.appendingPathComponent("bad.wav"))
        do {
            _ = try SceneSoundResolution.decode(scene(["bad.wav", "./bad.wav"]))
            XCTFail("a broken sound file was accepted")
        } catch {
            let problems = DiagnosticList(describing: error).diagnostics
            XCTAssertEqual(
                problems.map(\.path),
                ["layers[0].animations[0].sound.file", "layers[1].animations[0].sound.file"])
            XCTAssertEqual(
                problems.map(\.message),
                [
                    #"sound file "bad.wav" has no format chunk"#, #"sound file "./bad.wav" has no format chunk"#,
                ])
        }
    }
}
