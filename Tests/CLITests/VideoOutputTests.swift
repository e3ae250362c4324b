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
            gif.stderr.contains("--crf applies to .mp4, .webm and .mov outputs only, not to .gif outputs"), gif.stderr)
        let seeThrough = try KinetypeProcess.run(
            ["render", tiny, "-o", folder.appendingPathComponent("x.mp4").path, "--matte", "#FFFFFF80"])
        XCTAssertEqual(seeThrough.status, 64)
        XCTAssertTrue(seeThrough.stderr.contains("--matte takes an opaque color"), seeThrough.stderr)
        try requireFFmpeg()
        let prores = try KinetypeProcess.run(
            ["render", tiny, "-o", folder.appendingPathComponent("x.mov").path, "--crf", "20"])
        XCTAssertEqual(prores.status, 64)
        XCTAssertTrue(
            prores.stderr.contains("--crf does not apply to ProRes 4444 (.mov): it encodes at a fixed high quality"),
            prores.stderr)
        XCTAssertTrue(prores.stderr.contains("add --codec hevc for HEVC in .mov"), prores.stderr)
        let tooHigh = try KinetypeProcess.run(
            ["render", tiny, "-o", folder.appendingPathComponent("x.mp4").path, "--crf", "60"])
        XCTAssertEqual(tooHigh.status, 64)
        XCTAssertTrue(tooHigh.stderr.contains("the CRF of H.264 (.mp4) is 0…51, not 60"), tooHigh.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
        let hevcWebM = try KinetypeProcess.run(
            ["render", tiny, "-o", folder.appendingPathComponent("x.webm").path, "--codec", "hevc"])
        XCTAssertEqual(hevcWebM.status, 64)
        XCTAssertTrue(
            hevcWebM.stderr.contains("--codec applies to .mp4 and .mov outputs only, not to .webm outputs"),
            hevcWebM.stderr)
        for (file, codec, takes) in [
            ("x.mov", "h264", ".mov takes prores (the default) or hevc"),
            ("x.mp4", "prores", ".mp4 takes h264 (the default) or hevc"),
        ] {
            let refused = try KinetypeProcess.run(
                ["render", tiny, "-o", folder.appendingPathComponent(file).path, "--codec", codec])
            XCTAssertEqual(refused.status, 64, refused.stderr)
            XCTAssertTrue(
                refused.stderr.contains("--codec \(codec) does not go in .\(file.suffix(3)); \(takes)"), refused.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    /// `.mov --codec hevc` is HEVC in QuickTime, tagged hvc1, as Apple's own tools write it, with
    /// the frames, the duration, BT.709 and the AAC key sounds an MP4 has; ffprobe reads it back.
    func testHEVCInMOVIsTaggedHvc1() throws {
        try requireFFmpeg()
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = folder.appendingPathComponent("keys.json")
        try Data(
            #"""
            {"version": 1, "canvas": {"width": 90, "height": 40, "fps": 20, "duration": 1, "background": "#FFFFFF"},
             "layers": [{"type": "text", "text": "Hi", "frame": {"x": 4, "y": 4, "width": 80},
                         "font": {"family": "DejaVu Sans", "size": 14},
                         "animations": [{"type": "typewriter", "interval": 0.2, "sound": true}]}]}
            """#.utf8
        ).write(to: scene)
        let hevc = try KinetypeProcess.run(
            ["render", scene.path, "-o", "clip.mov", "--codec", "hevc", "--crf", "24", "-q"], in: folder)
        XCTAssertEqual(hevc.status, 0, hevc.stderr)
        let probe = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/ffprobe"),
            [
                "-v", "error", "-show_entries",
                "format=format_name:stream=codec_type,codec_name,codec_tag_string,width,height,pix_fmt,color_space,"
                    + "color_primaries,color_transfer,nb_frames",
                "-of", "json", "clip.mov",
            ], in: folder)
        XCTAssertEqual(probe.status, 0, probe.stderrText)
        let info = try XCTUnwrap(try JSONSerialization.jsonObject(with: probe.stdout) as? [String: Any])
        let streams = try XCTUnwrap(info["streams"] as? [[String: Any]])
        let video = try XCTUnwrap(streams.first { $0["codec_type"] as? String == "video" })
        XCTAssertEqual(video["codec_name"] as? String, "hevc")
        XCTAssertEqual(video["codec_tag_string"] as? String, "hvc1")
        XCTAssertEqual(video["width"] as? Int, 90)
        XCTAssertEqual(video["height"] as? Int, 40)
        XCTAssertEqual(video["pix_fmt"] as? String, "yuv420p")
        XCTAssertEqual(video["nb_frames"] as? String, "20")
        for key in ["color_space", "color_primaries", "color_transfer"] {
            XCTAssertEqual(video[key] as? String, "bt709", key)
        }
        let audio = try XCTUnwrap(streams.first { $0["codec_type"] as? String == "audio" })
        XCTAssertEqual(audio["codec_name"] as? String, "aac")
        let format = try XCTUnwrap(info["format"] as? [String: Any])
        XCTAssertEqual(format["format_name"] as? String, "mov,mp4,m4a,3gp,3g2,mj2")
        // QuickTime's brand, not MP4's: the file is a .mov.
        let head = try Data(contentsOf: folder.appendingPathComponent("clip.mov")).prefix(12)
        XCTAssertEqual(String(decoding: head.suffix(4), as: UTF8.self), "qt  ")

        // The default .mov is still ProRes 4444, and a transparent canvas cannot keep its alpha in HEVC.
        let prores = try KinetypeProcess.run(["render", scene.path, "-o", "clip2.mov", "-q"], in: folder)
        XCTAssertEqual(prores.status, 0, prores.stderr)
        let codec = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/ffprobe"),
            [
                "-v", "error", "-select_streams", "v", "-show_entries", "stream=codec_name", "-of", "csv=p=0",
                "clip2.mov",
            ],
            in: folder)
        XCTAssertEqual(codec.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines), "prores")
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
