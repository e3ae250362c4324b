import Foundation
import KinetypeEncode

/// The animated WebP and APNG outputs: one pass over the frames, in order, into an encoder that
/// keeps only a few canvases (APNG streams into a temporary file; WebP keeps the compressed
/// frames until it assembles the file).
extension OutputWriter {
    /// The formats whose encoder takes whole frames with their start times (`AnimatedImageEncoder`).
    enum WholeFrameAnimation {
        case webp, apng
    }

    /// Writes the `.webp` or `.apng` render to `output`, atomically.
    func writeAnimation(_ format: WholeFrameAnimation, to output: URL) throws -> RenderReport {
        let encoder = try makeAnimationEncoder(format, destination: output)
        try encodeAnimation(with: encoder)
        return report(to: output, bytes: fileSize(written(output)), warnings: [])
    }

    /// The animation's bytes in `format`, in memory, for golden comparisons; `encoding.format`
    /// is not consulted.
    func encodeAnimationData(_ format: WholeFrameAnimation) throws -> Data {
        try encodeAnimation(with: makeAnimationEncoder(format, destination: nil))
    }

    private func makeAnimationEncoder(_ format: WholeFrameAnimation, destination: URL?) throws
        -> AnimatedImageEncoder
    {
        let canvas = prepared.scene.canvas
        let loop = prepared.scene.output.loop
        switch format {
        case .webp:
            let options = encoding.settings.webpOptions(loop: loop)
            return try WebPEncoder(
                width: canvas.pixelWidth, height: canvas.pixelHeight, options: options, destination: destination,
                group: group)
        case .apng:
            let options = APNGOptions(
                loop: loop, compression: PNGCompression(level: encoding.settings.pngCompression), jobs: encoding.jobs)
            return try APNGEncoder(
                width: canvas.pixelWidth, height: canvas.pixelHeight, options: options, destination: destination,
                group: group)
        }
    }

    @discardableResult
    private func encodeAnimation(with encoder: AnimatedImageEncoder) throws -> Data {
        do {
            try pipeline().run(frames: allFrames) { index, image in
                try encoder.addFrame(image, startTime: timeline.time(ofFrame: index))
                progress(RenderProgress(phase: "frames", done: index + 1, total: allFrames.count))
            }
            try checkCancelled()
            return try encoder.finish(endTime: timeline.duration)
        } catch {
            encoder.cancel()
            throw interruptionOr(error)
        }
    }
}
