/// kinetype's own deflate encoder, which spends time for bytes: the matches are found once, an
/// optimal parse is repeated with prices from its own previous result, the parse is cut into
/// blocks where its statistics change, and each block is re-parsed under its own prices for as
/// long as that makes it smaller. On PNG rows of text it is 1 to 3 % smaller than libdeflate's
/// strongest level (about twice its time) and near Zopfli (about a tenth of its time).
struct OptimalDeflate {
    /// Nodes of the match finder's tree visited per position.
    var searchDepth = 512
    /// Parses of the whole input, each priced by the one before.
    var wholeIterations = 3
    /// At most this many re-parses of each block (they stop when one gains nothing).
    var blockIterations = 5
    /// At most this many blocks per segment.
    var maximumBlocks = 64
    /// Input compressed at a time (with the 32 KB before it as the window): the encoder needs
    /// about 20 bytes of memory per byte of a segment.
    var segmentSize = 4 << 20

    /// A quicker setting, the APNG default's: a shallower match search and fewer parses (on the
    /// benchmark scenes about half the time, 0.5 % larger).
    static let light = OptimalDeflate(searchDepth: 128, wholeIterations: 2, blockIterations: 2)

    /// `input` as a zlib stream (RFC 1950): the strongest-compression header, the deflate stream,
    /// the Adler-32 of `input`.
    func zlib(_ input: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0xDA]
        output += deflate(input)
        let checksum = Self.adler32(input)
        for shift in stride(from: 24, through: 0, by: -8) {
            output.append(UInt8(truncatingIfNeeded: checksum >> UInt32(shift)))
        }
        return output
    }

    /// `input` as a raw deflate stream (RFC 1951).
    func deflate(_ input: [UInt8]) -> [UInt8] {
        var writer = LSBFirstBitWriter(capacity: input.count / 4 + 64)
        guard !input.isEmpty else {
            let empty = DeflateSymbols()
            DeflateBlockCode(DeflateHistogram(empty, 0..<0)).write(empty, 0..<0, final: true, to: &writer)
            return writer.finish()
        }
        input.withUnsafeBufferPointer { input in
            // Segments bound the memory (about 20 bytes per input byte): an 8192² frame is 256 MB.
            for start in stride(from: 0, to: input.count, by: segmentSize) {
                let end = min(start + segmentSize, input.count)
                let windowStart = max(0, start - DeflateAlphabet.window)
                let segment = UnsafeBufferPointer(rebasing: input[windowStart..<end])
                compress(segment, from: start - windowStart, final: end == input.count, into: &writer)
            }
        }
        return writer.finish()
    }

    /// Compresses `segment[first...]` as blocks (the bytes before `first` are only the window its
    /// matches may reach back into); `final` marks the stream's last block.
    private func compress(
        _ segment: UnsafeBufferPointer<UInt8>, from first: Int, final: Bool, into writer: inout LSBFirstBitWriter
    ) {
        let matches = DeflateMatches(
            segment, recordingFrom: first, depthLimit: searchDepth, niceLength: DeflateAlphabet.maximumMatch)
        let parser = DeflateOptimalParser(segment, matches: matches)
        let all = first..<segment.count
        var whole = parser.parse(all, model: .fixed)
        for _ in 0..<wholeIterations {
            whole = parser.parse(all, model: DeflateCostModel(DeflateHistogram(whole, 0..<whole.count)))
        }
        let cuts = DeflateBlockSplitter(whole, maximumBlocks: maximumBlocks).cuts
        let blocks = Self.blocks(of: whole, cuts: cuts, from: first)
        for (index, block) in blocks.enumerated() {
            var best = DeflateSymbols()
            best.lengths = Array(whole.lengths[block.symbols])
            best.values = Array(whole.values[block.symbols])
            var bestCode = DeflateBlockCode(DeflateHistogram(best, 0..<best.count))
            for _ in 0..<blockIterations {
                let next = parser.parse(block.input, model: DeflateCostModel(DeflateHistogram(best, 0..<best.count)))
                let code = DeflateBlockCode(DeflateHistogram(next, 0..<next.count))
                if code.bits >= bestCode.bits { break }
                best = next
                bestCode = code
            }
            bestCode.write(best, 0..<best.count, final: final && index == blocks.count - 1, to: &writer)
        }
    }

    /// The blocks that `cuts` (symbol indices) make of `symbols`, a parse of the input from
    /// `start`: each block's symbols and the input they cover.
    private static func blocks(of symbols: DeflateSymbols, cuts: [Int], from start: Int)
        -> [(symbols: Range<Int>, input: Range<Int>)]
    {
        var blocks: [(symbols: Range<Int>, input: Range<Int>)] = []
        var symbolStart = 0
        var position = start
        for boundary in cuts + [symbols.count] {
            let inputStart = position
            for symbol in symbolStart..<boundary { position += max(1, Int(symbols.lengths[symbol])) }
            blocks.append((symbolStart..<boundary, inputStart..<position))
            symbolStart = boundary
        }
        return blocks
    }

    /// The Adler-32 checksum of `input` (RFC 1950 §8).
    static func adler32(_ input: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        var index = 0
        while index < input.count {
            let end = min(index + 5552, input.count)
            while index < end {
                a += UInt32(input[index])
                b += a
                index += 1
            }
            a %= 65521
            b %= 65521
        }
        return b << 16 | a
    }
}
