import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeEncode

/// The owning wrappers of giflib, libimagequant and libpng objects.
final class EncodeCObjectsTests: XCTestCase {
    private func writer(_ sink: OutputByteSink) throws -> GIFStreamWriter {
        try GIFStreamWriter(
            sink: sink, width: 2, height: 1, colors: [0xFF0000, 0x0000FF], tableSize: 4,
            backgroundIndex: 0, loopCount: 0)
    }

    func testClosingTheEncoderHandleWritesTheTrailerOnceAndThenRefuses() throws {
        let sink = OutputByteSink()
        let gif = try writer(sink)
        try gif.writeFrame(
            rect: GIFRect(x: 0, y: 0, width: 2, height: 1), pixels: [0, 1], delay: 10, disposal: 1,
            transparentIndex: 2)
        try gif.close()
        XCTAssertEqual(sink.bytesInMemory.last, 0x3B, "the trailer ends the file")
        let length = sink.bytesInMemory.count
        XCTAssertThrowsError(try gif.close()) { error in
            XCTAssertEqual((error as? DiagnosticList)?.first?.message.contains("already finished"), true, "\(error)")
        }
        XCTAssertThrowsError(
            try gif.writeFrame(
                rect: GIFRect(x: 0, y: 0, width: 2, height: 1), pixels: [0, 1], delay: 10,
                disposal: 1, transparentIndex: 2))
        XCTAssertEqual(sink.bytesInMemory.count, length, "nothing is written after the close")
        XCTAssertEqual(try GIFDecoder.decode(sink.bytesInMemory).frames.count, 1)
    }

    func testPNGControlReportsLibpngsMessageOnDamagedData() {
        var data = PNGCodec.encodeForTest()
        data.replaceSubrange(40..<data.count, with: [UInt8](repeating: 0x55, count: data.count - 40))
        XCTAssertThrowsError(try PNGCodec.decode(data)) { error in
            let message = (error as? DiagnosticList)?.first?.message ?? ""
            XCTAssertTrue(message.hasPrefix("cannot read PNG data as PNG: "), message)
            XCTAssertGreaterThan(message.count, "cannot read PNG data as PNG: ".count, "libpng's own message follows")
        }
    }
}

extension PNGCodec {
    fileprivate static func encodeForTest() -> Data {
        (try? encode(Image(width: 8, height: 8, pixels: [UInt8](repeating: 0x80, count: 8 * 8 * 4)))) ?? Data()
    }
}
