import Foundation
import KinetypeEncode

/// Renders scenes and compares them with stored golden frames.
///
/// A golden set for `intro.json` is the folder `<goldens>/intro/` with `frame_0001.png …` (1-based
/// frame numbers) and `environment.json`, or the file `<goldens>/intro.gif`, `.webp` or `.apng`
/// (`GoldenSetNames` says how directions and appearances are named).
///
/// What a run writes depends on its `RecordMode`, and a failing set is never changed:
/// - `missing` records a whole set for a scene that has none, and adds the frames a set lacks only
///   when every frame it has passes;
/// - `failed` and `all` replace the set as a whole with exactly the frames this run compares (the
///   passing goldens kept as they were, or everything rendered afresh), so no obsolete frame stays;
/// - `never` writes nothing.
/// A folder set is written into a temporary copy that replaces it in one step once the scene is
/// done (`GoldenSetRecording`), or with the run's other sets when `group` is given.
public enum GoldenVerifier {
    static let environmentFile = "environment.json"

    /// Verifies the scene file at `path`, in `colorScheme` when given (against the golden set
    /// `<name>-dark` for dark), else in the scene's own `canvas.colorScheme` (against `<name>`).
    /// Goldens it records are put in place with `group`'s other outputs when given, else at once.
    public static func verify(
        sceneAt path: String, colorScheme: ColorScheme? = nil, options: VerifyOptions, group: OutputGroup? = nil
    ) throws -> SceneVerification {
        let prepared = try SceneLoader(
            .file(path: path),
            overrides: SceneOverrides(
                values: options.overrides, layoutDirection: options.layoutDirection, colorScheme: colorScheme,
                systemFonts: options.systemFonts),
            root: options.root, limits: options.limits
        ).load()
        let name = GoldenSetNames.name(
            stem: GoldenSetNames.stem(ofScene: path),
            direction: options.layoutDirection.map { _ in prepared.scene.canvas.layoutDirection },
            colorScheme: colorScheme)
        return try verify(prepared, name: name, options: options, group: group)
    }

    /// Verifies a prepared scene against the golden set called `name`.
    public static func verify(
        _ prepared: PreparedScene, name: String, options: VerifyOptions, group: OutputGroup? = nil
    ) throws -> SceneVerification {
        try options.limits.check(prepared.timeline, of: prepared.scene)
        FailureArtifacts(folder: options.artifactsFolder.appendingPathComponent(name)).removeStale()
        let folder = options.goldenFolder.appendingPathComponent(name)
        if !FileManager.default.fileExists(atPath: folder.path), let file = try goldenFile(named: name, in: options) {
            let golden = AnimationGolden(
                prepared: prepared, name: name, golden: file.url, format: file.format, options: options, group: group)
            return try AnimationGoldenVerifier(golden).verify()
        }
        return try FrameGoldenVerifier(prepared: prepared, name: name, folder: folder, options: options, group: group)
            .verify()
    }

