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

    func testLossyStaysCloseAndIsDeterministic() throws {
        func encode(_ quality: Int) throws -> Data {
            let encoder = try WebPEncoder(width: 64, height: 48, options: WebPOptions(quality: quality))
            for index in 0..<3 {
                try encoder.addFrame(TestImages.gradient(frame: index), startTime: Double(index) * 0.1)
            }
            return try encoder.finish(endTime: 0.3)
        }
        let once = try encode(80)
        XCTAssertEqual(once, try encode(80))
        XCTAssertTrue(once.range(of: Data("VP8 ".utf8)) != nil, "lossy frames are VP8")
        let decoded = try WebPDecoder.decode(once)
        let original = TestImages.gradient(frame: 2)
        let worst = zip(decoded.frames.last!.image.pixels, original.pixels).map { abs(Int($0) - Int($1)) }.max()!
        XCTAssertLessThan(worst, 48, "quality 80 stays close to the original")
        XCTAssertGreaterThan(worst, 0, "and is lossy")
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
            try WebPEncoder(width: 4, height: 4, destination: folder.appendingPathComponent("no/x.webp")))
        XCTAssertThrowsError(try WebPEncoder(width: 20_000, height: 4))
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
