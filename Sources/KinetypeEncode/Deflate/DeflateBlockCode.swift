/// The codes of one compressed block (fixed or dynamic, whichever is smaller for its histogram),
/// its header, and its exact size in bits.
struct DeflateBlockCode {
    let literalLengthLengths: [UInt8]
    let distanceLengths: [UInt8]
    let isFixed: Bool
    /// The block's size in bits: block header, code header, symbols and extra bits.
    let bits: Int
    private let header: DynamicHeader?

    private struct DynamicHeader {
        var tokens: [(symbol: Int, extra: Int)] = []
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        var literalCount = 257
        var distanceCount = 1
        var codeLengthCount = 4
        var bits = 0
    }

    static let fixedLiteralLengths: [UInt8] = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
    static let fixedDistanceLengths = [UInt8](repeating: 5, count: 30)

    /// The codes for `histogram`; `tryingHeaders` also tries each subset of the repeat codes in
    /// the code header (a few bytes smaller at times; the block splitter's estimates skip it).
    init(_ histogram: DeflateHistogram, tryingHeaders: Bool = true) {
        var literal = HuffmanCode.lengths(histogram.literalLength, limit: 15)
        var distance = HuffmanCode.lengths(histogram.distance, limit: 15)
        // Some decoders reject a distance code with fewer than two codes; two 1-bit codes cost nothing.
        let usedDistances = distance.indices.filter { distance[$0] > 0 }
        if usedDistances.count < 2 {
            let other = usedDistances.first == 0 ? 1 : 0
            distance[other] = 1
            if let used = usedDistances.first { distance[used] = 1 } else { distance[1 - other] = 1 }
        }
        if literal.indices.filter({ literal[$0] > 0 }).count < 2 {
            literal[0] = max(literal[0], 1)
            literal[256] = 1
        }
        var header = Self.dynamicHeader(literal, distance, repeats: 7)
        for repeats in 0..<(tryingHeaders ? 7 : 0) {
            let other = Self.dynamicHeader(literal, distance, repeats: repeats)
            if other.bits < header.bits { header = other }
        }
        let extra = histogram.extraBits
        let dynamicBits = 3 + header.bits + Self.symbolBits(histogram, literal, distance) + extra
        let fixedBits = 3 + Self.symbolBits(histogram, Self.fixedLiteralLengths, Self.fixedDistanceLengths) + extra
        if fixedBits <= dynamicBits {
            literalLengthLengths = Self.fixedLiteralLengths
            distanceLengths = Self.fixedDistanceLengths
            isFixed = true
            bits = fixedBits
            self.header = nil
        } else {
            literalLengthLengths = literal
            distanceLengths = distance
            isFixed = false
            bits = dynamicBits
            self.header = header
        }
    }

    private static func symbolBits(_ histogram: DeflateHistogram, _ literal: [UInt8], _ distance: [UInt8]) -> Int {
        var bits = 0
        for (symbol, count) in histogram.literalLength.enumerated() where count > 0 {
            bits += Int(count) * Int(literal[symbol])
        }
        for (symbol, count) in histogram.distance.enumerated() where count > 0 {
            bits += Int(count) * Int(distance[symbol])
        }
        return bits
    }

