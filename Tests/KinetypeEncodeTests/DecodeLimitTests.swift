import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeEncode

/// Golden decoders refuse decompression bombs from their headers (#11, defect 5).
final class DecodeLimitTests: XCTestCase {
    private func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            XCTFail("expected an error")
        } catch {
            return (error as? DiagnosticList)?.first?.message ?? "\(error)"
        }
        return ""
    }

    func testAPNGBeyondTheLimitIsNotDecoded() {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        png += Array("IHDR".utf8) + [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30, 8, 2, 0, 0, 0, 0, 0, 0, 0]
        XCTAssertEqual(
            message { _ = try PNGCodec.decode(Data(png), name: "frame_0001.png") },
            "cannot read frame_0001.png as PNG: it is 30000×30000 pixels; the limit is 8192 pixels a side; it is not decoded"
        )
        XCTAssertEqual(
            message { _ = try PNGCodec.decode(Data("not a png".utf8), name: "x.png") },
            "cannot read x.png as PNG: it is not a PNG image")
    }

    func testAPNGWithinTheLimitStillDecodes() throws {
        let image = TestImages.typewriter(frame: 3)
        XCTAssertEqual(try PNGCodec.decode(PNGCodec.encode(image)), image)
    }

    func testAGIFWithAHugeScreenIsNotDecoded() {
        let gif = Array("GIF89a".utf8) + [0x30, 0x75, 0x30, 0x75, 0, 0, 0] + [0x3B]
        XCTAssertTrue(
            message { _ = try GIFDecoder.decode(Data(gif)) }.contains("30000×30000 pixels; the limit is 8192"))
    }

    func testAGIFFrameLargerThanItsScreenIsNotDecoded() {
        var gif = Array("GIF89a".utf8) + [40, 0, 20, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        gif += [0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 2, 2, 0x44, 0x01, 0, 0x3B]
        XCTAssertTrue(
            message { _ = try GIFDecoder.decode(Data(gif)) }.contains(
                "frame 1 is 65535×65535 pixels, larger than the GIF's 40×20 screen"))
    }

    func testManyFramesBeyondThePixelBudgetAreNotDecoded() {
        var gif = Array("GIF89a".utf8) + [100, 0, 100, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        for _ in 0..<11 { gif += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0] }
        gif += [0x3B]
        XCTAssertTrue(
            message { _ = try GIFDecoder.decode(Data(gif), pixelBudget: 100_000) }
                .contains("the GIF has 11 frames of 100×100 pixels (110000 pixels decoded); the limit is 100000"))
    }
}
