import Foundation

/// What happened to one output of a batch.
public struct BatchOutcome: Sendable, Encodable {
    public enum Status: String, Sendable, Encodable {
        /// Rendered in this run.
        case rendered
        /// Its inputs were unchanged, so the existing output was kept.
        case skipped
        case failed
    }

    /// The entry's position in the data file, from 0.
    public var entry: Int
    public var name: String
    public var scale: Double
    /// The output path.
    public var output: String
    public var status: Status
    public var frames: Int?
    public var bytes: Int?
    public var seconds: Double?
    /// The error, for failed outputs.
    public var error: String?
}

/// The result of a whole batch, also written as JSON by `--report`.
public struct BatchReport: Sendable, Encodable {
    public var template: String
    public var data: String
    public var shard: String?
    public var outcomes: [BatchOutcome]

    public var rendered: Int { outcomes.filter { $0.status == .rendered }.count }
    public var skipped: Int { outcomes.filter { $0.status == .skipped }.count }
    public var failed: Int { outcomes.filter { $0.status == .failed }.count }

    private enum CodingKeys: String, CodingKey {
        case template, data, shard, outcomes, rendered, skipped, failed
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(template, forKey: .template)
        try container.encode(data, forKey: .data)
        try container.encodeIfPresent(shard, forKey: .shard)
        try container.encode(outcomes, forKey: .outcomes)
        try container.encode(rendered, forKey: .rendered)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(failed, forKey: .failed)
    }
}
