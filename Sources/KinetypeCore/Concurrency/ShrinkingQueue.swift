/// A list taken from the front, whose memory goes as it empties: each item is released when it
/// is taken, and the storage is made smaller whenever it is less than half full (each item is
/// moved at most once more on average), so a long list handed out one item at a time holds memory
/// only for the items still in it.
struct ShrinkingQueue<Item> {
    /// The items not taken yet, last first.
    private var reversed: [Item]

    init(_ items: consuming [Item]) {
        reversed = items
        reversed.reverse()
    }

    /// How many items are left.
    var count: Int { reversed.count }

    /// The next item, or nil when none is left.
    mutating func next() -> Item? {
        guard let item = reversed.popLast() else { return nil }
        if reversed.capacity >= 1024, reversed.count < reversed.capacity / 2 {
            // A copy in new storage of its own size (`Array(reversed)` would share the old).
            var smaller: [Item] = []
            smaller.reserveCapacity(reversed.count)
            smaller.append(contentsOf: reversed)
            reversed = smaller
        }
        return item
    }
}
