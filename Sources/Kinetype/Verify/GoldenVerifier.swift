import Foundation
import KinetypeEncode

/// Renders scenes and compares them with stored golden frames.
///
/// A golden set for `intro.json` is the folder `<goldens>/intro/` with `frame_0001.png …` (1-based
/// frame numbers) and `environment.json`, or the file `<goldens>/intro.gif`, `.webp` or `.apng`.
/// With a layout direction override the set is `intro-rightToLeft` (or `intro-leftToRight`);
/// verified in the dark appearance on request (`--color-scheme dark`), it gets `-dark` after that
/// (`OutputNaming`): `intro-dark/`, `intro-rightToLeft-dark.gif`. A folder set is
/// recorded as a whole: new goldens go into a temporary copy of the set that replaces it in one
/// step once the scene is done (`AtomicFolder`), so an interrupted or failed run never leaves a
/// half-recorded set.
public enum GoldenVerifier {
    static let environmentFile = "environment.json"

    /// Verifies the scene file at `path`, in `colorScheme` when given (against the golden set
    /// `<name>-dark` for dark), else in the scene's own `canvas.colorScheme` (against `<name>`).
    public static func verify(sceneAt path: String, colorScheme: ColorScheme? = nil, options: VerifyOptions) throws
        -> SceneVerification
    {
        let prepared = try SceneLoader(
            .file(path: path),
            overrides: SceneOverrides(
                values: options.overrides, layoutDirection: options.layoutDirection, colorScheme: colorScheme),
            root: options.root, limits: options.limits
        ).load()
        var name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        if options.layoutDirection != nil { name += "-" + prepared.scene.canvas.layoutDirection.rawValue }
        name = OutputNaming.stem(name, colorScheme: colorScheme)
        return try verify(prepared, name: name, options: options)
    }

    /// Verifies a prepared scene against the golden set called `name`.
    public static func verify(_ prepared: PreparedScene, name: String, options: VerifyOptions) throws
        -> SceneVerification
    {
        try options.limits.check(
            frameCount: prepared.timeline.frameCount, of: prepared.scene, fps: prepared.timeline.fps)
        let folder = options.goldenFolder.appendingPathComponent(name)
        if !FileManager.default.fileExists(atPath: folder.path), let file = try goldenFile(named: name, in: options) {
            switch file.format {
            case .gif:
                return try GIFGoldenVerifier(prepared: prepared, name: name, golden: file.url, options: options)
                    .verify()
            default:
                return try AnimationGoldenVerifier(
                    prepared: prepared, name: name, golden: file.url, format: file.format, options: options
                ).verify()
            }
        }
        return try FrameGoldenVerifier(prepared: prepared, name: name, folder: folder, options: options).verify()
    }

    /// The golden animation `<name>.gif`, `.webp` or `.apng`, if there is one; two of them are a
    /// usage error, since either could be meant.
    private static func goldenFile(named name: String, in options: VerifyOptions) throws
        -> (url: URL, format: OutputFormat)?
    {
        let candidates: [(String, OutputFormat)] = [("gif", .gif), ("webp", .webp), ("apng", .apng)]
        let found = candidates.map { (options.goldenFolder.appendingPathComponent("\(name).\($0.0)"), $0.1) }
            .filter { FileManager.default.fileExists(atPath: $0.0.path) }
        guard found.count <= 1 else {
            throw Diagnostic(
                kind: .usage,
                message:
                    "the golden folder holds \(found.map { $0.0.lastPathComponent }.joined(separator: " and ")) for scene \(name); keep one"
            ).fail()
        }
        return found.first.map { (url: $0.0, format: $0.1) }
    }

