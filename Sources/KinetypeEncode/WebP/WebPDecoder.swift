import CWebP
import Foundation
import KinetypeCore

/// Decodes animated (or still) WebP files with libwebp's `WebPAnimDecoder` into whole canvases,
/// for comparing golden WebP files and for tests.
public enum WebPDecoder {
    /// Decodes every frame. Throws `.renderFailure` naming `name` when the data is not a WebP,
    /// its canvas is beyond `limits`, or its frames would decode to more than `pixelBudget`
    /// pixels in all (both checked before any frame is decoded).
    public static func decode(
        _ data: Data, name: String = "WebP data", limits: ImageLimits = .golden, pixelBudget: Int = 1 << 28
    ) throws -> DecodedAnimation {
        let decoder = try WebPAnimDecoderObject([UInt8](data), name: name)
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder.pointer, &info) != 0 else {
            throw WebPFailure.decode(name, "its header cannot be read")
        }
        let width = Int(info.canvas_width)
        let height = Int(info.canvas_height)
        let frameCount = Int(info.frame_count)
        if let problem = limits.problem(width: width, height: height) {
            throw WebPFailure.decode(name, "it \(problem); it is not decoded")
        }
        let (pixels, overflow) = (width * height).multipliedReportingOverflow(by: max(frameCount, 1))
        guard !overflow, pixels <= pixelBudget else {
            throw WebPFailure.decode(
                name,
                "its \(frameCount) frames of \(width)×\(height) pixels are more than the \(pixelBudget) pixels allowed; it is not decoded"
            )
        }
        var frames: [DecodedAnimation.Frame] = []
        var previousEnd: Int32 = 0
        while WebPAnimDecoderHasMoreFrames(decoder.pointer) != 0 {
            var buffer: UnsafeMutablePointer<UInt8>?
            var end: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder.pointer, &buffer, &end) != 0, let buffer else {
                throw WebPFailure.decode(name, "frame \(frames.count + 1) is damaged")
            }
            let image = Image(
                width: width, height: height,
                pixels: [UInt8](UnsafeBufferPointer(start: buffer, count: width * height * 4)))
            frames.append(DecodedAnimation.Frame(image: image, duration: Int(end - previousEnd)))
            previousEnd = end
        }
        guard !frames.isEmpty else { throw WebPFailure.decode(name, "it has no frames") }
        return DecodedAnimation(width: width, height: height, playCount: Int(info.loop_count), frames: frames)
    }
}
