import Foundation
import KinetypeEncode
import KinetypeRender

/// Drives the frame pipeline into the encoder that `encoding.format` names, writing to a file or
/// folder (`write(to:)`) or, for a GIF, into memory (`encodeGIFData()`).
struct OutputWriter {
    let prepared: PreparedScene
    let encoding: EncodingOptions
    let isCancelled: @Sendable () -> Bool
    let progress: (RenderProgress) -> Void
    /// The bytes of changed pixels (run-length packed) a GIF render keeps between its two passes,
    /// besides the first frame; past it, the remaining frames are rendered again for the second pass.
    var gifPatchBudget = 16 << 20
    /// Where the finished output goes with the command's other outputs; nil to put it in place.
    var group: OutputGroup?

    var timeline: Timeline { prepared.timeline }
    /// Every frame index, as a range (never an array sized by the frame count).
    var allFrames: Range<Int> { 0..<timeline.frameCount }

    /// Writes the render to `output` (a file, or the folder of a PNG sequence), atomically.
    func write(to output: URL) throws -> RenderReport {
        if !encoding.format.traits.isStill {
            try encoding.limits.check(timeline, of: prepared.scene)
        }
        switch encoding.format {
        case .gif: return try writeGIF(to: output)
        case .pngSequence: return try writePNGSequence(to: output)
        case .mp4:
            try encoding.settings.video.check(for: .mp4)
            return try writeVideo(encoding.settings.video.videoFormat(for: .mp4), to: output)
        case .webm: return try writeVideo(.webm, to: output)
        case .mov:
            try encoding.settings.video.check(for: .mov)
            return try writeVideo(encoding.settings.video.videoFormat(for: .mov), to: output)
        case .stillPNG: return try writeStill(to: output)
        case .webp: return try writeAnimation(.webp, to: output)
        case .apng: return try writeAnimation(.apng, to: output)
        case .lottie, .dotLottie: return try writeLottie(to: output)
        case .svg: return try writeSVG(to: output)
        }
    }

    /// Samples the timeline and lays out the text once (`LottieExport`), then writes the JSON, or
    /// the dotLottie archive of it named after the output.
    private func writeLottie(to output: URL) throws -> RenderReport {
        let loops = try dotLottieLoops()
        let renderer = try FrameRenderer(scene: prepared.scene, fonts: prepared.fonts, images: prepared.images)
        let json = try LottieExport(prepared: prepared, renderer: renderer, isCancelled: isCancelled).document().data
        let data =
            encoding.format == .dotLottie
            ? try DotLottieArchive.archive(
                animation: json, id: DotLottieArchive.id(forName: output.deletingPathExtension().lastPathComponent),
                loops: loops)
            : json
        try checkCancelled()
        try AtomicFile.write(data, to: output, group: group)
        progress(RenderProgress(phase: "frames", done: allFrames.count, total: allFrames.count))
        return report(to: output, bytes: data.count, warnings: [])
    }

    /// Samples the timeline and lays out the text once (`SVGExport`), then writes the document.
    private func writeSVG(to output: URL) throws -> RenderReport {
        let renderer = try FrameRenderer(scene: prepared.scene, fonts: prepared.fonts, images: prepared.images)
        let data = try SVGExport(prepared: prepared, renderer: renderer, isCancelled: isCancelled).document()
        try checkCancelled()
        try AtomicFile.write(data, to: output, group: group)
        progress(RenderProgress(phase: "frames", done: allFrames.count, total: allFrames.count))
        return report(to: output, bytes: data.count, warnings: [])
    }

    /// Whether a dotLottie's manifest says to loop: `output.loop` 0 (forever, the default) loops,
    /// 1 plays once. Players read `loop` as a Bool, so a count of plays cannot be written: it is
    /// refused at `output.loop` before anything is sampled. (Lottie JSON has no playback settings;
    /// the app's player decides.)
    private func dotLottieLoops() throws -> Bool {
        let loop = prepared.scene.output.loop
        guard encoding.format == .dotLottie, loop > 1 else { return loop == 0 }
        var diagnostic = prepared.scene.source.diagnostic(
            at: "output.loop",
            "dotLottie players loop forever or play once, so output.loop \(loop) (play \(loop) times) cannot be "
                + "written into the manifest",
            hint: "set output.loop to 0 (loop forever) or 1 (play once) for .lottie, or render .gif, .webp or .apng, "
                + "which play \(loop) times", kind: .usage)
        diagnostic.usageFollowUp = .none
        throw DiagnosticList([diagnostic])
    }

