import Foundation
import KinetypeCore
import KinetypeEncode
import XCTest

/// The decoder `verify` reads golden GIFs with, on files the encoder would never write.
final class GIFDecoderTests: XCTestCase {
    /// A 2×2 GIF89a, palette [black, white], with one 1×1 frame per `(x, y, colorIndex, disposal)`.
    static func gif(frames: [(x: UInt16, y: UInt16, color: UInt8, disposal: UInt8)]) -> Data {
        var bytes: [UInt8] = Array("GIF89a".utf8) + [2, 0, 2, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        for frame in frames {
            bytes += [0x21, 0xF9, 4, frame.disposal << 2, 0, 0, 0, 0]
            bytes += [
                0x2C, UInt8(frame.x & 0xFF), UInt8(frame.x >> 8), UInt8(frame.y & 0xFF), UInt8(frame.y >> 8), 1, 0, 1,
                0, 0,
            ]
            // LZW, minimum code size 2: clear (4), the pixel, end (5), 3 bits each.
            bytes += [2, 2, 4 | frame.color << 3 | 1 << 6, 1, 0]
        }
        return Data(bytes + [0x3B])
    }

    /// A frame below the screen that disposes to the background used to trap (a reversed range);
    /// it is now drawn nowhere and disposes nothing. Found while writing the goldens fuzz target;
    /// the input is Fuzz/Regressions/goldens/frame-outside-screen-disposes.gif.
    func testFrameOutsideTheScreenDisposingToBackgroundDecodes() throws {
        let decoded = try GIFDecoder.decode(Self.gif(frames: [(0, 5, 1, 2), (5, 0, 1, 2), (0, 0, 1, 1)]))
        XCTAssertEqual(decoded.frames.count, 3)
        XCTAssertEqual(decoded.frames[0].image.pixels, [UInt8](repeating: 0, count: 16))
        XCTAssertEqual(decoded.frames[1].image.pixels, [UInt8](repeating: 0, count: 16))
        XCTAssertEqual(Array(decoded.frames[2].image.pixels[0..<4]), [255, 255, 255, 255])
    }

    /// Disposal to the background still clears the frame's pixels on the screen.
    func testDisposalToBackgroundClearsTheFrame() throws {
        let decoded = try GIFDecoder.decode(Self.gif(frames: [(1, 1, 1, 2), (0, 0, 0, 1)]))
        XCTAssertEqual(Array(decoded.frames[0].image.pixels[12..<16]), [255, 255, 255, 255])
        XCTAssertEqual(Array(decoded.frames[1].image.pixels[12..<16]), [0, 0, 0, 0], "(1, 1) was disposed")
        XCTAssertEqual(Array(decoded.frames[1].image.pixels[0..<4]), [0, 0, 0, 255])
    }
}
