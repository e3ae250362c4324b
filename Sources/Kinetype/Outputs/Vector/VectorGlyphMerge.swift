import KinetypeCore
import KinetypeRender

/// The glyphs of every layout of one text layer, each glyph that several layouts show in the same
/// place (the same outline, fill and origin) once. A text laid out again as it is typed (a flow
/// typewriter) keeps most of its glyphs where they were, so a Lottie layer per glyph per layout grew
/// with the square of the text (500 characters: 41 MB); one layer (Lottie) or `<use>` (SVG) per
/// glyph shown by every layout that has it, transparent while another shows, grows with the text.
/// Bitmap glyphs (color emoji) stay one per layout.
///
/// Only one layout shows at a time, so the layers need only keep each layout's own drawing order:
/// every glyph gets a rank, in front-to-back order within every layout that shows it. A glyph met
/// again out of that order (a layout that draws two glyphs the other way round) is a glyph of its
/// own in that layout.
struct VectorGlyphMerge {
    struct Glyph {
        /// Where the first layout that shows it has it: `vectors[layout].glyphs[index]`.
        var layout: Int
        var index: Int
        /// Its origin as placed (snapped to the scene's pixels in still text).
        var origin: Point
        /// The character it belongs to in each layout that shows it, by layout (ascending).
        var characters: [(layout: Int, character: Int)]
        fileprivate var rank: Double
    }

    /// The character of `layout` in `characters` (ascending by layout), if it is there.
    static func character(in layout: Int, of characters: [(layout: Int, character: Int)]) -> Int? {
        var low = 0
        var high = characters.count
        while low < high {
            let middle = (low + high) / 2
            if characters[middle].layout < layout { low = middle + 1 } else { high = middle }
        }
        return low < characters.count && characters[low].layout == layout ? characters[low].character : nil
    }

    /// Front to back.
    private(set) var glyphs: [Glyph] = []

    private struct Key: Hashable {
        /// The outline's number in `outlines`: a glyph's outline is hashed once, not at every lookup.
        var outline: Int
        var color: Color
        var x: Double
        var y: Double
        /// The layout of a bitmap glyph (never shared), -1 for an outline.
        var bitmapLayout: Int
        /// The how-manieth glyph with the same outline, fill and place in one layout.
        var occurrence: Int
    }

    /// `vectors[i]` is layout `i`; `place(i)` places a coordinate of layout `i`'s glyphs.
    init(_ vectors: [VectorText], place: (Int) -> (Double) -> Double) {
        var index: [Key: Int] = [:]
        var outlines: [VectorPath: Int] = [:]
        var unranked: [Glyph] = []
        var highest = 0.0
        for (layout, vector) in vectors.enumerated() {
            let placing = place(layout)
            var occurrences: [Key: Int] = [:]
            // This layout's glyphs front to back, each with the shared glyph it is, if any.
            var entries: [(key: Key, index: Int, character: Int, origin: Point, known: Int?)] = []
            var lastRank = -Double.infinity
            for (glyphIndex, glyph) in vector.glyphs.enumerated().reversed() {
                let origin = Point(x: placing(glyph.origin.x), y: placing(glyph.origin.y))
                let outline = outlines[glyph.outline] ?? outlines.count
                if outline == outlines.count { outlines[glyph.outline] = outline }
                var key = Key(
                    outline: outline, color: glyph.color, x: origin.x, y: origin.y,
                    bitmapLayout: glyph.bitmap == nil ? -1 : layout, occurrence: 0)
                let first = key
                key.occurrence = occurrences[first, default: 0]
                occurrences[first] = key.occurrence + 1
                var known = index[key]
                // Shared only in the order this layout draws it; else a glyph of its own here.
                if let shared = known {
                    if unranked[shared].rank > lastRank {
                        lastRank = unranked[shared].rank
                    } else {
                        known = nil
                        key.bitmapLayout = layout
                        key.occurrence = -1 - entries.count
                    }
                }
                entries.append((key, glyphIndex, glyph.character, origin, known))
            }
            // New glyphs go between the shared ones around them, in this layout's order.
            var position = 0
            while position < entries.count {
                if let shared = entries[position].known {
                    unranked[shared].characters.append((layout, entries[position].character))
                    position += 1
                    continue
                }
                var end = position
                while end < entries.count, entries[end].known == nil { end += 1 }
                let before = position > 0 ? entries[position - 1].known.map { unranked[$0].rank } : nil
                let after = end < entries.count ? entries[end].known.map { unranked[$0].rank } : nil
                var ranks = Self.ranks(count: end - position, after: before, before: after, highest: highest)
                if ranks == nil {
                    // Out of room between two ranks: number every glyph again by its place, and retry.
                    let order = unranked.indices.sorted { unranked[$0].rank < unranked[$1].rank }
                    for (place, glyph) in order.enumerated() { unranked[glyph].rank = Double(place) }
                    highest = Double(unranked.count)
                    ranks = Self.ranks(
                        count: end - position,
                        after: before.flatMap { _ in entries[position - 1].known }
                            .map { unranked[$0].rank },
                        before: after.flatMap { _ in entries[end].known }.map { unranked[$0].rank }, highest: highest)
                }
                for (offset, rank) in (ranks ?? []).enumerated() {
                    let entry = entries[position + offset]
                    index[entry.key] = unranked.count
                    unranked.append(
                        Glyph(
                            layout: layout, index: entry.index, origin: entry.origin,
                            characters: [(layout, entry.character)], rank: rank))
                    highest = max(highest, rank)
                }
                position = end
            }
        }
        index = [:]
        unranked.sort { $0.rank < $1.rank }
        glyphs = unranked
    }

    /// `count` increasing ranks above `after` and below `before` (either may be missing), or nil
    /// when doubles cannot tell them apart.
    private static func ranks(count: Int, after: Double?, before: Double?, highest: Double) -> [Double]? {
        switch (after, before) {
        case (nil, nil): return (1...count).map { highest + Double($0) }
        case (let low?, nil): return (1...count).map { low + Double($0) }
        case (nil, let high?): return (1...count).map { high - Double(count + 1 - $0) }
        case (let low?, let high?):
            let step = (high - low) / Double(count + 1)
            let ranks = (1...count).map { low + step * Double($0) }
            var previous = low
            for rank in ranks + [high] {
                guard rank > previous else { return nil }
                previous = rank
            }
            return ranks
        }
    }
}