    /// The frame indices a selection names, sorted and unique.
    static func frames(_ selection: FrameSelection, of timeline: Timeline) -> [Int] {
        let last = timeline.frameCount - 1
        let index = { (time: Double) in min(last, max(0, timeline.frame(atTime: time))) }
        switch selection {
        case .all:
            return Array(0...last) // bounded by the work limits, checked before
        case .times(let times):
            return Array(Set(times.map(index))).sorted()
        case .sample(let every):
            var frames = Set(stride(from: 0, through: last, by: every))
            frames.insert(last)
            for layer in timeline.summary.layers {
                for animation in layer.animations {
                    frames.insert(index(animation.start))
                    frames.insert(index(animation.end))
                }
            }
            return frames.sorted()
        }
    }
}

/// Compares against a folder of golden PNG frames.
private struct FrameGoldenVerifier {
    let prepared: PreparedScene
    let name: String
    let folder: URL
    let options: VerifyOptions

    func verify() throws -> SceneVerification {
        let environmentURL = folder.appendingPathComponent(GoldenVerifier.environmentFile)
        let current = GoldenEnvironment.current(for: prepared)
        let recorded = GoldenEnvironment.read(from: environmentURL)
        let frames = GoldenVerifier.frames(options.frames, of: prepared.timeline)
        let frameCount = prepared.timeline.frameCount
        var verdicts: [FrameVerdict] = []
        let recording = GoldenSetRecording(folder: folder)
        do {
            try compareOrRecord(frames: frames, into: recording, verdicts: &verdicts)
            if options.isCancelled() { throw CancellationError() }
            try recording.commit(environment: current)
        } catch {
            recording.discard()
            throw error
        }
        let wroteGoldens = recording.hasGoldens
        var problems: [String] = []
        if options.frames == .all, !wroteGoldens || options.record != .all {
            let extra = goldenFrameCount() - frameCount
            if extra > 0 {
                problems.append(
                    "the golden set has \(extra) frame(s) more than the scene's \(frameCount); the animation got shorter (re-record with --record all if that is intended)"
                )
            }
        }
        return SceneVerification(
            scene: name, golden: folder.path,
            environmentChanges: recorded.map { $0.changes(to: current) } ?? [],
            problems: problems, frames: verdicts)
    }

    /// Renders `frames`, compares each with its golden and records the ones the record mode asks
    /// for into `recording`.
    private func compareOrRecord(frames: [Int], into recording: GoldenSetRecording, verdicts: inout [FrameVerdict])
        throws
    {
        let frameCount = prepared.timeline.frameCount
        try prepared.pipeline(jobs: options.jobs, isCancelled: options.isCancelled).run(frames: frames) {
            index, actual in
            let file = folder.appendingPathComponent(PNGSequenceWriter.fileName(index: index, frameCount: frameCount))
            var verdict = FrameVerdict(frame: index, time: prepared.timeline.time(ofFrame: index), status: .passed)
            let expected = FileManager.default.fileExists(atPath: file.path) ? try PNGCodec.read(contentsOf: file) : nil
            switch (expected, options.record) {
            case (_, .all), (nil, .missing), (nil, .failed):
                try recording.write(actual, named: file.lastPathComponent)
                verdict.status = .recorded
            case (nil, .never):
                verdict.status = .missing
            case (let expected?, _):
                let comparison = PerceptualComparison.compare(
                    expected: expected, actual: actual, options: options.comparison)
                verdict.changedPixels = comparison.changedPixels
                verdict.antialiasedPixels = comparison.antialiasedPixels
                verdict.maxDistance = comparison.maxDistance
                if !comparison.passed {
                    if options.record == .failed {
                        try recording.write(actual, named: file.lastPathComponent)
                        verdict.status = .updated
                    } else {
                        verdict.status = .failed
                        verdict.attach(
                            try FailureArtifacts(folder: options.artifactsFolder.appendingPathComponent(name))
                                .write(
                                    frame: index, frameCount: frameCount, expected: expected, actual: actual,
                                    diff: comparison.diffImage))
                    }
                }
            }
            verdicts.append(verdict)
            options.progress(verdicts.count, frames.count)
        }
    }

    private func goldenFrameCount() -> Int {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasPrefix("frame_") && $0.hasSuffix(".png") }.count
    }
}
