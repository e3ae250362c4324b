import Foundation
import KinetypeCore
import KinetypeEncode

/// The verdict on one frame.
public struct FrameVerdict: Sendable, Codable {
    /// Passed, failed, recorded, updated (`--record failed` replaced it) or missing.
    public typealias Status = GoldenFrameOutcome

    /// 0-based frame index.
    public var frame: Int
    public var time: Double
    public var status: Status
    public var changedPixels: Int = 0
    public var antialiasedPixels: Int = 0
    /// Largest color distance, 0…1.
    public var maxDistance: Double = 0
    /// The diff image of a failed frame.
    public var diffPath: String?
    /// The golden and the render of a failed frame, as PNG files beside the diff.
    public var expectedPath: String?
    public var actualPath: String?

    /// Takes the status of the frame's check, the counts of its comparison and where its failure
    /// images were written.
    mutating func record(_ checked: GoldenImageVerdict) {
        status = checked.status
        if let comparison = checked.comparison {
            changedPixels = comparison.changedPixels
            antialiasedPixels = comparison.antialiasedPixels
            maxDistance = comparison.maxDistance
        }
        if let files = checked.failureImages {
            diffPath = files.diff
            expectedPath = files.expected
            actualPath = files.actual
        }
    }

    private enum CodingKeys: String, CodingKey {
        case frame, time, status, changedPixels, antialiasedPixels, maxDistance, diffPath, expectedPath, actualPath
    }

    public init(frame: Int, time: Double, status: Status) {
        self.frame = frame
        self.time = time
        self.status = status
    }

    /// Reads a verdict as `encode(to:)` writes it (a report of a `verify` shard, for merging).
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        frame = try container.decode(Int.self, forKey: .frame) - 1
        time = try container.decode(Double.self, forKey: .time)
        status = try container.decode(Status.self, forKey: .status)
        changedPixels = try container.decode(Int.self, forKey: .changedPixels)
        antialiasedPixels = try container.decode(Int.self, forKey: .antialiasedPixels)
        maxDistance = try container.decode(Double.self, forKey: .maxDistance)
        diffPath = try container.decodeIfPresent(String.self, forKey: .diffPath)
        expectedPath = try container.decodeIfPresent(String.self, forKey: .expectedPath)
        actualPath = try container.decodeIfPresent(String.self, forKey: .actualPath)
    }

    /// `frame` is written 1-based, as in the frame files (`frame_0001.png`) and the terminal lines;
    /// times to the microsecond.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ReportNumbers.number(ofIndex: frame), forKey: .frame)
        try container.encode(ReportNumbers.seconds(time), forKey: .time)
        try container.encode(status, forKey: .status)
        try container.encode(changedPixels, forKey: .changedPixels)
        try container.encode(antialiasedPixels, forKey: .antialiasedPixels)
        try container.encode(maxDistance, forKey: .maxDistance)
        try container.encodeIfPresent(diffPath, forKey: .diffPath)
        try container.encodeIfPresent(expectedPath, forKey: .expectedPath)
        try container.encodeIfPresent(actualPath, forKey: .actualPath)
    }
}

/// The result of verifying one scene against its goldens.
public struct SceneVerification: Sendable, Codable {
    public var scene: String
    public var golden: String
    /// How the current fonts and libraries differ from the recorded ones.
    public var environmentChanges: [String]
    /// Problems with the golden set as a whole (frame count, size, GIF delays or loop count).
    public var problems: [String]
    public var frames: [FrameVerdict]
    /// Golden frames of the set that this run does not compare (left from an earlier version of
    /// the scene or another frame selection), by file name; `--record all|failed` and `--prune`
    /// remove them.
    public var obsoleteFrames: [String] = []
    /// Obsolete golden frames this run removed (by re-recording the set, or `--prune`).
    public var removedFrames: [String] = []
    /// True when frames had no golden but were not recorded because the set fails: a failing run
    /// never changes its goldens.
    public var recordingWithheld = false

    public init(
        scene: String, golden: String, environmentChanges: [String], problems: [String], frames: [FrameVerdict]
    ) {
        self.scene = scene
        self.golden = golden
        self.environmentChanges = environmentChanges
        self.problems = problems
        self.frames = frames
    }

    public var passed: Bool {
        problems.isEmpty && !frames.contains { $0.status == .failed || $0.status == .missing }
    }

    /// Failed frames, most changed first.
    public var worstFrames: [FrameVerdict] {
        frames.filter { $0.status == .failed }.sorted {
            ($0.changedPixels, $0.maxDistance) > ($1.changedPixels, $1.maxDistance)
        }
    }

    public func count(_ status: FrameVerdict.Status) -> Int { frames.filter { $0.status == status }.count }

    /// One line for each of the five worst frames: where, how much, and the diff image.
    public var worstFrameLines: [String] {
        worstFrames.prefix(5).map { verdict in
            String(
                format: "frame %d (%.2f s): %d changed pixels (+%d antialiased), largest color distance %.3f → %@",
                verdict.frame + 1, verdict.time, verdict.changedPixels, verdict.antialiasedPixels,
                verdict.maxDistance, verdict.diffPath ?? "-")
        }
    }
}
