import Foundation
import TestSupport
import XCTest

/// kinetype's APNGs in the decoders people read them with, against apngdis's frames:
/// ffmpeg, Chromium (WebCodecs' ImageDecoder) and Pillow, as `Fixtures/apng-decoders.py` runs them.
/// Pillow 13 misreads two encodings (see `APNGPillow`): the encoder avoids them where that costs at
/// most 1 %, so the templates below decode exactly in all four.
final class APNGDecoderTests: XCTestCase {
    struct Decoded: Decodable {
        var frames: Int
        var wrong: [Int]
        var largestDifference: Int
    }

    struct Report: Decodable {
        var apngdis: Int
        var ffmpeg: Decoded
        var chromium: Decoded
        var pillow: Decoded
    }

    /// The Python of `scripts/setup`'s venv (it has Pillow), or a skip; a failure under CI.
    private func python() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["KINETYPE_LOTTIE_PYTHON"], !given.isEmpty { return URL(fileURLWithPath: given) }
        let cache =
            environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        let python = cache.appendingPathComponent("kinetype/lottie-venv/bin/python")
        if FileManager.default.isExecutableFile(atPath: python.path) { return python }
        let message = "the APNG decoder checks need scripts/setup's Python venv with Pillow"
        if let ci = environment["CI"], !ci.isEmpty { XCTFail(message) }
        throw XCTSkip(message)
    }

    private func decode(_ template: String, in folder: URL) throws -> Report {
        let python = try python()
        for tool in ["apngdis", "ffmpeg", "chromium"] where ChildProcess.onPath(tool) == nil {
            throw XCTSkip("\(tool) is not installed; scripts/setup installs it")
        }
        let scene = KinetypeProcess.packageRoot.appendingPathComponent("Templates/\(template).json").path
        let output = folder.appendingPathComponent(URL(fileURLWithPath: template).lastPathComponent + ".apng")
        let render = try KinetypeProcess.run(["render", scene, "-o", output.path, "-q"])
        XCTAssertEqual(render.status, 0, render.stderr)
        let script = KinetypeProcess.fixtures.appendingPathComponent("apng-decoders.py")
        let result = try ChildProcess.run(python, [script.path, output.path], timeout: 300)
        XCTAssertEqual(result.status, 0, result.stderrText)
        return try JSONDecoder().decode(Report.self, from: result.stdout)
    }

    /// Cards whose frames are put back and blend over (the cursor): before, Pillow put back the
    /// frame itself and got every frame after wrong (3 of the note card's 29, 2 of 45).
    func testTemplatesDecodeExactlyInFFmpegChromiumAndPillow() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        for template in ["whats-new/note-card", "seeds/human-typing", "examples/card"] {
            let report = try decode(template, in: folder)
            XCTAssertGreaterThan(report.apngdis, 10, template)
            for (decoder, decoded) in [
                ("ffmpeg", report.ffmpeg), ("Chromium", report.chromium), ("Pillow", report.pillow),
            ] {
                XCTAssertEqual(decoded.frames, report.apngdis, "\(template) in \(decoder)")
                XCTAssertEqual(decoded.wrong, [], "\(template) in \(decoder)")
            }
        }
    }

    /// Translucent grey (grey and alpha): ffmpeg and Pillow exact; Chromium keeps pixels
    /// premultiplied, so a translucent one comes back within 1 of 255.
    func testTranslucentPixelsAreWithinOneLevelInChromium() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let report = try decode("examples/title", in: folder)
        XCTAssertEqual(report.ffmpeg.wrong, [])
        XCTAssertEqual(report.pillow.wrong, [])
        XCTAssertEqual(report.chromium.frames, report.apngdis)
        XCTAssertLessThanOrEqual(report.chromium.largestDifference, 1)
    }
}
