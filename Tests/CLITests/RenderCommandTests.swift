import Foundation
import XCTest

final class RenderCommandTests: XCTestCase {
    private let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path

    func testRendersAGIFAndSaysWhereItWent() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let output = folder.appendingPathComponent("tiny.gif").path
        let result = try KinetypeProcess.run(["render", tiny, "-o", output, "--jobs", "2"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Wrote \(output) ("), result.stdout)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        XCTAssertEqual(String(decoding: bytes.prefix(6), as: UTF8.self), "GIF89a")
        XCTAssertTrue(result.stderr.isEmpty, "no progress bar when stderr is not a terminal: \(result.stderr)")
    }

    /// Missing folders above the output are made, as batch makes its folder; a render that fails
    /// or is refused leaves none behind.
    func testMissingFoldersAreMadeAndRemovedWhenTheRenderFails() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let made = try KinetypeProcess.run(["render", tiny, "-o", "new/dir/tiny.gif", "-q"], in: folder)
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path + "/new/dir/tiny.gif"))

        let bad = KinetypeProcess.fixtures.appendingPathComponent("bad-easing.json").path
        let refused = try KinetypeProcess.run(["render", bad, "-o", "other/dir/x.gif"], in: folder)
        XCTAssertEqual(refused.status, 65, refused.stderr)
        try Data().write(to: folder.appendingPathComponent("file"))
        let sheet = try KinetypeProcess.run(
            ["render", tiny, "-o", "a/b/x.gif", "--contact-sheet", "file/c/sheet.png", "-q"], in: folder)
        XCTAssertEqual(sheet.status, 73, "the contact sheet's folder cannot be made")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["file", "new"],
            "a/b, made for the render, went again")

        let blocked = try KinetypeProcess.run(["render", tiny, "-o", "file/sub/x.gif"], in: folder)
        XCTAssertEqual(blocked.status, 73)
        XCTAssertTrue(
            blocked.stderr.contains("cannot create the folder file/sub: file is a file, not a folder"),
            blocked.stderr)
    }

    func testDefaultOutputIsOutputSlashSceneName() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let result = try KinetypeProcess.run(["render", tiny, "--quiet"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output/tiny.gif").path))
    }

    func testSetOverridesAPlaceholder() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let a = folder.appendingPathComponent("a.png").path
        let b = folder.appendingPathComponent("b.png").path
        XCTAssertEqual(try KinetypeProcess.run(["render", tiny, "--still", "1", "-o", a]).status, 0)
        XCTAssertEqual(
            try KinetypeProcess.run(["render", tiny, "--still", "1", "-o", b, "--set", "word=Howdy"]).status, 0)
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: a)), try Data(contentsOf: URL(fileURLWithPath: b)))
    }

    func testUnknownExtensionListsTheFormats() throws {
        let result = try KinetypeProcess.run(["render", tiny, "-o", "out.bmp"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(
            result.stderr.contains(
                "unknown output format \".bmp\"; kinetype writes .gif (animated GIF), .webp (animated WebP, lossless unless --quality), .apng (animated PNG), .mp4 (H.264 or HEVC video), .webm (VP9 video with alpha), .mov (ProRes 4444 video with alpha, or HEVC), .json (Lottie JSON, vector shapes), .lottie (dotLottie, zipped Lottie), .svg (animated SVG, vector shapes), .png (one PNG image, with --still), or a folder path (a folder of PNG frames)"
            ), result.stderr)
    }

    /// `.png` is one image and needs --still; an animated PNG is `.apng`. Every path agrees.
    func testPNGWithoutStillIsRefusedAndAPNGIsTheAnimatedPNG() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let animated = folder.appendingPathComponent("out.apng")
        let still = folder.appendingPathComponent("still.png")
        let refused = try KinetypeProcess.run(["render", tiny, "-o", folder.appendingPathComponent("out.png").path])
        XCTAssertEqual(refused.status, 64)
        XCTAssertTrue(
            refused.stderr.contains(
                "would be one PNG image, but no moment was chosen: add --still SECONDS for the frame at that time, "
                    + "write .apng for an animated PNG, or give a folder path (frames/) for every frame as PNG files"),
            refused.stderr)
        XCTAssertEqual(try KinetypeProcess.run(["render", tiny, "-o", animated.path, "-q"]).status, 0)
        XCTAssertEqual(try KinetypeProcess.run(["render", tiny, "--still", "0.5", "-o", still.path, "-q"]).status, 0)
        let chunks = { (url: URL) in try Self.chunkTypes(Data(contentsOf: url)) }
        XCTAssertTrue(try chunks(animated).contains("acTL"), "an animation: acTL, fcTL and fdAT chunks")
        XCTAssertTrue(try chunks(animated).contains("fdAT"))
        XCTAssertFalse(try chunks(still).contains("acTL"), "--still writes a plain PNG")
    }

    /// The chunk types of a PNG file, in order.
    static func chunkTypes(_ data: Data) -> [String] {
        let bytes = [UInt8](data)
        var types: [String] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }

    func testMissingSceneExits66() throws {
        let result = try KinetypeProcess.run(["render", "no-such-scene.json", "-o", "/tmp/x.gif"])
        XCTAssertEqual(result.status, 66)
        XCTAssertEqual(
            result.stderr,
            "kinetype: error: no-such-scene.json: no such scene file\n  hint: check the path; it is relative to the current folder\n"
        )
    }

    func testBadSceneExits65WithPositionAndSuggestion() throws {
        let result = try KinetypeProcess.run(
            ["render", "bad-easing.json", "-o", "/tmp/x.gif"], in: KinetypeProcess.fixtures)
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "kinetype: error: bad-easing.json:10:21: layers[0].animations[0].easing: unknown easing \"easyInOut\"; did you mean \"easeInOut\"?\n"
            ), result.stderr)
    }

    func testUnwritableOutputExits73AndWritesNothing() throws {
        // /proc takes no new folder, even from root.
        let result = try KinetypeProcess.run(["render", tiny, "-o", "/proc/kinetype-output/x.gif"])
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "kinetype: error: cannot create the folder /proc/kinetype-output: the folder /proc is not writable\n"),
            "it says what is wrong with /proc, never that it does not exist: \(result.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/proc/kinetype-output"))
    }
}
