/// Where to cut a parse into blocks: each cut splits a block in the place that makes the two
/// halves' coded size smallest, for as long as that is smaller than the block whole.
struct DeflateBlockSplitter {
    /// Symbol indices where a new block starts, increasing.
    let cuts: [Int]

    /// The cuts of `symbols` into at most `maximumBlocks` blocks; the largest uncut block is tried
    /// first.
    init(_ symbols: DeflateSymbols, maximumBlocks: Int) {
        var blocks: [(range: Range<Int>, bits: Int, done: Bool)] = [
            (0..<symbols.count, Self.bits(symbols, 0..<symbols.count), false)
        ]
        while blocks.count < maximumBlocks {
            let open = blocks.indices.filter { !blocks[$0].done }
            guard let index = open.max(by: { blocks[$0].range.count < blocks[$1].range.count }) else { break }
            let block = blocks[index]
            if block.range.count < 20 {
                blocks[index].done = true
                continue
            }
            let (cut, left, right) = Self.bestCut(symbols, block.range)
            if left + right < block.bits {
                blocks.replaceSubrange(
                    index...index,
                    with: [
                        (block.range.lowerBound..<cut, left, false), (cut..<block.range.upperBound, right, false),
                    ])
            } else {
                blocks[index].done = true
            }
        }
        cuts = blocks.dropFirst().map { $0.range.lowerBound }
    }

    /// The coded size of `symbols[range]` as one block.
    static func bits(_ symbols: DeflateSymbols, _ range: Range<Int>) -> Int {
        DeflateBlockCode(DeflateHistogram(symbols, range), tryingHeaders: false).bits
    }

    /// The cut in `range` that makes the halves' sizes smallest: nine evenly spaced cuts are
    /// tried, then nine between the best one's neighbours, and so on while the best improves.
    private static func bestCut(_ symbols: DeflateSymbols, _ range: Range<Int>) -> (cut: Int, left: Int, right: Int) {
        let samples = 9
        var low = range.lowerBound + 1
        var high = range.upperBound - 1
        var best: (cut: Int, left: Int, right: Int)?
        while true {
            let points =
                high - low < samples
                ? Array(low...high) : (1...samples).map { low + (high - low) * $0 / (samples + 1) }
            var winner: (index: Int, left: Int, right: Int)?
            for (index, cut) in points.enumerated() {
                let left = bits(symbols, range.lowerBound..<cut)
                let right = bits(symbols, cut..<range.upperBound)
                if winner == nil || left + right < winner!.left + winner!.right { winner = (index, left, right) }
            }
            let found = winner!
            if let best, found.left + found.right >= best.left + best.right { break }
            best = (points[found.index], found.left, found.right)
            if high - low < samples { break }
            low = found.index == 0 ? low : points[found.index - 1]
            high = found.index == points.count - 1 ? high : points[found.index + 1]
        }
        return best!
    }
}
