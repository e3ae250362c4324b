import Foundation
import KinetypeEncode

/// One image checked against its golden PNG: the step `verify` takes for each frame of a folder set
/// (`GoldenVerifier`), and kinetype's own golden-image tests for each image they draw.
///
/// The record mode decides, by `RecordMode.outcome`, whether the golden is read and compared and
/// whether the image is to be written as the golden (`recorded`, `updated`). A golden whose header
/// gives another size than the image's fails without being decoded; an image that differs from its
/// golden gets its expected, actual and diff images written (`FailureArtifacts`) for a person to
/// look at, unless `failed` mode replaces the golden.
public struct GoldenImageCheck: Sendable {
    /// The golden PNG file.
    public var golden: URL
    public var record: RecordMode
    public var comparison: ComparisonOptions
    /// Where the failure images go.
    var artifacts: FailureArtifacts
    /// The first part of the failure images' names: `<stem>.expected.png`, `<stem>.actual.png` ….
    var artifactsStem: String
    /// What the golden is called when it cannot be read: `golden frame`, `golden image`.
    var kind = "golden image"

    /// A check of an image against the PNG file `golden`, under `record`, within `comparison`;
    /// failure images go into `failureImages`, named `<name>.expected.png`, `<name>.actual.png`,
    /// `<name>.diff.png` and `<name>.triptych.png`.
    public init(
        golden: URL, record: RecordMode, comparison: ComparisonOptions, failureImages: URL, name: String
    ) {
        self.golden = golden
        self.record = record
        self.comparison = comparison
        self.artifacts = FailureArtifacts(folder: failureImages)
        self.artifactsStem = name
    }

    /// Checks `actual` against the golden file, which exists when `hasGolden` says so, and calls
    /// `writeGolden` with the image when the record mode makes it the golden.
    func check(_ actual: Image, hasGolden: Bool, writeGolden: (Image) throws -> Void) throws
        -> GoldenImageVerdict
    {
        var verdict = GoldenImageVerdict(status: .passed)
        verdict.status = try record.outcome(hasGolden: hasGolden) {
            let data = try GoldenFile.read(golden, kind: kind)
            if let size = ImageHeader.pngSize(data), size != (actual.width, actual.height) {
                verdict.sizes = GoldenImageVerdict.Sizes(golden: size, image: (actual.width, actual.height))
                return false
            }
            verdict = try compare(expected: PNGCodec.decode(data, name: golden.relativePath), actual: actual)
            return verdict.status == .passed
        }
        switch verdict.status {
        case .recorded, .updated: try writeGolden(actual)
        case .passed, .failed, .missing: break
        }
        return verdict
    }

    /// Compares `actual` with the decoded golden `expected` and writes the failure images when they
    /// differ (not in `failed` mode, which replaces the golden): `passed` or `failed`.
    func compare(expected: Image, actual: Image) throws -> GoldenImageVerdict {
        let comparison = PerceptualComparison.compare(expected: expected, actual: actual, options: comparison)
        var verdict = GoldenImageVerdict(status: comparison.passed ? .passed : .failed, comparison: comparison)
        if !comparison.passed, record != .failed {
            verdict.failureImages = try artifacts.write(
                stem: artifactsStem, expected: expected, actual: actual, diff: comparison.diffImage)
        }
        return verdict
    }
}

extension GoldenImageCheck {
    /// Checks `actual` against the golden file on its own: failure images an earlier check of this
    /// image left are removed first, and a golden the record mode writes is put in place
    /// atomically.
    public func check(_ actual: Image) throws -> GoldenImageVerdict {
        artifacts.removeStale(stem: artifactsStem)
        return try check(actual, hasGolden: FileManager.default.fileExists(atPath: golden.path)) { image in
            let folder = golden.deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw OutputError.cannotWrite(folder, error: error)
            }
            try PNGCodec.write(image, to: golden)
        }
    }

    /// What a person should know about `verdict`, as one sentence: nil when the image matched its
    /// golden and nothing was written. A golden written is news too, so a run that records never
    /// passes unseen.
    public func problem(in verdict: GoldenImageVerdict) -> String? {
        switch verdict.status {
        case .passed:
            return nil
        case .failed:
            if let sizes = verdict.sizes {
                return "the golden \(golden.path) is \(sizes.golden.width)×\(sizes.golden.height) pixels, the image "
                    + "\(sizes.image.width)×\(sizes.image.height); the golden is not decoded"
            }
            let counts = verdict.comparison.map { comparison in
                String(
                    format: "%d changed pixels (+%d antialiased), largest color distance %.3f",
                    comparison.changedPixels, comparison.antialiasedPixels, comparison.maxDistance)
            }
            let images = verdict.failureImages.map { _ in
                "; expected, actual and diff images: "
                    + artifacts.folder.appendingPathComponent("\(artifactsStem).{expected,actual,diff}.png").path
            }
            return "the image differs from its golden \(golden.path): \(counts ?? "not compared")\(images ?? "")"
        case .missing:
            return "there is no golden \(golden.path), and record mode \(record.rawValue) (the default when CI is set) "
                + "writes none"
        case .recorded:
            return "the image has been recorded as its golden \(golden.path); run again to compare against it"
        case .updated:
            return "the image differed from its golden \(golden.path), which record mode \(record.rawValue) "
                + "replaced with it; run again to compare against it"
        }
    }
}

/// What became of one image checked against its golden (`GoldenImageCheck`).
public struct GoldenImageVerdict: Sendable {
    /// Passed, failed, recorded, updated or missing, by `RecordMode.outcome`.
    public var status: GoldenFrameOutcome
    /// The comparison with the decoded golden, when there was one.
    public var comparison: ImageComparison?
    /// The golden's size and the image's, when the golden's header gives another size than the
    /// image's (the golden is then not decoded).
    public var sizes: Sizes?
    /// The expected, actual and diff images written for a failure.
    public var failureImages: FailureArtifacts.Files?

    /// The sizes of a golden and an image that differ.
    public struct Sizes: Sendable {
        public var golden: (width: Int, height: Int)
        public var image: (width: Int, height: Int)
    }

    init(status: GoldenFrameOutcome, comparison: ImageComparison? = nil) {
        self.status = status
        self.comparison = comparison
    }
}