    /// The golden animation `<name>.gif`, `.webp` or `.apng`, if there is one; two of them are a
    /// usage error, since either could be meant.
    private static func goldenFile(named name: String, in options: VerifyOptions) throws
        -> (url: URL, format: AnimationFormat)?
    {
        let found = AnimationFormat.allCases.map { format in
            (options.goldenFolder.appendingPathComponent("\(name).\(format.fileExtension)"), format)
        }.filter { FileManager.default.fileExists(atPath: $0.0.path) }
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
    let group: OutputGroup?

    var frameCount: Int { prepared.timeline.frameCount }

    func verify() throws -> SceneVerification {
        let current = GoldenEnvironment.current(for: prepared)
        let recorded = GoldenEnvironment.read(from: folder.appendingPathComponent(GoldenVerifier.environmentFile))
        let frames = GoldenVerifier.frames(options.frames, of: prepared.timeline)
        let stored = storedFrames()
        let compared = Set(frames.map { GoldenFrameName.name(index: $0, frameCount: frameCount) })
        let obsolete = stored.subtracting(compared).sorted()
        let setExists = FileManager.default.fileExists(atPath: folder.path)
        let recording = GoldenSetRecording(
            folder: folder,
            basis: (options.record == .missing || options.record == .never) && setExists
                ? .existingSet(dropping: options.prune ? Set(obsolete) : []) : .empty,
            group: group)
        var result = SceneVerification(
            scene: name, golden: folder.path, environmentChanges: recorded.map { $0.changes(to: current) } ?? [],
            problems: [], frames: [])
        do {
            var sizeMismatches: [String] = []
            try compareOrRecord(
                frames: frames, stored: stored, into: recording, verdicts: &result.frames,
                sizeMismatches: &sizeMismatches)
            if options.isCancelled() { throw CancellationError() }
            if let first = sizeMismatches.first {
                let more = sizeMismatches.count > 1 ? " (and \(sizeMismatches.count - 1) more frame(s))" : ""
                result.problems.append("\(first)\(more); such goldens are not decoded")
            }
            let pastTheEnd = obsolete.filter { (GoldenFrameName.index(of: $0) ?? 0) >= frameCount }
            if options.frames == .all, !pastTheEnd.isEmpty, options.record == .never || options.record == .missing {
                result.problems.append(
                    "the golden set has \(pastTheEnd.count) frame(s) more than the scene's \(frameCount); the "
                        + "animation got shorter (re-record with \(CommandLineOption.record.flag) all if that is "
                        + "intended)"
                )
            }
            try finish(recording, result: &result, obsolete: obsolete, setExists: setExists, environment: current)
        } catch {
            recording.discard()
            throw error
        }
        return result
    }

    /// Commits or discards the recording as the record mode says, and settles what the result
    /// says was recorded and what is obsolete.
    private func finish(
        _ recording: GoldenSetRecording, result: inout SceneVerification, obsolete: [String], setExists: Bool,
        environment: GoldenEnvironment
    ) throws {
        let changed = !recording.writtenNames.isEmpty
        let replacesSet = options.record == .all || options.record == .failed
        let prunes = options.prune && !obsolete.isEmpty
        let commit: Bool
        switch options.record {
        case .never:
            commit = prunes && result.passed
        case .missing:
            commit = (changed || prunes) && (!setExists || result.passed)
        case .failed:
            commit = changed || !obsolete.isEmpty || !setExists || !result.problems.isEmpty
        case .all:
            commit = true
        }
        if commit {
            try recording.commit(environment: environment)
            if replacesSet || options.prune {
                result.removedFrames = obsolete
            } else {
                result.obsoleteFrames = obsolete
            }
            if replacesSet { result.problems = [] }
        } else {
            recording.discard()
            result.obsoleteFrames = obsolete
            if changed {
                result.recordingWithheld = true
                for index in result.frames.indices where result.frames[index].status == .recorded {
                    result.frames[index].status = .missing
                }
            }
        }
    }

    /// The golden frame files of the set.
    private func storedFrames() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Set(names.filter { GoldenFrameName.index(of: $0) != nil })
    }

    /// Renders `frames`, compares each with its golden and writes into `recording` what the
    /// record mode asks for. A golden whose header gives another size than the render's fails
    /// without being decoded.
    private func compareOrRecord(
        frames: [Int], stored: Set<String>, into recording: GoldenSetRecording, verdicts: inout [FrameVerdict],
        sizeMismatches: inout [String]
    ) throws {
        try prepared.pipeline(jobs: options.jobs, isCancelled: options.isCancelled).run(frames: frames) {
            index, actual in
            let fileName = GoldenFrameName.name(index: index, frameCount: frameCount)
            var verdict = FrameVerdict(frame: index, time: prepared.timeline.time(ofFrame: index), status: .passed)
            defer {
                verdicts.append(verdict)
                options.progress(verdicts.count, frames.count)
            }
            var check = GoldenImageCheck(
                golden: folder.appendingPathComponent(fileName), record: options.record,
                comparison: options.comparison, failureImages: options.artifactsFolder.appendingPathComponent(name),
                name: FailureArtifacts.stem(frame: index, frameCount: frameCount))
            check.kind = "golden frame"
            let checked = try check.check(actual, hasGolden: stored.contains(fileName)) { image in
                try recording.write(image, named: fileName)
            }
            verdict.record(checked)
            if let sizes = checked.sizes {
                sizeMismatches.append(
                    "golden \(fileName) is \(sizes.golden.width)×\(sizes.golden.height) pixels, the render "
                        + "\(sizes.image.width)×\(sizes.image.height)")
            }
            // A set replaced in `failed` mode keeps the goldens of the frames that pass.
            if verdict.status == .passed, options.record == .failed { recording.keep(fileName) }
        }
    }
}
