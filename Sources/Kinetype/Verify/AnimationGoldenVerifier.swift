import Foundation
import KinetypeEncode

/// A golden animation file (`intro.gif`, `.webp` or `.apng`) and what verifying a scene against it
/// needs.
struct AnimationGolden {
    let prepared: PreparedScene
    let name: String
    let golden: URL
    let format: AnimationFormat
    let options: VerifyOptions
    /// Where a re-recorded golden goes with the run's other outputs; nil to write it at once.
    let group: OutputGroup?
}

/// Compares against a golden GIF, WebP or APNG: the animation is encoded afresh in that format
/// (WebP lossless) and both files are decoded to whole canvases, then their sizes, play counts,
/// frame durations and frames are compared (never the file bytes, which may legitimately differ
/// when an encoder improves). A golden whose header gives another size than the render's fails
/// without being decoded.
struct AnimationGoldenVerifier {
    let golden: AnimationGolden

    init(_ golden: AnimationGolden) {
        self.golden = golden
    }

    private var options: VerifyOptions { golden.options }
    private var kind: String { golden.format.displayName }
    /// GIF delays are centiseconds, WebP and APNG durations milliseconds.
    private var unit: (name: String, perSecond: Double) {
        switch golden.format {
        case .gif: ("cs", 100)
        case .webp, .apng: ("ms", 1000)
        }
    }

    func verify() throws -> SceneVerification {
        let fresh = try encodeRender()
        if options.isCancelled() { throw CancellationError() }
        let environmentURL = options.goldenFolder.appendingPathComponent(golden.name + ".environment.json")
        let current = GoldenEnvironment.current(for: golden.prepared)
        let changes = GoldenEnvironment.read(from: environmentURL).map { $0.changes(to: current) } ?? []
        var result = SceneVerification(
            scene: golden.name, golden: golden.golden.path, environmentChanges: changes, problems: [], frames: [])
        if options.record == .all {
            try record(fresh, environment: current, at: environmentURL)
            result.frames = [FrameVerdict(frame: 0, time: 0, status: .recorded)]
            return result
        }
        let actual = try decode(fresh, name: "the render", budget: .max)
        let data = try GoldenFile.read(golden.golden, kind: "golden \(kind)")
        if let size = headerSize(data), size != (actual.width, actual.height) {
            result.problems.append(
                "the golden \(kind) is \(size.width)×\(size.height) pixels, the render \(actual.width)×\(actual.height); it is not decoded"
            )
        } else {
            let expected = try decode(
                data, name: "golden \(golden.golden.path)",
                budget: max(2 * actual.frames.count * actual.width * actual.height, ImageLimits.golden.maxPixels))
            result.problems = differences(expected, actual)
            result.frames = try compareFrames(expected, actual)
        }
        guard !result.passed, options.record == .failed else { return result }
        try record(fresh, environment: current, at: environmentURL)
        result.problems = []
        for index in result.frames.indices where result.frames[index].status == .failed {
            result.frames[index].status = .updated
        }
        if result.frames.isEmpty { result.frames = [FrameVerdict(frame: 0, time: 0, status: .updated)] }
        return result
    }

    private func encodeRender() throws -> Data {
        var encoding = EncodingOptions(format: golden.format.outputFormat)
        encoding.jobs = options.jobs
        let writer = OutputWriter(
            prepared: golden.prepared, encoding: encoding, isCancelled: options.isCancelled, progress: { _ in })
        switch golden.format {
        case .gif: return try writer.encodeGIFData()
        case .webp: return try writer.encodeAnimationData(.webp)
        case .apng: return try writer.encodeAnimationData(.apng)
        }
    }

    private func record(_ fresh: Data, environment: GoldenEnvironment, at environmentURL: URL) throws {
        try AtomicFile.write(fresh, to: golden.golden, group: golden.group)
        try environment.write(to: environmentURL, group: golden.group)
    }

    /// How the golden and the render differ as animations: size, play count, frame durations.
    private func differences(_ expected: DecodedAnimation, _ actual: DecodedAnimation) -> [String] {
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
                "frame \(unit.name == "cs" ? "delays" : "durations") differ: the golden has \(expected.frames.count) frames lasting \(expected.totalDuration) \(unit.name), the render \(actual.frames.count) frames lasting \(actual.totalDuration) \(unit.name)"
            )
        }
        return problems
    }

    private func compareFrames(_ expected: DecodedAnimation, _ actual: DecodedAnimation) throws -> [FrameVerdict] {
        guard (expected.width, expected.height) == (actual.width, actual.height) else { return [] }
        var verdicts: [FrameVerdict] = []
        var time = 0.0
        for index in 0..<min(expected.frames.count, actual.frames.count) {
            let expectedFrame = expected.frames[index].image
            let actualFrame = actual.frames[index].image
            let check = GoldenImageCheck(
                golden: golden.golden, record: options.record, comparison: options.comparison,
                failureImages: options.artifactsFolder.appendingPathComponent(golden.name),
                name: FailureArtifacts.stem(frame: index, frameCount: expected.frames.count))
            var verdict = FrameVerdict(frame: index, time: time, status: .passed)
            verdict.record(try check.compare(expected: expectedFrame, actual: actualFrame))
            verdicts.append(verdict)
            time += Double(expected.frames[index].duration) / unit.perSecond
        }
        return verdicts
    }

    /// The canvas size the file's header gives, read without decoding.
    private func headerSize(_ data: Data) -> (width: Int, height: Int)? {
        switch golden.format {
        case .gif: ImageHeader.gifLayout(data).map { ($0.width, $0.height) }
        case .webp: ImageHeader.webpSize(data)
        case .apng: ImageHeader.pngSize(data)
        }
    }

    /// Decodes `data` in the golden's format; a GIF's delays become the frames' durations (in cs).
    private func decode(_ data: Data, name: String, budget: Int) throws -> DecodedAnimation {
        switch golden.format {
        case .webp:
            return try WebPDecoder.decode(data, name: name, pixelBudget: budget)
        case .gif:
            do {
                let gif = try GIFDecoder.decode(data, limits: .golden, pixelBudget: budget)
                return DecodedAnimation(
                    width: gif.width, height: gif.height, playCount: gif.playCount,
                    frames: gif.frames.map { .init(image: $0.image, duration: $0.delay) })
            } catch var problem as DiagnosticList {
                for index in problem.diagnostics.indices {
                    problem.diagnostics[index].message = "\(name): \(problem.diagnostics[index].message)"
                }
                throw problem
            }
        case .apng:
            return try APNGDecoder.decode(data, name: name, pixelBudget: budget)
        }
    }

    private func describePlays(_ count: Int) -> String {
        count == 0 ? "forever" : count == 1 ? "once" : "\(count) times"
    }
}

/// Reading a golden file: a regular file of at most `RegularFile.imageLimit` bytes, or a
/// diagnostic that names it.
enum GoldenFile {
    static func read(_ url: URL, kind: String) throws -> Data {
        do throws(InputFileError) {
            return try RegularFile.read(url.path, limit: RegularFile.imageLimit)
        } catch {
            throw Diagnostic(kind: error.kind, message: "cannot read the \(kind) \(url.path): the file \(error.reason)")
                .fail()
        }
    }
}
