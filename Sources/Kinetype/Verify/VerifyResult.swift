import Foundation
import KinetypeCore
import KinetypeEncode

/// The verdict on one frame.
public struct FrameVerdict: Sendable, Encodable {
    public enum Status: String, Sendable, Encodable {
        case passed
        case failed
        /// No golden existed; this run recorded one.
        case recorded
        /// The frame failed and `--record failed` replaced its golden.
        case updated
        /// No golden exists and recording is off.
        case missing
    }

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

    /// Records where the failure images of this frame were written.
    mutating func attach(_ files: FailureArtifacts.Files) {
        diffPath = files.diff
        expectedPath = files.expected
        actualPath = files.actual
    }

    private enum CodingKeys: String, CodingKey {
        case frame, time, status, changedPixels, antialiasedPixels, maxDistance, diffPath, expectedPath, actualPath
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
public struct SceneVerification: Sendable, Encodable {
    public var scene: String
    public var golden: String
    /// How the current fonts and libraries differ from the recorded ones.
    public var environmentChanges: [String]
    /// Problems with the golden set as a whole (frame count, size, GIF delays or loop count).
    public var problems: [String]
    public var frames: [FrameVerdict]

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
