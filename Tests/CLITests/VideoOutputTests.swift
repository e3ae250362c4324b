import Foundation
import TestSupport
import XCTest

/// Transparent scenes rendered to video by the CLI: alpha kept in .webm and .mov, an .mp4 flattened
/// onto the matte with a warning, and the video options checked per format.
final class VideoOutputTests: XCTestCase {
    /// A half-transparent red box on a transparent canvas.
    private let transparentScene = """
        {"version": 1, "canvas": {"width": 32, "height": 16, "background": "transparent", "fps": 10, "duration": 0.3},
         "layers": [{"type": "rect", "frame": {"x": 0, "y": 0, "width": 32, "height": 16},
                     "background": "rgba(200, 30, 40, 0.5)"}]}
        """

    private func requireFFmpeg() throws {
        try XCTSkipIf(!FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "ffmpeg is not installed")
    }

    /// The RGBA of the centre pixel of the first frame, decoded by ffmpeg (libvpx for WebM alpha).
    private func centrePixel(_ url: URL) throws -> [Int] {
        let codec = url.pathExtension == "webm" ? ["-c:v", "libvpx-vp9"] : []
        let arguments =
            ["-v", "error"] + codec + [
                "-i", url.path, "-frames:v", "1", "-vf", "crop=2:2:15:7", "-f", "rawvideo", "-pix_fmt", "rgba", "-",
            ]
        let data = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/ffmpeg"), arguments).stdout
        XCTAssertEqual(data.count, 16)
        return data.prefix(4).map(Int.init)
    }

    private func assertClose(_ actual: [Int], _ expected: [Int], _ message: String, line: UInt = #line) {
        let off = zip(actual, expected).map { abs($0 - $1) }.max() ?? 255
        XCTAssertLessThanOrEqual(off, 4, "\(message): \(actual) vs \(expected)", line: line)
    }

    func testTransparentSceneKeepsAlphaInWebMAndMOV() throws {
        try requireFFmpeg()
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = folder.appendingPathComponent("glass.json")
        try Data(transparentScene.utf8).write(to: scene)
        for format in ["webm", "mov"] {
            let url = folder.appendingPathComponent("glass.\(format)")
            let result = try KinetypeProcess.run(["render", scene.path, "-o", url.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr, "", "no warning: \(format) keeps alpha")
            assertClose(try centrePixel(url), [200, 30, 40, 128], format)
        }
    }

    func testTransparentSceneToMP4WarnsAndUsesTheMatte() throws {
        try requireFFmpeg()
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = folder.appendingPathComponent("glass.json")
        try Data(transparentScene.utf8).write(to: scene)
        let black = folder.appendingPathComponent("black.mp4")
        let warned = try KinetypeProcess.run(["render", scene.path, "-o", black.path])
        XCTAssertEqual(warned.status, 0, warned.stderr)
        XCTAssertEqual(
            warned.stderr,
            "kinetype: warning: .mp4 (H.264) cannot keep the transparent canvas, so it was composited onto black "
                + "(#000000); choose the color with --matte COLOR, or write .webm or .mov to keep the alpha channel\n")
        assertClose(try centrePixel(black), [100, 15, 20, 255], "over black")

        let white = folder.appendingPathComponent("white.mp4")
        let chosen = try KinetypeProcess.run(["render", scene.path, "-o", white.path, "--matte", "white"])
        XCTAssertEqual(chosen.status, 0, chosen.stderr)
        XCTAssertEqual(chosen.stderr, "", "a chosen matte needs no warning")
        assertClose(try centrePixel(white), [227, 142, 147, 255], "over white")

        let flattened = folder.appendingPathComponent("flat.webm")
        XCTAssertEqual(
            try KinetypeProcess.run(["render", scene.path, "-o", flattened.path, "--matte", "#FFFFFF"]).status, 0)
        assertClose(try centrePixel(flattened), [227, 142, 147, 255], "a matte flattens a webm too")
    }

    func testVideoOptionsAreCheckedAgainstTheFormat() throws {
        let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path
        let folder = try KinetypeProcess.temporaryFolder(self)
        let gif = try KinetypeProcess.run([
            "render", tiny, "-o", folder.appendingPathComponent("x.gif").path, "--crf", "20",
        ])
        XCTAssertEqual(gif.status, 64)
        XCTAssertTrue(
            gif.stderr.contains("--crf applies to .mp4 and .webm outputs only, not to .gif outputs"), gif.stderr)
        let seeThrough = try KinetypeProcess.run(
            ["render", tiny, "-o", folder.appendingPathComponent("x.mp4").path, "--matte", "#FFFFFF80"])
        XCTAssertEqual(seeThrough.status, 64)
        XCTAssertTrue(seeThrough.stderr.contains("--matte takes an opaque color"), seeThrough.stderr)
        try requireFFmpeg()
        let prores = try KinetypeProcess.run(
            ["render", tiny, "-o", folder.appendingPathComponent("x.mov").path, "--crf", "20"])
        XCTAssertEqual(prores.status, 64)
        XCTAssertTrue(
            prores.stderr.contains("--crf applies to .mp4 and .webm outputs only, not to .mov outputs"), prores.stderr)
        let tooHigh = try KinetypeProcess.run(
            ["render", tiny, "-o", folder.appendingPathComponent("x.mp4").path, "--crf", "60"])
        XCTAssertEqual(tooHigh.status, 64)
        XCTAssertTrue(tooHigh.stderr.contains("the CRF of H.264 (.mp4) is 0…51, not 60"), tooHigh.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
        let hevcWebM = try KinetypeProcess.run(
            ["render", tiny, "-o", folder.appendingPathComponent("x.webm").path, "--codec", "hevc"])
        XCTAssertEqual(hevcWebM.status, 64)
        XCTAssertTrue(
            hevcWebM.stderr.contains("--codec applies to .mp4 outputs only, not to .webm outputs"), hevcWebM.stderr)
    }

    /// `--codec hevc` writes HEVC tagged hvc1; batch keeps an H.264 output's fingerprint apart.
    func testHEVCForApplesPlayersAndItsOwnFingerprint() throws {
        try requireFFmpeg()
        let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path
        let folder = try KinetypeProcess.temporaryFolder(self)
        let hevc = try KinetypeProcess.run(["render", tiny, "-o", "hevc.mp4", "--codec", "HEVC", "-q"], in: folder)
        XCTAssertEqual(hevc.status, 0, hevc.stderr)
        let tags = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/ffprobe"),
            ["-v", "error", "-show_entries", "stream=codec_name,codec_tag_string", "-of", "csv=p=0", "hevc.mp4"],
            in: folder)
        XCTAssertEqual(tags.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines), "hevc,hvc1")

        try Data(#"[{"output": "clip"}]"#.utf8).write(to: folder.appendingPathComponent("d.json"))
        let batch = ["batch", tiny, "--data", "d.json", "-o", "out", "--format", "mp4", "-q"]
        XCTAssertEqual(try KinetypeProcess.run(batch, in: folder).status, 0)
        let again = try KinetypeProcess.run(batch.dropLast() + ["--codec", "hevc"], in: folder)
        XCTAssertTrue(
            again.stdout.contains("1 rendered, 0 unchanged"), "another codec is another output: \(again.stdout)")
    }
}
