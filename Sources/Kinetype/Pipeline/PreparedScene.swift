import Foundation
import KinetypeEncode
import KinetypeRender

/// A scene ready to render: decoded, its timeline compiled, its fonts checked and its pictures
/// decoded (once, shared read-only by every worker).
/// Render it as many times as you like; each render is independent.
public final class PreparedScene: Sendable {
    public let scene: Scene
    public let timeline: Timeline
    public let fonts: FontLibrary
    public let images: SceneImages
    /// The typewriters' sound files, decoded, to mix the keystrokes' track with.
    public let sounds: KeystrokeMix
    /// What the scene gets that it did not ask for (a weight its family lacks, a missing default
    /// family), at JSON paths: every render reports them with its own warnings.
    public let warnings: [Diagnostic]

    /// Checks the canvas size, compiles the timeline, checks every font the scene names and decodes
    /// every picture: `SceneLoader.prepare(_:)` without work limits. Load scene files with
    /// `SceneLoader`, which also decodes and applies overrides, the root and the limits.
    /// - Throws: `Diagnostic` or `DiagnosticList` with JSON paths into the scene.
    public convenience init(scene: Scene) throws {
        let prepared = try LoadingStages.prepare(scene, limits: nil)
        self.init(
            scene: scene, timeline: prepared.timeline, fonts: prepared.fonts, images: prepared.images,
            sounds: prepared.sounds, warnings: prepared.warnings)
    }

    /// The result of the loader's stages.
    init(
        scene: Scene, timeline: Timeline, fonts: FontLibrary, images: SceneImages,
        sounds: KeystrokeMix = KeystrokeMix(), warnings: [Diagnostic] = []
    ) {
        self.scene = scene
        self.timeline = timeline
        self.fonts = fonts
        self.images = images
        self.sounds = sounds
        self.warnings = warnings
    }

    /// Renders to `options.output`, atomically: on failure or cancellation nothing is written and
    /// an existing output stays as it was. With `options.encoding.settings.maxBytes`, a GIF, WebP or APNG is
    /// the best of kinetype's settings that fits (`ByteBudget`), which the report names.
    public func render(
        _ options: RenderOptions, isCancelled: @escaping @Sendable () -> Bool = { false },
        progress: @escaping (RenderProgress) -> Void = { _ in }
    ) throws -> RenderReport {
        if let maximum = options.encoding.settings.maxBytes, ByteBudget.formats.contains(options.encoding.format) {
            var (report, choice) = try renderWithin(
                ByteBudget(maximum: maximum), options, isCancelled: isCancelled, progress: progress)
            report.budget = choice
            return report
        }
        return try renderUnbudgeted(options, isCancelled: isCancelled, progress: progress)
    }

    /// `render` without a byte budget: the settings as they are.
    func renderUnbudgeted(
        _ options: RenderOptions, isCancelled: @escaping @Sendable () -> Bool,
        progress: @escaping (RenderProgress) -> Void
    ) throws -> RenderReport {
        var writer = OutputWriter(
            prepared: self, encoding: options.encoding, isCancelled: isCancelled, progress: progress)
        writer.group = options.group
        var report = try writer.write(to: options.output)
        report.warnings = warnings + motionWarnings(for: options.encoding.format) + report.warnings
        if let sheet = options.contactSheet {
            try ContactSheet(prepared: self).write(to: sheet, jobs: options.encoding.jobs, group: options.group)
        }
        if let haptics = options.haptics {
            try hapticPattern.write(to: haptics, group: options.group)
        }
        if let audio = options.audio {
            let track = soundTrack(isCancelled: isCancelled)
            try track.writeWAV(to: audio, group: options.group) { done in
                progress(RenderProgress(phase: "sound", done: done, total: track.pieces))
            }
        }
        return report
    }

    /// The haptic pattern of the keystrokes the animation shows (from its start up to its end).
    public var hapticPattern: HapticPattern {
        let keystrokes = timeline.keystrokes.keystrokes(within: timeline.duration)
        return HapticPattern(
            keystrokes: keystrokes,
            description: "\(keystrokes.count) keystrokes over "
                + "\(ReportNumbers.seconds(timeline.duration)) s, made by kinetype")
    }

    /// The warnings a render with `encoding` gives that are known before its first frame: the
    /// scene's own (a weight its family lacks), the WCAG warnings of its motion (`motionWarnings`)
    /// and what the format cannot show (a GIF above 50 fps, a transparent canvas in an MP4). `render` lists them again in its report, in the same words,
    /// so a command can print them first and leave them out after.
    public func warningsBeforeRendering(_ encoding: EncodingOptions) -> [Diagnostic] {
        var found = warnings + motionWarnings(for: encoding.format)
        if encoding.format == .gif, let merged = GIFFrameRate.mergedFramesWarning(fps: timeline.fps) {
            found.append(merged)
        }
        if let video = encoding.format.traits.video {
            let settings = encoding.settings.video
            found += settings.options(for: settings.videoFormat(for: video), scene: scene).1
        }
        if encoding.settings.sound, let note = soundNote(for: encoding.format) { found.append(note) }
        return found
    }

    /// The WCAG warnings of the animation in `format` (`MotionSafety`): none for a still or frames.
    public func motionWarnings(for format: OutputFormat) -> [Diagnostic] {
        let playback = format.playback
        guard playback.animates else { return [] }
        return MotionSafety.warnings(timeline, scene: scene, loops: playback.loops)
    }

    /// Renders one frame by index on the calling thread (a fresh renderer; for tests and tools).
    public func renderFrame(_ index: Int) throws -> Image {
        try FrameRenderer(scene: scene, fonts: fonts, images: images).render(timeline.state(atFrame: index))
    }

    /// Renders one frame by index and encodes it as a PNG, as the preview serves frames.
    public func renderFramePNG(_ index: Int, compression: PNGCompression = PNGCompression(level: 1)) throws -> Data {
        try PNGCodec.encode(renderFrame(index), compression: compression)
    }

    /// A pipeline whose workers each own a `FrameRenderer`.
    func pipeline(jobs: Int, isCancelled: @escaping @Sendable () -> Bool) -> FramePipeline<Image> {
        pipeline(jobs: jobs, isCancelled: isCancelled) { _, image in image }
    }

    /// A pipeline whose workers each own a `FrameRenderer` and pass every frame through
    /// `transform` on the worker thread.
    func pipeline<Output: Sendable>(
        jobs: Int, isCancelled: @escaping @Sendable () -> Bool,
        transform: @escaping @Sendable (Int, Image) throws -> Output
    )
        -> FramePipeline<Output>
    {
        workerPipeline(jobs: jobs, isCancelled: isCancelled) { worker in
            { index in try transform(index, worker.image(worker.state(index))) }
        }
    }

    /// A pipeline whose workers each own a `FrameWorker`; `makeFunction` makes, once per worker,
    /// the function that turns a frame index into the worker's result.
    func workerPipeline<Output: Sendable>(
        jobs: Int, isCancelled: @escaping @Sendable () -> Bool,
        makeFunction: @escaping @Sendable (FrameWorker) -> (Int) throws -> Output
    ) -> FramePipeline<Output> {
        FramePipeline(
            jobs: jobs,
            makeRenderer: { [self] in makeFunction(try FrameWorker(prepared: self)) }, isCancelled: isCancelled)
    }
}