    /// The run-length coded code lengths of a dynamic block (RFC 1951 §3.2.7) and their size, with
    /// the repeat codes whose bits are set in `repeats` (1: 16, repeat the last; 2: 17, short zero
    /// runs; 4: 18, long zero runs): leaving one out sometimes makes the code-length code cheaper.
    private static func dynamicHeader(_ literal: [UInt8], _ distance: [UInt8], repeats: Int) -> DynamicHeader {
        let repeatLast = repeats & 1 != 0
        let shortZeros = repeats & 2 != 0
        let longZeros = repeats & 4 != 0
        var header = DynamicHeader()
        header.literalCount = max(257, (literal.lastIndex { $0 > 0 } ?? 0) + 1)
        header.distanceCount = max(1, (distance.lastIndex { $0 > 0 } ?? 0) + 1)
        let sequence = Array(literal[0..<header.literalCount]) + Array(distance[0..<header.distanceCount])
        var index = 0
        while index < sequence.count {
            let value = sequence[index]
            var run = 1
            while index + run < sequence.count && sequence[index + run] == value { run += 1 }
            index += run
            if value == 0 {
                while longZeros && run >= 11 {
                    let take = min(run, 138)
                    header.tokens.append((18, take - 11))
                    run -= take
                }
                while shortZeros && run >= 3 {
                    let take = min(run, 10)
                    header.tokens.append((17, take - 3))
                    run -= take
                }
            } else {
                header.tokens.append((Int(value), 0))
                run -= 1
                while repeatLast && run >= 3 {
                    let take = min(run, 6)
                    header.tokens.append((16, take - 3))
                    run -= take
                }
            }
            for _ in 0..<run { header.tokens.append((Int(value), 0)) }
        }
        var frequencies = [UInt32](repeating: 0, count: 19)
        for token in header.tokens { frequencies[token.symbol] += 1 }
        header.codeLengthLengths = HuffmanCode.lengths(frequencies, limit: 7)
        header.codeLengthCount = 4
        for (position, symbol) in DeflateAlphabet.codeLengthOrder.enumerated()
        where header.codeLengthLengths[symbol] > 0 {
            header.codeLengthCount = max(header.codeLengthCount, position + 1)
        }
        var bits = 5 + 5 + 4 + 3 * header.codeLengthCount
        for token in header.tokens {
            bits += Int(header.codeLengthLengths[token.symbol])
            bits += token.symbol == 16 ? 2 : token.symbol == 17 ? 3 : token.symbol == 18 ? 7 : 0
        }
        header.bits = bits
        return header
    }

    /// Writes the block: its 3-bit header, code header, `symbols[range]` and the end-of-block code.
    func write(_ symbols: DeflateSymbols, _ range: Range<Int>, final: Bool, to writer: inout LSBFirstBitWriter) {
        writer.write(final ? 1 : 0, bits: 1)
        writer.write(isFixed ? 1 : 2, bits: 2)
        if let header {
            writer.write(UInt32(header.literalCount - 257), bits: 5)
            writer.write(UInt32(header.distanceCount - 1), bits: 5)
            writer.write(UInt32(header.codeLengthCount - 4), bits: 4)
            for symbol in DeflateAlphabet.codeLengthOrder.prefix(header.codeLengthCount) {
                writer.write(UInt32(header.codeLengthLengths[symbol]), bits: 3)
            }
            let codeLengthCodes = HuffmanCode.reversedCodes(header.codeLengthLengths)
            for token in header.tokens {
                writer.write(UInt32(codeLengthCodes[token.symbol]), bits: Int(header.codeLengthLengths[token.symbol]))
                switch token.symbol {
                case 16: writer.write(UInt32(token.extra), bits: 2)
                case 17: writer.write(UInt32(token.extra), bits: 3)
                case 18: writer.write(UInt32(token.extra), bits: 7)
                default: break
                }
            }
        }
        let literalCodes = HuffmanCode.reversedCodes(literalLengthLengths)
        let distanceCodes = HuffmanCode.reversedCodes(distanceLengths)
        for index in range {
            let length = Int(symbols.lengths[index])
            let value = Int(symbols.values[index])
            if length == 0 {
                writer.write(UInt32(literalCodes[value]), bits: Int(literalLengthLengths[value]))
            } else {
                let slot = Int(DeflateAlphabet.lengthSlot[length])
                writer.write(UInt32(literalCodes[257 + slot]), bits: Int(literalLengthLengths[257 + slot]))
                writer.write(
                    UInt32(length - DeflateAlphabet.lengthBase[slot]), bits: DeflateAlphabet.lengthExtraBits[slot])
                let distanceSlot = DeflateAlphabet.distanceSlot(value)
                writer.write(UInt32(distanceCodes[distanceSlot]), bits: Int(distanceLengths[distanceSlot]))
                writer.write(
                    UInt32(value - DeflateAlphabet.distanceBase[distanceSlot]),
                    bits: DeflateAlphabet.distanceExtraBits[distanceSlot])
            }
        }
        writer.write(UInt32(literalCodes[256]), bits: Int(literalLengthLengths[256]))
    }
}
