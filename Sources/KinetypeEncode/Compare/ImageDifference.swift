import Foundation
import KinetypeCore

/// How two images differ, for golden-image tests: how many pixels changed, by how much, and a
/// picture of where.
public struct ImageDifference: Equatable, Sendable {
    /// Pixels where any channel differs by more than the tolerance.
    public let changedPixels: Int
    /// The largest difference of any channel of any pixel (0...255).
    public let maxChannelDifference: Int
    /// Peak signal-to-noise ratio over all RGBA channels, in dB; infinity for equal images.
    public let psnr: Double
    /// The expected image faded to a light grey, with changed pixels in opaque red.
    public let diffImage: Image

    /// Whether no pixel changed beyond the tolerance.
    public var isMatch: Bool { changedPixels == 0 }

    /// One line for messages: `12 pixels differ (largest channel difference 40, PSNR 38.2 dB)`.
    public var summary: String {
        guard changedPixels > 0 else { return "the images match" }
        let noun = changedPixels == 1 ? "pixel differs" : "pixels differ"
        return "\(changedPixels) \(noun) (largest channel difference \(maxChannelDifference), PSNR "
            + String(format: "%.1f dB)", psnr)
    }

    /// Compares two images of the same size; channel differences up to `tolerance` count as equal.
    /// Returns nil when the sizes differ.
    public init?(expected: Image, actual: Image, tolerance: Int = 0) {
        guard expected.width == actual.width, expected.height == actual.height else { return nil }
        let count = expected.width * expected.height
        var changed = 0
        var maxDifference = 0
        var squaredError = 0.0
        var diff = [UInt8](repeating: 255, count: count * 4)
        expected.pixels.withUnsafeBufferPointer { a in
            actual.pixels.withUnsafeBufferPointer { b in
                for pixel in 0..<count {
                    let offset = pixel * 4
                    var pixelDifference = 0
                    for channel in 0..<4 {
                        let difference = abs(Int(a[offset + channel]) - Int(b[offset + channel]))
                        pixelDifference = max(pixelDifference, difference)
                        squaredError += Double(difference * difference)
                    }
                    maxDifference = max(maxDifference, pixelDifference)
                    if pixelDifference > tolerance {
                        changed += 1
                        diff[offset] = 255
                        diff[offset + 1] = 0
                        diff[offset + 2] = 0
                    } else {
                        let luma = (Int(a[offset]) * 3 + Int(a[offset + 1]) * 6 + Int(a[offset + 2])) / 10
                        let faded = UInt8(255 - (255 - luma) * Int(a[offset + 3]) / 255 / 4)
                        diff[offset] = faded
                        diff[offset + 1] = faded
                        diff[offset + 2] = faded
                    }
                }
            }
        }
        changedPixels = changed
        maxChannelDifference = maxDifference
        let meanSquaredError = count == 0 ? 0 : squaredError / Double(count * 4)
        psnr = meanSquaredError == 0 ? .infinity : 10 * Foundation.log10(255 * 255 / meanSquaredError)
        diffImage = Image(width: expected.width, height: expected.height, pixels: diff)
    }
}