    /// Streams the GIF into a temporary file beside the output (checked writable before any frame
    /// is rendered), renamed into place at the end. A failure drops the collector or writer, which
    /// removes the temporary.
    private func writeGIF(to output: URL) throws -> RenderReport {
        let finished: FinishedGIF
        do {
            let writer = try encodeGIF(into: makeGIFPaletteCollector(destination: output))
            try checkCancelled()
            finished = try writer.finish()
        } catch {
            throw interruptionOr(error)
        }
        return report(to: output, bytes: fileSize(written(output)), warnings: finished.warnings)
    }

    /// The GIF's bytes, in memory (for comparing against golden GIFs); `encoding.format` is not
    /// consulted.
    func encodeGIFData() throws -> Data {
        try encodeGIF(into: makeGIFPaletteCollector(destination: nil)).finish().bytes
    }

    private func makeGIFPaletteCollector(destination: URL?) throws -> GIFPaletteCollector {
        let canvas = prepared.scene.canvas
        let gifOptions = encoding.settings.gifOptions(loop: prepared.scene.output.loop)
        guard let destination else {
            return try GIFPaletteCollector(
                width: canvas.pixelWidth, height: canvas.pixelHeight, options: gifOptions, jobs: encoding.jobs)
        }
        return try GIFPaletteCollector(
            width: canvas.pixelWidth, height: canvas.pixelHeight, options: gifOptions, jobs: encoding.jobs,
            destination: destination, group: group)
    }

    /// Renders every frame once: the palette pass reads what changed in each
    /// (`renderGIFFrameChanges`), and what changed is kept, run-length packed
    /// (`GIFFrameChange.patch`), for the write pass as long as it fits `gifPatchBudget` bytes beyond
    /// the first frame. Frames from the first one that did not fit on
    /// are rendered a second time, so memory stays flat however many frames there are. Returns
    /// the writer with every frame written, to be finished.
    private func encodeGIF(into collector: consuming GIFPaletteCollector) throws -> GIFFrameWriter {
        let total = allFrames.count
        let canvas = prepared.scene.canvas
        let budget = gifPatchBudget + canvas.pixelWidth * canvas.pixelHeight * 4
        var kept: [GIFFramePatch] = []
        var keptBytes = 0
        var firstNotKept: Int?
        var work = GIFPassWork(frames: total)
        var index = allFrames.lowerBound
        try prepared.renderGIFFrameChanges(
            allFrames, jobs: encoding.jobs, endTime: endTime(ofFrame:), isCancelled: isCancelled
        ) { change in
            collector.add(change.colors)
            if firstNotKept == nil {
                if keptBytes + change.patch.byteCount <= budget {
                    kept.append(change.patch)
                    keptBytes += change.patch.byteCount
                } else {
                    firstNotKept = index
                }
            }
            index += 1
            progress(RenderProgress(phase: "palette", done: index, total: total, fraction: work.palette(done: index)))
        }
        let writer = try collector.finish()
        if writer.needsWholeFrames {
            kept = []
            firstNotKept = 0
        }
        // Frames before `firstNotKept` are written from the patches, each let go as soon as the
        // writer has it (so the write pass's own memory grows into what they held), the rest
        // rendered again.
        kept.reverse()
        var written = 0
        while let patch = kept.popLast() {
            try checkCancelled()
            try writer.write([patch])
            written += 1
            progress(RenderProgress(phase: "frames", done: written, total: total, fraction: work.kept(done: written)))
        }
        guard let firstNotKept else { return writer }
        work.renderAgain(from: firstNotKept)
        let whole = writer.needsWholeFrames
        try prepared.renderFrames(firstNotKept..<total, jobs: encoding.jobs, isCancelled: isCancelled) { frame in
            let changed = whole ? PixelRect.whole(width: frame.image.width, height: frame.image.height) : frame.changed
            try writer.write([
                GIFFramePatch(image: frame.image, changed: changed, endTime: endTime(ofFrame: frame.index))
            ])
            progress(
                RenderProgress(
                    phase: "frames", done: frame.index + 1, total: total,
                    fraction: work.renderedAgain(done: frame.index + 1)))
        }
        return writer
    }

