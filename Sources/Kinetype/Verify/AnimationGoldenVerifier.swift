import Foundation
import KinetypeEncode

/// Compares against a golden animated WebP or APNG: the animation is encoded afresh (lossless)
/// and both files are decoded to whole canvases, then their sizes, play counts, frame durations
/// and frames are compared (never the file bytes, which may legitimately differ when an encoder
/// improves). Like a golden GIF, but without GIF's palette: a lossless golden matches the render
/// exactly.
struct AnimationGoldenVerifier {
    let prepared: PreparedScene
    let name: String
    let golden: URL
    /// `.webp` or `.apng`.
    let format: OutputFormat
    let options: VerifyOptions

    private var kind: String { format == .webp ? "WebP" : "APNG" }

    func verify() throws -> SceneVerification {
        var encoding = EncodingOptions(format: format)
        encoding.jobs = options.jobs
        let writer = OutputWriter(
            prepared: prepared, encoding: encoding, isCancelled: options.isCancelled, progress: { _ in })
        let fresh = try writer.encodeAnimationData(format)
        if options.isCancelled() { throw CancellationError() }
        let environmentURL = options.goldenFolder.appendingPathComponent(name + ".environment.json")
        let current = GoldenEnvironment.current(for: prepared)
        let changes = GoldenEnvironment.read(from: environmentURL).map { $0.changes(to: current) } ?? []

        if options.record == .all {
            try AtomicFile.write(fresh, to: golden)
            try current.write(to: environmentURL)
            return result(changes: changes, problems: [], frames: [FrameVerdict(frame: 0, time: 0, status: .recorded)])
        }
        let actual = try decode(fresh, name: "the render", budget: .max)
        let expected = try readGolden(budget: actual.frames.count * actual.width * actual.height)
        var problems: [String] = []
        if (expected.width, expected.height) != (actual.width, actual.height) {
            problems.append(
                "the golden \(kind) is \(expected.width)×\(expected.height) pixels, the render \(actual.width)×\(actual.height)"
            )
        }
        if expected.playCount != actual.playCount {
            problems.append(
                "the golden \(kind) plays \(describePlays(expected.playCount)), the render \(describePlays(actual.playCount))"
            )
        }
        if expected.frames.map(\.duration) != actual.frames.map(\.duration) {
            problems.append(
                "frame durations differ: the golden has \(expected.frames.count) frames lasting \(expected.totalDuration) ms, the render \(actual.frames.count) frames lasting \(actual.totalDuration) ms"
            )
        }
        var verdicts: [FrameVerdict] = []
        var time = 0.0
        let sameSize = (expected.width, expected.height) == (actual.width, actual.height)
        for index in 0..<(sameSize ? min(expected.frames.count, actual.frames.count) : 0) {
            let expectedFrame = expected.frames[index].image
            let actualFrame = actual.frames[index].image
            let comparison = PerceptualComparison.compare(
                expected: expectedFrame, actual: actualFrame, options: options.comparison)
            var verdict = FrameVerdict(
                frame: index, time: time, status: comparison.passed ? .passed : .failed,
                changedPixels: comparison.changedPixels, antialiasedPixels: comparison.antialiasedPixels,
                maxDistance: comparison.maxDistance)
            if !comparison.passed {
                verdict.attach(
                    try FailureArtifacts(folder: options.artifactsFolder.appendingPathComponent(name))
                        .write(
                            frame: index, frameCount: expected.frames.count, expected: expectedFrame,
                            actual: actualFrame, diff: comparison.diffImage))
            }
            verdicts.append(verdict)
            time += Double(expected.frames[index].duration) / 1000
        }
        let failed = !problems.isEmpty || verdicts.contains { $0.status == .failed }
        if failed, options.record == .failed {
            try AtomicFile.write(fresh, to: golden)
            try current.write(to: environmentURL)
            return result(
                changes: changes, problems: [],
                frames: verdicts.map { verdict in
                    var updated = verdict
                    if updated.status == .failed { updated.status = .updated }
                    return updated
                })
        }
        return result(changes: changes, problems: problems, frames: verdicts)
    }

    private func decode(_ data: Data, name: String, budget: Int) throws -> DecodedAnimation {
        format == .webp
            ? try WebPDecoder.decode(data, name: name, pixelBudget: budget)
            : try APNGDecoder.decode(data, name: name, pixelBudget: budget)
    }

    /// The golden file, refused before decoding when it is not a regular file of at most
    /// `RegularFile.imageLimit` bytes, its canvas is beyond the canvas limit, or it would decode to
    /// more than twice the render's pixels (at least 8192² pixels).
    private func readGolden(budget: Int) throws -> DecodedAnimation {
        let data: Data
        do throws(InputFileError) {
            data = try RegularFile.read(golden.path, limit: RegularFile.imageLimit)
        } catch {
            throw Diagnostic(
                kind: error.kind, message: "cannot read the golden \(kind) \(golden.path): the file \(error.reason)"
            ).fail()
        }
        return try decode(data, name: "golden \(golden.path)", budget: max(2 * budget, ImageLimits.golden.maxPixels))
    }

    private func result(changes: [String], problems: [String], frames: [FrameVerdict]) -> SceneVerification {
        SceneVerification(
            scene: name, golden: golden.path, environmentChanges: changes, problems: problems, frames: frames)
    }

    private func describePlays(_ count: Int) -> String {
        count == 0 ? "forever" : count == 1 ? "once" : "\(count) times"
    }
}
