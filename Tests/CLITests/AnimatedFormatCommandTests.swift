import Foundation
import XCTest

/// `render`, `batch` and `verify` with the animated WebP and APNG formats, run as a process.
final class AnimatedFormatCommandTests: XCTestCase {
    private let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path

    func testRenderWritesLosslessWebPAndLossyWithQuality() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let lossless = folder.appendingPathComponent("tiny.webp").path
        let lossy = folder.appendingPathComponent("lossy.webp").path
        let result = try KinetypeProcess.run(["render", tiny, "-o", lossless])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Wrote \(lossless) ("), result.stdout)
        XCTAssertEqual(try KinetypeProcess.run(["render", tiny, "-o", lossy, "--quality", "40", "-q"]).status, 0)

        let losslessBytes = try Data(contentsOf: URL(fileURLWithPath: lossless))
        let lossyBytes = try Data(contentsOf: URL(fileURLWithPath: lossy))
        for bytes in [losslessBytes, lossyBytes] {
            XCTAssertEqual(String(decoding: bytes.prefix(4), as: UTF8.self), "RIFF")
            XCTAssertEqual(String(decoding: bytes[8..<12], as: UTF8.self), "WEBP")
            XCTAssertNotNil(bytes.range(of: Data("ANIM".utf8)), "an animation")
        }
        XCTAssertNotNil(losslessBytes.range(of: Data("VP8L".utf8)), "lossless frames by default")
        XCTAssertNil(losslessBytes.range(of: Data("VP8 ".utf8)))
        XCTAssertNotNil(lossyBytes.range(of: Data("VP8 ".utf8)), "--quality makes the frames lossy")

        let outOfRange = try KinetypeProcess.run(["render", tiny, "-o", lossy, "--quality", "101"])
        XCTAssertEqual(outOfRange.status, 64)
        XCTAssertTrue(outOfRange.stderr.contains("--quality takes a whole number from 0 to 100"), outOfRange.stderr)
    }

    func testBatchWritesWebPAndAPNG() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let data = folder.appendingPathComponent("data.json")
        try Data(#"[{"output": "one", "word": "One"}]"#.utf8).write(to: data)
        for format in ["webp", "apng"] {
            let out = folder.appendingPathComponent(format).path
            let result = try KinetypeProcess.run([
                "batch", tiny, "--data", data.path, "-o", out, "--format", format, "--scale", "1,2",
            ])
            XCTAssertEqual(result.status, 0, result.stderr)
            let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") }.sorted()
            XCTAssertEqual(files, ["one.\(format)", "one@2x.\(format)"])
            let bytes = try Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent("one.\(format)"))
            XCTAssertEqual([UInt8](bytes.prefix(4)), format == "webp" ? Array("RIFF".utf8) : [0x89, 0x50, 0x4E, 0x47])
        }
    }

    /// A scene without text (so verify has no font files to hash): a box that slides in steps.
    private func boxScene(in folder: URL, color: String = "#E03131") throws -> String {
        let url = folder.appendingPathComponent("box.json")
        let scene = """
            {"version": 1, "canvas": {"width": 64, "height": 32, "background": "transparent", "fps": 10, "duration": 1},
             "layers": [{"id": "box", "type": "rect", "frame": {"x": 2, "y": 6, "width": 16, "height": 16},
               "background": "\(color)", "animations": [{"type": "animate", "property": "offset.x", "from": 0, "to": 40,
               "start": 0, "duration": 0.6, "easing": {"steps": 4}}]}]}
            """
        try Data(scene.utf8).write(to: url)
        return url.path
    }

    /// APNG goldens and damaged goldens are also covered in `AnimatedOutputTests`.
    func testVerifyComparesGoldenWebPAndAPNGByDecodedFrames() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        for format in ["webp", "apng"] {
            let scenes = folder.appendingPathComponent("scenes-\(format)")
            try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
            let tiny = try boxScene(in: scenes)
            let goldens = folder.appendingPathComponent("goldens-\(format)")
            try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
            let golden = goldens.appendingPathComponent("box.\(format)").path
            XCTAssertEqual(try KinetypeProcess.run(["render", tiny, "-o", golden, "-q"]).status, 0)

            let pass = try KinetypeProcess.run(["verify", tiny, "--golden", goldens.path], environment: ["CI": "1"])
            XCTAssertEqual(pass.status, 0, pass.stderr)
            XCTAssertTrue(pass.stdout.contains("box: ok"), pass.stdout)

            let artifacts = folder.appendingPathComponent("failures-\(format)").path
            _ = try boxScene(in: scenes, color: "#31E031")
            let fail = try KinetypeProcess.run(
                ["verify", tiny, "--golden", goldens.path, "--artifacts", artifacts], environment: ["CI": "1"])
            XCTAssertEqual(fail.status, 1, fail.stderr)
            XCTAssertTrue(fail.stderr.contains("box: FAILED"), fail.stderr)
            XCTAssertTrue(
                try FileManager.default.contentsOfDirectory(atPath: artifacts + "/box").contains {
                    $0.hasSuffix(".triptych.png")
                })
        }
    }
}
