import Foundation
import KinetypeEncode
import KinetypeRender

/// Drives the frame pipeline into the encoder that `options.format` names.
struct OutputWriter {
    let prepared: PreparedScene
    let options: RenderOptions
    let isCancelled: () -> Bool
    let progress: (RenderProgress) -> Void

    private var timeline: Timeline { prepared.timeline }
    /// Every frame index, as a range (never an array sized by the frame count).
    private var allFrames: Range<Int> { 0..<timeline.frameCount }

    func write() throws -> RenderReport {
        if options.format != .stillPNG {
            try options.limits.check(frameCount: timeline.frameCount, of: prepared.scene, fps: timeline.fps)
        }
        switch options.format {
        case .gif: return try writeGIF()
        case .pngSequence: return try writePNGSequence()
        case .mp4: return try writeVideo(.mp4)
        case .webm: return try writeVideo(.webm)
        case .stillPNG: return try writeStill()
        }
    }

    /// Streams the GIF into a temporary file beside the output (checked writable before any frame
    /// is rendered), renamed into place at the end.
    private func writeGIF() throws -> RenderReport {
        let encoder = try makeGIFEncoder(destination: options.output)
        do {
            try encodeGIF(with: encoder)
            try checkCancelled()
            try encoder.finish()
        } catch {
            encoder.cancel()
            throw interruptionOr(error)
        }
        return report(bytes: fileSize(options.output), warnings: encoder.warnings)
    }

    /// The GIF's bytes, in memory (for comparing against golden GIFs).
    func encodeGIFData() throws -> Data {
        let encoder = try makeGIFEncoder(destination: nil)
        try encodeGIF(with: encoder)
        return try encoder.finish()
    }

    private func makeGIFEncoder(destination: URL?) throws -> GIFEncoder {
        let canvas = prepared.scene.canvas
        var gifOptions = options.gif
        gifOptions.loop = prepared.scene.output.loop
        guard let destination else {
            return try GIFEncoder(width: canvas.pixelWidth, height: canvas.pixelHeight, options: gifOptions)
        }
        return try GIFEncoder(width: canvas.pixelWidth, height: canvas.pixelHeight, options: gifOptions,
                              destination: destination)
    }

    /// Two passes so memory never holds the animation: the first builds one palette from every
    /// frame, the second renders the frames again and encodes them against it.
    private func encodeGIF(with encoder: GIFEncoder) throws {
        let total = allFrames.count
        try pipeline().run(frames: allFrames) { index, image in
            try encoder.addToPalette(image)
            progress(RenderProgress(phase: "palette", done: index + 1, total: total))
        }
        try pipeline().run(frames: allFrames) { index, image in
            try encoder.writeFrame(image, endTime: endTime(ofFrame: index))
            progress(RenderProgress(phase: "frames", done: index + 1, total: total))
        }
    }

    /// Frames are encoded and written on the worker threads (the writer is thread-safe), so PNG
    /// compression runs in parallel; the consumer only keeps count.
    private func writePNGSequence() throws -> RenderReport {
        let writer = try PNGSequenceWriter(destination: options.output, frameCount: allFrames.count,
                                           compression: PNGCompression(level: options.pngCompression))
        let frames = prepared.pipeline(jobs: options.jobs, isCancelled: isCancelled) { index, image in
            try writer.write(image, index: index)
        }
        try stream(frames, into: { _, _ in }, finish: writer.finish, cancel: writer.cancel)
        return report(bytes: folderSize(options.output), warnings: [])
    }

    private func writeVideo(_ format: VideoFormat) throws -> RenderReport {
        let canvas = prepared.scene.canvas
        let writer = try VideoWriter(url: options.output, width: canvas.pixelWidth, height: canvas.pixelHeight,
                                     fps: timeline.fps, format: format)
        try stream(pipeline(), into: { try writer.write($1) }, finish: writer.finish, cancel: writer.cancel)
        return report(bytes: fileSize(options.output), warnings: [])
    }

    /// Runs `frames` over every frame in order into `write`, then `finish`es; on a failure or
    /// cancellation it calls `cancel`, which removes everything written so far.
    private func stream<Output>(_ frames: FramePipeline<Output>, into write: (Int, Output) throws -> Void,
                                finish: () throws -> Void, cancel: () -> Void) throws {
        do {
            try frames.run(frames: allFrames) { index, image in
                try write(index, image)
                progress(RenderProgress(phase: "frames", done: index + 1, total: allFrames.count))
            }
            try checkCancelled()
            try finish()
        } catch {
            cancel()
            throw interruptionOr(error)
        }
    }

    /// A failure that happens once the run was interrupted is reported as the interruption: Ctrl-C
    /// reaches ffmpeg too (same process group), which then stops taking frames.
    private func interruptionOr(_ error: Error) -> Error {
        isCancelled() ? CancellationError() : error
    }

    private func writeStill() throws -> RenderReport {
        let renderer = try FrameRenderer(scene: prepared.scene, fonts: prepared.fonts, images: prepared.images)
        let image = try renderer.render(timeline.state(atTime: options.stillTime))
        let data = try PNGCodec.encode(image, compression: PNGCompression(level: options.pngCompression))
        try checkCancelled()
        try AtomicFile.write(data, to: options.output)
        return RenderReport(output: options.output, format: .stillPNG, frameCount: 1, duration: 0,
                            bytes: data.count, warnings: [])
    }

    private func pipeline() -> FramePipeline<Image> {
        prepared.pipeline(jobs: options.jobs, isCancelled: isCancelled)
    }

    /// When a frame stops showing: the next frame's time, the scene's end for the last frame.
    private func endTime(ofFrame index: Int) -> Double {
        min(timeline.time(ofFrame: index + 1), timeline.duration)
    }

    private func checkCancelled() throws {
        if isCancelled() { throw CancellationError() }
    }

    private func report(bytes: Int, warnings: [String]) -> RenderReport {
        RenderReport(output: options.output, format: options.format, frameCount: timeline.frameCount,
                     duration: timeline.duration, bytes: bytes, warnings: warnings)
    }

    private func fileSize(_ url: URL) -> Int {
        (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
    }

    private func folderSize(_ url: URL) -> Int {
        let files = (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: [.fileSizeKey])) ?? []
        return files.reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
    }
}
