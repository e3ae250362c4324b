import Foundation
import KinetypeCore
import TestSupport
import XCTest

@testable import KinetypeEncode

/// The APNG encoder picks one color type for the whole file (palette, RGB with a tRNS key, grey,
/// RGBA); whichever it picks, independent decoders (apngdis, ffmpeg) give back every frame
/// exactly, and the bytes do not depend on the number of threads.
final class APNGColorTypeTests: XCTestCase {
    /// Opaque, few colors: a palette.
    private func paletteFrames() -> [Image] {
        (0..<6).map { TestImages.typewriter(frame: $0) }
    }

    /// Opaque, more than 256 colors, and frames that only change opaque pixels, with unchanged ones
    /// between them (a block typed, a gap, the cursor): they blend over with their unchanged pixels
    /// transparent zero, so RGB with a tRNS key.
    private func keyedRGBFrames() -> [Image] {
        (0..<6).map { index in
            var image = TestImages.gradient(frame: 0)
            for block in 0..<index {
                TestImages.fill(&image, x: 2 + block * 7, y: 10, width: 4, height: 12, color: (20, 20, 30, 255))
            }
            TestImages.fill(&image, x: 2 + index * 7 - 2, y: 8, width: 1, height: 16, color: (230, 30, 40, 255))
            return image
        }
    }

    /// Half-transparent pixels among more than 256 colors: RGBA.
    private func translucentFrames() -> [Image] {
        (0..<6).map { index in
            var image = TestImages.gradient(frame: index)
            for pixel in stride(from: 3, to: image.pixels.count, by: 4) {
                image.pixels[pixel] = UInt8(pixel / 4 % 200 + 20)
            }
            TestImages.fill(&image, x: 4, y: 4, width: 3 + index * 4, height: 6, color: (200, 40, 40, 128))
            return image
        }
    }

    func testPaletteDecodesExactly() throws {
        try checkRoundTrip(paletteFrames(), colorType: 3)
    }

    func testRGBWithTransparencyKeyDecodesExactly() throws {
        let data = try checkRoundTrip(keyedRGBFrames(), colorType: 2)
        let chunks = try XCTUnwrap(PNGChunk.parse([UInt8](data)))
        XCTAssertTrue(chunks.contains { $0.type == "tRNS" }, "blended-over frames need the transparent key")
        XCTAssertTrue(
            chunks.filter { $0.type == "fcTL" }.contains {
                $0.data[$0.data.startIndex + 25] == APNGBlend.over.rawValue
            },
            "a frame that only adds opaque pixels blends over")
    }

    func testTranslucentRGBADecodesExactly() throws {
        try checkRoundTrip(translucentFrames(), colorType: 6)
    }

    func testBytesDoNotDependOnThreadsOrRuns() throws {
        for frames in [paletteFrames(), keyedRGBFrames(), translucentFrames()] {
            let one = try encode(frames, jobs: 1)
            XCTAssertEqual(try encode(frames, jobs: 3), one)
            XCTAssertEqual(try encode(frames, jobs: 1), one)
        }
    }

    func testEveryCompressionLevelDecodesExactly() throws {
        let frames = keyedRGBFrames()
        var sizes: [Int] = []
        for level in [0, 1, 6, 9] {
            let data = try encode(frames, jobs: 2, compression: PNGCompression(level: level))
            XCTAssertEqual(try APNGDecoder.decode(data).frames.map(\.image), frames, "level \(level)")
            sizes.append(data.count)
        }
        XCTAssertGreaterThan(sizes[0], sizes[2], "level 0 stores, the default deflates")
    }

    // MARK: - Helpers

    private func encode(_ frames: [Image], jobs: Int, compression: PNGCompression = .default) throws -> Data {
        let encoder = try APNGEncoder(
            width: frames[0].width, height: frames[0].height, options: APNGOptions(compression: compression, jobs: jobs)
        )
        for (index, frame) in frames.enumerated() { try encoder.addFrame(frame, startTime: Double(index) * 0.1) }
        return try encoder.finish(endTime: Double(frames.count) * 0.1)
    }

    /// Encodes `frames`, checks the color type, and decodes the file with kinetype's decoder,
    /// apngdis and ffmpeg: each must give back `frames` exactly.
    @discardableResult
    private func checkRoundTrip(_ frames: [Image], colorType: UInt8) throws -> Data {
        let data = try encode(frames, jobs: 2)
        let chunks = try XCTUnwrap(PNGChunk.parse([UInt8](data)), "every chunk's CRC is right")
        let ihdr = try XCTUnwrap(chunks.first)
        XCTAssertEqual(ihdr.data[ihdr.data.startIndex + 9], colorType, "color type")
        XCTAssertEqual(try APNGDecoder.decode(data).frames.map(\.image), frames)

        let folder = try makeScratchFolder(name)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let (file, decoded) = try APNGDisFrames.decode(data, in: folder)
        XCTAssertEqual(decoded, frames, "apngdis decodes every frame exactly")

        if let ffmpeg = VideoWriter.findFFmpeg() {
            XCTAssertEqual(
                try FFmpegFrames.decode(file, ffmpeg: ffmpeg, width: frames[0].width, height: frames[0].height), frames,
                "ffmpeg decodes every frame exactly")
        }
        return data
    }
}
