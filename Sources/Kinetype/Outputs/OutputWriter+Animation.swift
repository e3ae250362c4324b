import Foundation
import KinetypeEncode

/// The animated WebP and APNG outputs: one pass over the frames, in order, into an encoder that
/// keeps only a few canvases (APNG streams into a temporary file; WebP keeps the compressed
/// frames until it assembles the file).
extension OutputWriter {
    /// Writes the `.webp` or `.apng` render to `output`, atomically.
    func writeAnimation(to output: URL) throws -> RenderReport {
        let encoder = try makeAnimationEncoder(destination: output)
        try encodeAnimation(with: encoder)
        return report(to: output, bytes: fileSize(written(output)), warnings: [])
    }

    /// The animation's bytes in `format` (`.webp` or `.apng`), in memory, for golden comparisons.
    func encodeAnimationData(_ format: OutputFormat) throws -> Data {
        var formatEncoding = encoding
        formatEncoding.format = format
        let writer = OutputWriter(
            prepared: prepared, encoding: formatEncoding, isCancelled: isCancelled, progress: progress)
        return try writer.encodeAnimation(with: writer.makeAnimationEncoder(destination: nil))
    }

    private func makeAnimationEncoder(destination: URL?) throws -> AnimatedImageEncoder {
        let canvas = prepared.scene.canvas
        let loop = prepared.scene.output.loop
        switch encoding.format {
        case .webp:
            var options = encoding.webp
            options.loop = loop
            return try WebPEncoder(
                width: canvas.pixelWidth, height: canvas.pixelHeight, options: options, destination: destination,
                group: group)
        default:
            let options = APNGOptions(loop: loop, compression: PNGCompression(level: encoding.pngCompression))
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