    /// Frames are encoded and written on the worker threads (through the writer's `frames`), so PNG
    /// compression runs in parallel; the consumer only keeps count.
    private func writePNGSequence(to output: URL) throws -> RenderReport {
        let writer = try PNGSequenceWriter(
            destination: output, frameCount: allFrames.count,
            compression: PNGCompression(level: encoding.settings.pngCompression), group: group)
        // A frame that draws the same as the one its worker wrote last is written from that frame's bytes.
        let files = writer.frames
        let frames = prepared.workerPipeline(jobs: encoding.jobs, isCancelled: isCancelled) { worker in
            var last: (state: FrameState, data: Data)?
            return { index in
                let state = worker.state(index)
                if let last, last.state.drawsSame(as: state) {
                    try files.write(encoded: last.data, index: index)
                    return
                }
                let data = try files.encode(worker.image(state))
                last = (state, data)
                try files.write(encoded: data, index: index)
            }
        }
        do {
            try stream(frames, into: { _, _ in })
            try writer.finish()
        } catch {
            // Dropping the unfinished writer removes the temporary folder.
            throw interruptionOr(error)
        }
        return report(to: output, bytes: folderSize(written(output)), warnings: [])
    }

    private func writeVideo(_ format: VideoFormat, to output: URL) throws -> RenderReport {
        let canvas = prepared.scene.canvas
        let (options, warnings) = encoding.settings.video.options(for: format, scene: prepared.scene)
        let writer = try VideoWriter(
            url: output, width: canvas.pixelWidth, height: canvas.pixelHeight,
            fps: timeline.fps, format: format, options: options, group: group,
            audio: encoding.settings.sound && prepared.hasSound ? prepared.soundTrack(isCancelled: isCancelled) : nil)
        // Workers convert their frames to ffmpeg's bytes; the writer's own thread feeds ffmpeg, so
        // this thread only hands frames on and rendering, converting and encoding overlap.
        let converter = writer.converter
        let frames = prepared.pipeline(jobs: encoding.jobs, isCancelled: isCancelled) { _, image in
            converter.frame(image)
        }
        do {
            try stream(frames, into: { try writer.write($1) })
            try writer.finish()
        } catch {
            // Dropping the unfinished writer stops ffmpeg and removes the temporary.
            throw interruptionOr(error)
        }
        return report(to: output, bytes: fileSize(written(output)), warnings: warnings)
    }

    /// Runs `frames` over every frame in order into `write`, then checks that the run was not
    /// cancelled; the caller finishes its output, or abandons it on a throw.
    private func stream<Output>(_ frames: FramePipeline<Output>, into write: (Int, Output) throws -> Void) throws {
        try frames.run(frames: allFrames) { index, image in
            try write(index, image)
            progress(RenderProgress(phase: "frames", done: index + 1, total: allFrames.count))
        }
        try checkCancelled()
    }

    /// A failure that happens once the run was interrupted is reported as the interruption: Ctrl-C
    /// reaches ffmpeg too (same process group), which then stops taking frames.
    func interruptionOr(_ error: Error) -> Error {
        isCancelled() ? CancellationError() : error
    }

    private func writeStill(to output: URL) throws -> RenderReport {
        let renderer = try FrameRenderer(scene: prepared.scene, fonts: prepared.fonts, images: prepared.images)
        let image = try renderer.render(timeline.state(atTime: encoding.settings.stillTime))
        let data = try PNGCodec.encode(image, compression: PNGCompression(level: encoding.settings.pngCompression))
        try checkCancelled()
        try AtomicFile.write(data, to: output, group: group)
        return RenderReport(
            output: output, format: .stillPNG, frameCount: 1, duration: 0,
            bytes: data.count, warnings: [])
    }

    func pipeline() -> FramePipeline<Image> {
        prepared.pipeline(jobs: encoding.jobs, isCancelled: isCancelled)
    }

    /// When a frame stops showing: the next frame's time, the scene's end for the last frame.
    private func endTime(ofFrame index: Int) -> Double {
        min(timeline.time(ofFrame: index + 1), timeline.duration)
    }

    func checkCancelled() throws {
        if isCancelled() { throw CancellationError() }
    }

    func report(to output: URL, bytes: Int, warnings: [Diagnostic]) -> RenderReport {
        RenderReport(
            output: output, format: encoding.format, frameCount: timeline.frameCount,
            duration: timeline.duration, bytes: bytes, warnings: warnings)
    }

    /// Where the finished `output` is now: still the group's temporary, or in place.
    func written(_ output: URL) -> URL {
        group?.stagedURL(for: output) ?? output
    }

    /// The size of the regular file at `url` in bytes (0 when there is none): one `stat`, where
    /// Foundation's resource values cost a millisecond on Linux.
    func fileSize(_ url: URL) -> Int {
        var status = stat()
        guard stat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return 0 }
        return Int(status.st_size)
    }

    private func folderSize(_ url: URL) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.reduce(0) { $0 + fileSize(url.appendingPathComponent($1)) }
    }
}
