import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeEncode

final class PNGCodecTests: XCTestCase {
    func testRoundTripWithAlphaIsExact() throws {
        var image = TestImages.gradient(frame: 3)
        for index in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[index] = UInt8(index / 4 % 256) }
        let data = try PNGCodec.encode(image)
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(data[25], 6, "color type RGBA")
        assertSameImage(try PNGCodec.decode(data), image)
    }

    func testOpaqueImageIsWrittenAsRGBAndReadBackExactly() throws {
        let image = TestImages.typewriter(frame: 4)
        let data = try PNGCodec.encode(image)
        XCTAssertEqual(data[25], 2, "color type RGB")
        assertSameImage(try PNGCodec.decode(data), image)
    }

    func testCompressionLevelsAllRoundTripAndFastIsLarger() throws {
        let image = TestImages.gradient(frame: 0, width: 160, height: 120)
        var sizes: [Int: Int] = [:]
        for level in 0...9 {
            let data = try PNGCodec.encode(image, compression: PNGCompression(level: level))
            assertSameImage(try PNGCodec.decode(data), image, "level \(level)")
            sizes[level] = data.count
        }
        XCTAssertEqual(sizes[0], sizes[3], "0...3 share libpng's fast setting")
        XCTAssertEqual(sizes[4], sizes[9], "4...9 share libpng's default setting")
        XCTAssertGreaterThan(sizes[0]!, sizes[9]!)
        XCTAssertEqual(PNGCompression(level: 12).level, 9)
    }

    func testGarbageIsARenderFailure() {
        XCTAssertThrowsError(try PNGCodec.decode(Data("not a png".utf8), name: "golden.png")) { error in
            let diagnostic = (error as? DiagnosticList)?.first
            XCTAssertEqual(diagnostic?.kind, .renderFailure)
            XCTAssertTrue(diagnostic?.message.hasPrefix("cannot read golden.png as PNG: ") ?? false, "\(error)")
        }
    }

    func testWriteAndReadFile() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("still.png")
        let image = TestImages.typewriter(frame: 2, background: (0, 0, 0, 0))
        try PNGCodec.write(image, to: url)
        assertSameImage(try PNGCodec.read(contentsOf: url), image)
        XCTAssertEqual(try contents(of: folder), ["still.png"])
    }

    func testMissingFileIsMissingInput() {
        XCTAssertThrowsError(try PNGCodec.read(contentsOf: URL(fileURLWithPath: "Goldens-missing/intro.png"))) {
            error in
            XCTAssertEqual((error as? DiagnosticList)?.first?.kind, .missingInput)
            XCTAssertEqual(
                (error as? DiagnosticList)?.first?.message,
                "cannot read Goldens-missing/intro.png: the file does not exist")
        }
    }

    func testSequenceNamesWidenWithFrameCount() {
        XCTAssertEqual(PNGSequenceWriter.fileName(index: 0, frameCount: 10), "frame_0001.png")
        XCTAssertEqual(PNGSequenceWriter.fileName(index: 9999, frameCount: 10000), "frame_10000.png")
        XCTAssertEqual(PNGSequenceWriter.fileName(index: 41, frameCount: 12000), "frame_00042.png")
    }

    func testSequenceIsWrittenAtomically() throws {
        let parent = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let destination = parent.appendingPathComponent("frames")
        let writer = try PNGSequenceWriter(destination: destination, frameCount: 3, compression: .fast)
        for index in [2, 0, 1] { try writer.frames.write(TestImages.typewriter(frame: index), index: index) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
        try writer.finish()
        XCTAssertEqual(
            try contents(of: destination),
            [".kinetype-frames.json", "frame_0001.png", "frame_0002.png", "frame_0003.png"])
        assertSameImage(
            try PNGCodec.read(contentsOf: destination.appendingPathComponent("frame_0003.png")),
            TestImages.typewriter(frame: 2))
        XCTAssertEqual(try contents(of: parent), ["frames"])
    }

    func testIncompleteSequenceFailsAndKeepsOldFolder() throws {
        let parent = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let destination = parent.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
        try Data("old".utf8).write(to: destination.appendingPathComponent("frame_0001.png"))
        try FramesManifest(files: ["frame_0001.png"]).encoded().write(
            to: destination.appendingPathComponent(FramesManifest.fileName))
        let writer = try PNGSequenceWriter(destination: destination, frameCount: 2)
        try writer.frames.write(TestImages.typewriter(frame: 0), index: 0)
        assertFinishThrows(writer, ()) { error in
            XCTAssertEqual((error as? DiagnosticList)?.first?.kind, .renderFailure)
        }
        XCTAssertEqual(try contents(of: parent), ["frames"])
        XCTAssertEqual(try contents(of: destination), [".kinetype-frames.json", "frame_0001.png"])
        XCTAssertEqual(try Data(contentsOf: destination.appendingPathComponent("frame_0001.png")), Data("old".utf8))
    }

    func testCancelledSequenceLeavesNothing() throws {
        let parent = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let writer = try PNGSequenceWriter(destination: parent.appendingPathComponent("frames"), frameCount: 2)
        try writer.frames.write(TestImages.typewriter(frame: 0), index: 0)
        writer.cancel()
        XCTAssertEqual(try contents(of: parent), [])
    }

    func testSequenceInMissingFolderIsCannotWrite() {
        let destination = URL(fileURLWithPath: "/nonexistent-kinetype-folder/frames")
        XCTAssertThrowsError(try PNGSequenceWriter(destination: destination, frameCount: 2).cancel()) { error in
            XCTAssertEqual((error as? DiagnosticList)?.first?.kind, .cannotWrite)
            XCTAssertEqual(
                (error as? DiagnosticList)?.first?.message,
                "cannot write /nonexistent-kinetype-folder/frames: the folder /nonexistent-kinetype-folder does not exist"
            )
        }
    }
}
