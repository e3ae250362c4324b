import KinetypeCore
import XCTest

@testable import KinetypeEncode

/// The frames the render workers convert for ffmpeg are byte for byte what the writer sent before
/// the conversion left its thread: the per-pixel formula below, kept as the reference.
final class VideoFrameConverterTests: XCTestCase {
    /// Every alpha (0, 255 and the blends between), varied colors, an odd size.
    private func image(width: Int, height: Int) -> Image {
        var pixels: [UInt8] = []
        for index in 0..<(width * height) {
            let alpha = [0, 255, index % 256, 1, 254][index % 5]
            pixels += [UInt8(index * 7 % 256), UInt8(index * 13 % 256), UInt8(index * 31 % 256), UInt8(alpha)]
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    private func reference(
        _ image: Image, paddedWidth: Int, paddedHeight: Int, alpha: Bool, matte: [Int]
    ) -> [UInt8] {
        let channels = alpha ? 4 : 3
        var out = [UInt8](repeating: 0, count: paddedWidth * paddedHeight * channels)
        for y in 0..<paddedHeight {
            for x in 0..<paddedWidth {
                let source = (min(y, image.height - 1) * image.width + min(x, image.width - 1)) * 4
                let target = (y * paddedWidth + x) * channels
                let a = Int(image.pixels[source + 3])
                for channel in 0..<channels {
                    if alpha {
                        out[target + channel] = image.pixels[source + channel]
                    } else {
                        let mixed = Int(image.pixels[source + channel]) * a + matte[channel] * (255 - a)
                        out[target + channel] = UInt8((mixed + 127) / 255)
                    }
                }
            }
        }
        return out
    }

    func testConvertedFramesAreTheReferenceBytes() {
        let source = image(width: 13, height: 7)
        let matte = Color(red: 0.2, green: 0.6, blue: 1, alpha: 1)
        let matteBytes = [51, 153, 255]
        for (paddedWidth, paddedHeight) in [(13, 7), (14, 8), (64, 64)] {
            for alpha in [false, true] {
                let converter = VideoFrameConverter(
                    width: 13, height: 7, paddedWidth: paddedWidth, paddedHeight: paddedHeight, hasAlpha: alpha,
                    matte: matte)
                XCTAssertEqual(
                    converter.frame(source).bytes,
                    reference(
                        source, paddedWidth: paddedWidth, paddedHeight: paddedHeight, alpha: alpha, matte: matteBytes),
                    "\(paddedWidth)×\(paddedHeight), alpha \(alpha)")
            }
        }
    }
}
