import Foundation
import KinetypeEncode

/// Compares against a golden GIF: the animation is encoded afresh and both files are decoded,
/// then their frames, delays and loop counts are compared (never the file bytes, which may
/// legitimately differ when the encoder improves).
struct GIFGoldenVerifier {
    let prepared: PreparedScene
    let name: String
    let golden: URL
    let options: VerifyOptions

    func verify() throws -> SceneVerification {
        var encoding = EncodingOptions(format: .gif)
        encoding.jobs = options.jobs
        let writer = OutputWriter(
            prepared: prepared, encoding: encoding, isCancelled: options.isCancelled, progress: { _ in })
        let fresh = try writer.encodeGIFData()
        if options.isCancelled() { throw CancellationError() }
        let environmentURL = options.goldenFolder.appendingPathComponent(name + ".environment.json")
        let current = GoldenEnvironment.current(for: prepared)
        let changes = GoldenEnvironment.read(from: environmentURL).map { $0.changes(to: current) } ?? []

        if options.record == .all {
            try AtomicFile.write(fresh, to: golden)
            try current.write(to: environmentURL)
            return result(changes: changes, problems: [], frames: [FrameVerdict(frame: 0, time: 0, status: .recorded)])
        }
        let actual = try GIFDecoder.decode(fresh, pixelBudget: .max)
        let expected = try readGolden(budget: actual.frames.count * actual.width * actual.height)
        var problems: [String] = []
        if (expected.width, expected.height) != (actual.width, actual.height) {
            problems.append(
                "the golden GIF is \(expected.width)×\(expected.height) pixels, the render \(actual.width)×\(actual.height)"
            )
        }
        if expected.playCount != actual.playCount {
            problems.append(
                "the golden GIF plays \(describePlays(expected.playCount)), the render \(describePlays(actual.playCount))"
            )
        }
        let expectedDelays = expected.frames.map(\.delay)
        let actualDelays = actual.frames.map(\.delay)
        if expectedDelays != actualDelays {
            problems.append(
                "frame delays differ: the golden has \(expectedDelays.count) frames lasting \(expected.totalDelay) cs, the render \(actualDelays.count) frames lasting \(actual.totalDelay) cs"
            )
        }
        var verdicts: [FrameVerdict] = []
        var time = 0.0
        for index in 0..<min(expected.frames.count, actual.frames.count) {
            let expectedFrame = expected.frames[index].image
            let actualFrame = actual.frames[index].image
            let comparison = PerceptualComparison.compare(
                expected: expectedFrame, actual: actualFrame,
                options: options.comparison)
            var verdict = FrameVerdict(
                frame: index, time: time, status: comparison.passed ? .passed : .failed,
                changedPixels: comparison.changedPixels,
                antialiasedPixels: comparison.antialiasedPixels,
                maxDistance: comparison.maxDistance)
            if !comparison.passed {
                verdict.attach(
                    try FailureArtifacts(folder: options.artifactsFolder.appendingPathComponent(name))
                        .write(
                            frame: index, frameCount: expected.frames.count, expected: expectedFrame,
                            actual: actualFrame, diff: comparison.diffImage))
            }
            verdicts.append(verdict)
            time += Double(expected.frames[index].delay) / 100
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

    /// The golden GIF, refused before decoding when it is not a regular file of at most
    /// `RegularFile.imageLimit` bytes, its screen is beyond the canvas limit, or it would decode to
    /// more than twice the render's pixels (at least 8192² pixels).
    private func readGolden(budget: Int) throws -> DecodedGIF {
        let data: Data
        do throws(InputFileError) {
            data = try RegularFile.read(golden.path, limit: RegularFile.imageLimit)
        } catch {
            throw Diagnostic(
                kind: error.kind, message: "cannot read the golden GIF \(golden.path): the file \(error.reason)"
            ).fail()
        }
        do {
            return try GIFDecoder.decode(
                data, limits: .golden, pixelBudget: max(2 * budget, ImageLimits.golden.maxPixels))
        } catch var problem as DiagnosticList {
            for index in problem.diagnostics.indices {
                problem.diagnostics[index].message = "golden \(golden.path): \(problem.diagnostics[index].message)"
            }
            throw problem
        }
    }

    private func result(changes: [String], problems: [String], frames: [FrameVerdict]) -> SceneVerification {
        SceneVerification(
            scene: name, golden: golden.path, environmentChanges: changes, problems: problems, frames: frames)
    }

    private func describePlays(_ count: Int) -> String {
        count == 0 ? "forever" : count == 1 ? "once" : "\(count) times"
    }
}
