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

    /// Parses `I/N` with 1 ≤ I ≤ N.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
            count >= 1, (1...count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    /// Whether this shard takes the item at zero-based `entryIndex` (a batch entry, a scene to
    /// verify): items are dealt round-robin, so every item lands in exactly one shard.
    public func contains(entryIndex: Int) -> Bool { entryIndex % count == index - 1 }

    /// `2/5`.
    public var label: String { "\(index)/\(count)" }
}
