import Foundation
import XCTest

/// PNG chunks that lie about their length, checked before libpng sees them: a 45-byte file that
/// claims a 2 GB text chunk is refused at once with a few megabytes of memory, as an image layer
/// and as a golden frame; real metadata chunks are dropped without changing a pixel.
final class HostilePNGTests: XCTestCase {
    private func folder() throws -> URL {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(
            """
            {"canvas": {"width": 40, "height": 20, "fps": 10, "duration": 0.1},
             "layers": [{"type": "image", "src": "picture.png", "frame": {"x": 0, "y": 0, "width": 40, "height": 20}}]}
            """.utf8
        ).write(to: folder.appendingPathComponent("scene.json"))
        return folder
    }

    func testAChunkLongerThanTheFileIsRefusedBeforeAnythingIsAllocated() throws {
        let folder = try folder()
        for type in ["tEXt", "zTXt", "iCCP", "eXIf", "IDAT"] {
            try CraftedFiles.pngClaimingChunk(type, length: 0x7FFF_FFFF).write(
                to: folder.appendingPathComponent("picture.png"))
            let run = try KinetypeProcess.run(["render", "scene.json", "-o", "out.gif"], in: folder)
            XCTAssertEqual(run.status, 66, run.stderr)
            XCTAssertTrue(
                run.stderr.contains(
                    "is a damaged PNG image: its \"\(type)\" chunk at byte 33 claims 2147483647 bytes, but only 0 follow"
                ),
                run.stderr)
            for command in [["render", "scene.json", "-o", "out.gif"], ["validate", "scene.json"]] {
                let measured = try MeasuredRun.run(command, in: folder)
                XCTAssertNotEqual(measured.status, 0)
                XCTAssertLessThan(measured.peakMiB, 50, "\(type) \(command[0]): \(measured.peakMiB) MiB")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.gif").path))
    }

    func testAGoldenFrameClaimingAHugeChunkFailsCheaply() throws {
        let folder = try folder()
        try CraftedFiles.png(width: 40, height: 20).write(to: folder.appendingPathComponent("picture.png"))
        let set = folder.appendingPathComponent("goldens/scene")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try CraftedFiles.pngClaimingChunk("tEXt", length: 0x7FFF_FFFF, width: 40, height: 20).write(
            to: set.appendingPathComponent("frame_0001.png"))
        let run = try KinetypeProcess.run(
            ["verify", "scene.json", "--golden", "goldens", "--record", "never"], in: folder)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("claims 2147483647 bytes, but only 0 follow"), run.stderr)
        let measured = try MeasuredRun.run(
            ["verify", "scene.json", "--golden", "goldens", "--record", "never"], in: folder)
        XCTAssertLessThan(measured.peakMiB, 50, "\(measured.peakMiB) MiB")
    }

    func testMetadataChunksAreDroppedWithoutChangingAPixel() throws {
        let folder = try folder()
        let plain = CraftedFiles.png(width: 40, height: 20, gray: 90)
        try plain.write(to: folder.appendingPathComponent("picture.png"))
        XCTAssertEqual(
            try KinetypeProcess.run(["render", "scene.json", "--still", "0", "-o", "plain.png"], in: folder).status, 0)
        var tagged = plain
        for (type, body) in [
            ("tEXt", Array("Comment\u{0}".utf8) + [UInt8](repeating: 0x41, count: 2 << 20)),
            ("zTXt", Array("Comment\u{0}\u{0}".utf8) + [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]),
            ("eXIf", [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]),
        ] {
            tagged = CraftedFiles.inserting(type, body, into: tagged)
        }
        try tagged.write(to: folder.appendingPathComponent("picture.png"))
        let run = try KinetypeProcess.run(["render", "scene.json", "--still", "0", "-o", "tagged.png"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            try Data(contentsOf: folder.appendingPathComponent("tagged.png")),
            try Data(contentsOf: folder.appendingPathComponent("plain.png")))
    }
}
