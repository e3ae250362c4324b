import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeEncode

/// The WebP encoder, decoded back with libwebp's own `WebPAnimDecoder`.
final class WebPEncoderTests: XCTestCase {
    private func frames() -> [Image] {
        (0..<6).map { index in
            var image = TestImages.typewriter(frame: index, background: (0, 0, 0, 0))
            TestImages.fill(
                &image, x: 30, y: 2, width: 2 + index, height: 3, color: (40, 90, 200, UInt8(60 + index * 30)))
            // Colors under fully transparent pixels are kept too (lossless is exact).
            TestImages.fill(&image, x: 0, y: 18, width: 4, height: 2, color: (9, 8, 7, 0))
            return image
        }
    }

    func testLosslessFramesDecodeExactlyWithTimestampsAndLoop() throws {
        let frames = frames()
        let encoder = try WebPEncoder(width: 48, height: 20, options: WebPOptions(loop: 4))
        for (index, frame) in frames.enumerated() { try encoder.addFrame(frame, startTime: Double(index) / 30) }
        try encoder.addFrame(frames[5], startTime: 6.0 / 30)
        let decoded = try WebPDecoder.decode(try encoder.finish(endTime: 0.5))
        XCTAssertEqual(decoded.frames.map(\.image), frames, "the repeated last frame is merged")
        XCTAssertEqual(decoded.frames.map(\.duration), [33, 34, 33, 33, 34, 333], "round(1000 t) boundaries")
        XCTAssertEqual(decoded.playCount, 4)
        XCTAssertEqual(decoded.frames[5].image.pixel(x: 0, y: 18).a, 0)
    }

    /// A photo-like frame: a gradient with seeded grain, which lossy compression is made for.
    private func grainy(frame: Int) -> Image {
        var image = TestImages.gradient(frame: frame)
        var state: UInt32 = 12_345 &+ UInt32(frame)
        for offset in stride(from: 0, to: image.pixels.count, by: 4) {
            for channel in 0..<3 {
                state = state &* 1_103_515_245 &+ 12_345
                let grain = Int(state >> 16 & 31) - 16
                image.pixels[offset + channel] = UInt8(clamping: Int(image.pixels[offset + channel]) + grain)
            }
        }
        return image
    }

    func testLossyStaysCloseAndIsDeterministic() throws {
        func encode(_ quality: Int) throws -> Data {
            let encoder = try WebPEncoder(width: 64, height: 48, options: WebPOptions(quality: quality))
            for index in 0..<3 {
                try encoder.addFrame(grainy(frame: index), startTime: Double(index) * 0.1)
            }
            return try encoder.finish(endTime: 0.3)
        }
        let once = try encode(80)
        XCTAssertEqual(once, try encode(80))
        XCTAssertTrue(once.range(of: Data("VP8 ".utf8)) != nil, "lossy frames are VP8")
        let decoded = try WebPDecoder.decode(once)
        let original = grainy(frame: 2)
        let worst = zip(decoded.frames.last!.image.pixels, original.pixels).map { abs(Int($0) - Int($1)) }.max()!
        XCTAssertLessThan(worst, 48, "quality 80 stays close to the original")
        XCTAssertGreaterThan(worst, 0, "and is lossy")
    }

    /// Text compresses better losslessly: a lossy WebP picks lossless frames (or the lossless file)
    /// where they are smaller, so it is never larger than the lossless one, and it still decodes.
    func testLossyIsNeverLargerThanLossless() throws {
        func encode(_ options: WebPOptions) throws -> Data {
            let encoder = try WebPEncoder(width: 48, height: 20, options: options)
            for (index, frame) in frames().enumerated() { try encoder.addFrame(frame, startTime: Double(index) / 30) }
            return try encoder.finish(endTime: 0.3)
        }
        let lossless = try encode(WebPOptions())
        for quality in [0, 50, 80, 100] {
            let lossy = try encode(WebPOptions(quality: quality))
            XCTAssertLessThanOrEqual(lossy.count, lossless.count, "quality \(quality)")
            XCTAssertEqual(try WebPDecoder.decode(lossy).frames.count, 6, "quality \(quality)")
        }
    }

    func testDestinationIsWrittenAtomicallyAndCheckedEarly() throws {
        let folder = try makeScratchFolder()
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("a.webp")
        try Data("old".utf8).write(to: output)
        let cancelled = try WebPEncoder(width: 48, height: 20, destination: output)
        try cancelled.addFrame(TestImages.typewriter(frame: 1), startTime: 0)
        cancelled.cancel()
        XCTAssertEqual(try Data(contentsOf: output), Data("old".utf8))
        XCTAssertEqual(try contents(of: folder), ["a.webp"])
        XCTAssertThrowsError(
            try WebPEncoder(width: 4, height: 4, destination: folder.appendingPathComponent("no/x.webp")).cancel())
        XCTAssertThrowsError(try WebPEncoder(width: 20_000, height: 4).cancel())
    }

    func testDecoderRefusesOversizedAndDamagedFiles() throws {
        let encoder = try WebPEncoder(width: 48, height: 20)
        for index in 0..<3 { try encoder.addFrame(TestImages.typewriter(frame: index), startTime: Double(index)) }
        let data = try encoder.finish(endTime: 3)
        XCTAssertThrowsError(try WebPDecoder.decode(data, pixelBudget: 48 * 20)) { error in
            XCTAssertTrue("\(error)".contains("pixels allowed"), "\(error)")
        }
        XCTAssertThrowsError(try WebPDecoder.decode(Data("RIFF0000WEBPVP8X".utf8))) { error in
            XCTAssertTrue("\(error)".contains("as WebP"), "\(error)")
        }
    }
}
