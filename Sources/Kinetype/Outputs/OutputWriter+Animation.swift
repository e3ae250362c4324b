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
        try encodeAnimation(format, destination: output)
        return report(to: output, bytes: fileSize(written(output)), warnings: [])
    }

    /// The animation's bytes in `format`, in memory, for golden comparisons; `encoding.format`
    /// is not consulted.
    func encodeAnimationData(_ format: WholeFrameAnimation) throws -> Data {
        try encodeAnimation(format, destination: nil)
    }

    @discardableResult
    private func encodeAnimation(_ format: WholeFrameAnimation, destination: URL?) throws -> Data {
        let canvas = prepared.scene.canvas
        let loop = prepared.scene.output.loop
        switch format {
        case .webp:
            let options = encoding.settings.webpOptions(loop: loop)
            return try encodeAnimation(
                with: WebPEncoder(
                    width: canvas.pixelWidth, height: canvas.pixelHeight, options: options, destination: destination,
                    group: group))
        case .apng:
            let options = APNGOptions(
                loop: loop, compression: PNGCompression(level: encoding.settings.pngCompression), jobs: encoding.jobs)
            return try encodeAnimation(
                with: APNGEncoder(
                    width: canvas.pixelWidth, height: canvas.pixelHeight, options: options, destination: destination,
                    group: group))
        }
    }

    /// Adds every frame to `encoder` and finishes it; on a throw the dropped encoder leaves the
    /// destination as it was.
    private func encodeAnimation<Core: AnimatedImageEncoderCore>(with encoder: consuming EncoderSession<Core>) throws
        -> Data
    {
        do {
            try pipeline().run(frames: allFrames) { index, image in
                try encoder.addFrame(image, startTime: timeline.time(ofFrame: index))
                progress(RenderProgress(phase: "frames", done: index + 1, total: allFrames.count))
            }
            try checkCancelled()
            return try encoder.finish(endTime: timeline.duration)
        } catch {
            throw interruptionOr(error)
        }
    }
}
