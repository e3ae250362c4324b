import Foundation
import KinetypeCore

/// What happened to one output of a batch.
public struct BatchOutcome: Sendable, Encodable {
    public enum Status: String, Sendable, Codable {
        /// Rendered in this run.
        case rendered
        /// Its inputs were unchanged, so the existing output was kept.
        case unchanged
        case failed
    }

    /// The entry's position in the data file, from 0.
    public var entry: Int
    public var name: String
    public var scale: Double
    /// The appearance the output was rendered in (known once the template is decoded).
    public var colorScheme: ColorScheme?
    /// The layout direction it was laid out in, `auto` resolved (known once the template is decoded).
    public var layoutDirection: LayoutDirection?
    /// The entry's `locale`.
    public var locale: String?
    /// The output path.
    public var output: String
    /// The path of its poster (`--poster`), once the poster is in place (rendered or unchanged).
    public var poster: String?
    /// The path of its haptic pattern (`--haptics`), once it is in place (rendered or unchanged).
    public var haptics: String?
    /// The paths of its WebP and GIF fallbacks (`--picture`), once they are in place.
    public var fallbacks: [String] = []
    /// The text it shows at its end (`AltText`), for screen readers: its alt text. Known once the
    /// entry's scene is prepared (rendered or unchanged).
    public var altText: String?
    /// The canvas in points (CSS pixels on a web page), once the template is decoded.
    public var pointWidth: Double?
    public var pointHeight: Double?
    /// With `--max-bytes`: the settings chosen to fit the budget (`quality 60, 15 fps`, `as asked`).
    public var budget: String?
    public var status: Status
    public var frames: Int?
    public var bytes: Int?
    public var seconds: Double?
    /// The error, for failed outputs.
    public var error: String?
    /// True when the output failed because it could not be written (disk full, read-only, …):
    /// the batch then exits 73 instead of 1.
    public var couldNotWrite = false
    /// The render's warnings (a weight the template's family lacks); the batch report lists each once.
    public var warnings: [Diagnostic] = []
    /// The files of this output (the output, its poster and haptic pattern) that this run put in
    /// place: new, or with other bytes than before.
    public var written: [String] = []
    /// Its files that this run left as they were: their inputs were unchanged, or they rendered to
    /// the very bytes already there (same inode and modification time).
    public var kept: [String] = []

    private enum CodingKeys: String, CodingKey {
        case entry, name, scale, colorScheme, locale, output, poster, haptics, fallbacks, altText, status, frames,
            bytes, budget, seconds, error
    }

    /// `entry` is written 1-based, as the terminal table shows it; seconds to the microsecond.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ReportNumbers.number(ofIndex: entry), forKey: .entry)
        try container.encode(name, forKey: .name)
        try container.encode(scale, forKey: .scale)
        try container.encodeIfPresent(locale, forKey: .locale)
        try container.encode(output, forKey: .output)
        try container.encodeIfPresent(poster, forKey: .poster)
        try container.encodeIfPresent(haptics, forKey: .haptics)
        if !fallbacks.isEmpty { try container.encode(fallbacks, forKey: .fallbacks) }
        try container.encodeIfPresent(altText, forKey: .altText)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(frames, forKey: .frames)
        try container.encodeIfPresent(bytes, forKey: .bytes)
        try container.encodeIfPresent(budget, forKey: .budget)
        try container.encodeIfPresent(seconds.map(ReportNumbers.seconds), forKey: .seconds)
        try container.encodeIfPresent(error, forKey: .error)
    }
}

/// The result of a whole batch, also written as JSON by `--report`.
public struct BatchReport: Sendable, Encodable {
    public var template: String
    public var data: String
    public var shard: String?
    /// The outcomes of the outputs that finished, in plan order: every one, or only the failed
    /// ones when the batch ran with `BatchOptions.keepsOutcomes` false. The totals below, and the
    /// JSON `JSONReport` writes, count and list every finished output either way.
    public var outcomes: [BatchOutcome]
    /// How many outputs the batch planned (more than `finished` when it was interrupted).
    public var planned: Int
    /// True when Ctrl-C or SIGTERM stopped the batch before every output finished.
    public var interrupted = false
    /// Problems that did not stop the batch (data keys that fill no placeholder, …).
    public var warnings: [Diagnostic] = []
    /// The finished outcomes not kept in `outcomes`, counted.
    var dropped = BatchOutcomeCounts()
    /// Every finished outcome's JSON, for the report, when not every outcome is kept.
    var spool: BatchOutcomeSpool?

    // Counted without a filtered copy of the outcomes (a long batch's are megabytes).
    /// How many outputs finished.
    public var finished: Int { outcomes.count + dropped.finished }
    public var rendered: Int { outcomes.reduce(dropped.rendered) { $0 + ($1.status == .rendered ? 1 : 0) } }
    public var unchanged: Int { outcomes.reduce(dropped.unchanged) { $0 + ($1.status == .unchanged ? 1 : 0) } }
    public var failed: Int { outcomes.reduce(dropped.failed) { $0 + ($1.status == .failed ? 1 : 0) } }
    /// The files the outputs' folder got in this run (outputs, posters, haptic patterns).
    public var filesWritten: Int { outcomes.reduce(dropped.filesWritten) { $0 + $1.written.count } }
    /// The files of finished outputs this run left as they were.
    public var filesKept: Int { outcomes.reduce(dropped.filesKept) { $0 + $1.kept.count } }
    /// True when some output failed because it could not be written.
    public var hasWriteFailure: Bool {
        dropped.writeFailure || outcomes.contains { $0.status == .failed && $0.couldNotWrite }
    }

    private enum CodingKeys: String, CodingKey {
        case template, data, shard, outcomes, rendered, unchanged, failed, interrupted, warnings
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(template, forKey: .template)
        try container.encode(data, forKey: .data)
        try container.encodeIfPresent(shard, forKey: .shard)
        if let spool {
            try JSONReport.encodeList(spool, forKey: .outcomes, in: &container, encoder: encoder)
        } else if dropped.finished > 0 {
            throw EncodingError.invalidValue(
                outcomes,
                EncodingError.Context(
                    codingPath: container.codingPath + [CodingKeys.outcomes],
                    debugDescription:
                        "a batch that keeps only its failed outcomes lists the others for a reportFile only"))
        } else {
            try JSONReport.encodeList(outcomes, forKey: .outcomes, in: &container, encoder: encoder)
        }
        try container.encode(rendered, forKey: .rendered)
        try container.encode(unchanged, forKey: .unchanged)
        try container.encode(failed, forKey: .failed)
        if interrupted { try container.encode(interrupted, forKey: .interrupted) }
        if !warnings.isEmpty { try container.encode(warnings.map(\.reportText), forKey: .warnings) }
    }
}
