import Foundation

/// One slice of the work of `batch` or `verify`, so several machines can share it: `--shard 2/5`.
public struct Shard: Equatable, Sendable {
    /// 1-based.
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// The most shards a run can be split into (`ReportRanges.shardCount`): a merge looks for
    /// every one of them.
    public static let maximumCount = Int(ReportRanges.shardCount.maximum)

    /// `I/N with 1 ≤ I ≤ N ≤ 10000`: what `init(parsing:)` takes, for messages.
    public static let syntax = "I/N with 1 ≤ I ≤ N ≤ \(maximumCount)"

    /// Parses `I/N` with 1 ≤ I ≤ N ≤ `maximumCount`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
            (1...Self.maximumCount).contains(count), (1...count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    /// Whether this shard takes the item at zero-based `entryIndex` (a batch entry, a scene to
    /// verify): items are dealt round-robin, so every item lands in exactly one shard.
    public func contains(entryIndex: Int) -> Bool { entryIndex % count == index - 1 }

    /// `2/5`.
    public var label: String { "\(index)/\(count)" }
}
