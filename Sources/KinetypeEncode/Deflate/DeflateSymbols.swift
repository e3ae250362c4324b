/// A parse of some input as deflate symbols: a literal (`lengths[i]` 0, `values[i]` the byte) or a
/// match (`lengths[i]` 3...258, `values[i]` the distance).
struct DeflateSymbols {
    var lengths: [UInt16] = []
    var values: [UInt16] = []

    var count: Int { lengths.count }

    mutating func reserve(_ capacity: Int) {
        lengths.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    mutating func append(length: Int, value: Int) {
        lengths.append(UInt16(length))
        values.append(UInt16(value))
    }
}

/// How often each literal/length and distance symbol occurs in a run of parsed symbols.
struct DeflateHistogram {
    var literalLength = [UInt32](repeating: 0, count: DeflateAlphabet.literalLengthCount)
    var distance = [UInt32](repeating: 0, count: DeflateAlphabet.distanceCount)

    /// The histogram of `symbols[range]`, with the end-of-block symbol counted once.
    init(_ symbols: DeflateSymbols, _ range: Range<Int>) {
        symbols.lengths.withUnsafeBufferPointer { lengths in
            symbols.values.withUnsafeBufferPointer { values in
                literalLength.withUnsafeMutableBufferPointer { literals in
                    distance.withUnsafeMutableBufferPointer { distances in
                        for index in range {
                            let length = Int(lengths[index])
                            if length == 0 {
                                literals[Int(values[index])] += 1
                            } else {
                                literals[257 + Int(DeflateAlphabet.lengthSlot[length])] += 1
                                distances[DeflateAlphabet.distanceSlot(Int(values[index]))] += 1
                            }
                        }
                    }
                }
            }
        }
        literalLength[DeflateAlphabet.endOfBlock] = 1
    }

    /// The extra bits the histogram's lengths and distances carry, whatever the codes.
    var extraBits: Int {
        var bits = 0
        for slot in 0..<29 { bits += Int(literalLength[257 + slot]) * DeflateAlphabet.lengthExtraBits[slot] }
        for slot in 0..<30 { bits += Int(distance[slot]) * DeflateAlphabet.distanceExtraBits[slot] }
        return bits
    }
}
