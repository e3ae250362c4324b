/// A set of up to 256 small integers (a palette's colors, by the order they were first seen).
struct GIFColorSet: Hashable, Comparable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init() {}

    init(_ members: some Sequence<Int>) {
        for member in members { insert(member) }
    }

    mutating func insert(_ member: Int) {
        let bit = UInt64(1) << UInt64(member & 63)
        switch member >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    func contains(_ member: Int) -> Bool {
        let word: UInt64
        switch member >> 6 {
        case 0: word = words.0
        case 1: word = words.1
        case 2: word = words.2
        default: word = words.3
        }
        return word & (UInt64(1) << UInt64(member & 63)) != 0
    }

    var count: Int {
        words.0.nonzeroBitCount + words.1.nonzeroBitCount + words.2.nonzeroBitCount + words.3.nonzeroBitCount
    }

    var members: [Int] {
        var result: [Int] = []
        for (offset, word) in [words.0, words.1, words.2, words.3].enumerated() {
            var remaining = word
            while remaining != 0 {
                result.append(offset * 64 + remaining.trailingZeroBitCount)
                remaining &= remaining - 1
            }
        }
        return result
    }

    func union(_ other: Self) -> Self {
        var result = self
        result.words = (
            words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3
        )
        return result
    }

    func subtracting(_ other: Self) -> Self {
        var result = self
        result.words = (
            words.0 & ~other.words.0, words.1 & ~other.words.1, words.2 & ~other.words.2,
            words.3 & ~other.words.3
        )
        return result
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
            && lhs.words.3 == rhs.words.3
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.words.3, lhs.words.2, lhs.words.1, lhs.words.0) < (rhs.words.3, rhs.words.2, rhs.words.1, rhs.words.0)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}

/// Orders a palette so that the frames worth the most get all their colors at low indices: a
/// frame's LZW codes are as wide as its highest index needs (with one more index for
/// transparency), so one color placed high costs that frame a bit on every code.
///
/// Greedy, frame by frame: the next frame is the one that saves the most code bits per color
/// still missing from the order (its weight, an estimate of its LZW codes, times the bits it
/// saves once complete at the current length of the order); its missing colors are appended.
/// Frames whose colors are all placed already come for free. So the colors shared by many text
/// frames go first, a large frame of few colors (a card's background) early, and a frame that
/// needs 128 colors or more, which saves nothing wherever its colors sit, does not count.
enum GIFPaletteOrder {
    /// The order of the palette's `colorCount` colors (0..<colorCount), given the color set and
    /// weight of frames. `rank` orders the colors one frame adds, and the colors left over,
    /// lower first.
    static func order(colorCount: Int, frames: [GIFColorSet: UInt64], rank: (Int) -> Int) -> [Int] {
        var pending = frames.filter { $0.key.count > 0 }.map { (colors: $0.key, weight: max($0.value, 1)) }
        pending.sort { $0.colors < $1.colors }
        var placed = GIFColorSet()
        var placedCount = 0
        var order: [Int] = []
        while true {
            var best: (index: Int, saving: UInt64, missing: Int)?
            for candidate in pending.indices {
                let missing = pending[candidate].colors.subtracting(placed).count
                let saving = pending[candidate].weight * UInt64(bitsSaved(indices: placedCount + missing + 1))
                guard saving > 0 else { continue }
                if let current = best {
                    // saving / missing, compared without division; ties go to fewer new colors.
                    let lhs = saving.multipliedFullWidth(by: UInt64(current.missing))
                    let rhs = current.saving.multipliedFullWidth(by: UInt64(missing))
                    guard
                        lhs.high > rhs.high || lhs.high == rhs.high && lhs.low > rhs.low
                            || lhs == rhs && missing < current.missing
                    else { continue }
                }
                best = (candidate, saving, missing)
            }
            guard let best else { break }
            let added = pending[best.index].colors.subtracting(placed)
            order += added.members.sorted { rank($0) < rank($1) }
            placed = placed.union(added)
            placedCount = order.count
            pending.removeAll { $0.colors.subtracting(placed).count == 0 }
        }
        let left = (0..<colorCount).filter { !placed.contains($0) }
        return order + left.sorted { rank($0) < rank($1) }
    }

    /// Bits per code a frame saves when its colors and its transparent index fit in the first
    /// `indices` palette indices, against 8-bit codes.
    static func bitsSaved(indices: Int) -> Int {
        8 - GIFLZWEncoder.minimumCodeSize(forLargestIndex: UInt8(clamping: max(indices - 1, 0)))
    }
}

/// The distinct sets of colors that frames' changes use, each with the summed estimated LZW
/// codes of its frames, for `GIFPaletteOrder`. Memory stays bounded whatever the frame count
/// (a few MB at most): a frame whose changes use more than `maxColorsPerFrame` colors is left
/// out (it needs 8-bit codes anyway), and once `maxSets` sets or `maxStoredColors` colors are
/// held, new sets are left out too. Frames with a set already held still add their weight.
struct GIFFrameColorSets {
    static let maxColorsPerFrame = 1_024
    static let maxSets = 1 << 16
    static let maxStoredColors = 1 << 20
    private var weights: [[UInt32]: UInt64] = [:]
    private var storedColors = 0

    mutating func record(_ colors: Set<UInt32>, estimatedCodes: UInt64) {
        record(sorted: colors.sorted(), estimatedCodes: estimatedCodes)
    }

    /// `record(_:estimatedCodes:)` with the colors as an ascending array without repeats.
    mutating func record(sorted key: [UInt32], estimatedCodes: UInt64) {
        guard !key.isEmpty, key.count <= Self.maxColorsPerFrame else { return }
        if weights[key] == nil {
            guard weights.count < Self.maxSets, storedColors + key.count <= Self.maxStoredColors else { return }
            storedColors += key.count
        }
        weights[key, default: 0] &+= estimatedCodes
    }

    /// The sets in palette indices, `paletteIndex` giving each color's (nil: not in the palette).
    func paletteSets(_ paletteIndex: (UInt32) -> Int?) -> [GIFColorSet: UInt64] {
        var sets: [GIFColorSet: UInt64] = [:]
        for (colors, weight) in weights {
            sets[GIFColorSet(colors.compactMap(paletteIndex)), default: 0] &+= weight
        }
        return sets
    }
}
