/// The cheapest parse of a stretch of input into literals and matches under a cost model: the
/// shortest path over positions, where a literal steps one byte and a match its length.
final class DeflateOptimalParser {
    private let input: UnsafeBufferPointer<UInt8>
    private let matches: DeflateMatches
    /// Per position of the stretch: the cheapest price to reach it and the step that does.
    private let cost: UnsafeMutableBufferPointer<UInt32>
    private let stepLength: UnsafeMutableBufferPointer<UInt16>
    private let stepDistance: UnsafeMutableBufferPointer<UInt16>

    init(_ input: UnsafeBufferPointer<UInt8>, matches: DeflateMatches) {
        self.input = input
        self.matches = matches
        cost = .allocate(capacity: input.count + 1)
        stepLength = .allocate(capacity: input.count + 1)
        stepDistance = .allocate(capacity: input.count + 1)
    }

    deinit {
        cost.deallocate()
        stepLength.deallocate()
        stepDistance.deallocate()
    }

    /// The cheapest symbols for `input[range]` under `model`.
    func parse(_ range: Range<Int>, model: DeflateCostModel) -> DeflateSymbols {
        let count = range.count
        let start = range.lowerBound
        let data = input.baseAddress!
        // Everything the loop reads or writes, as plain pointers: the loop runs once per pair and
        // length, and unoptimized builds (the tests') pay for every property and array access.
        let cost = cost.baseAddress!
        let stepLength = stepLength.baseAddress!
        let stepDistance = stepDistance.baseAddress!
        let starts = matches.starts.baseAddress!
        let covered = matches.covered.baseAddress!
        let pairLengths = matches.lengths.baseAddress!
        let distances = matches.distances.baseAddress!
        let slots = matches.distanceSlots.baseAddress!
        model.literal.withUnsafeBufferPointer { literal in
            model.length.withUnsafeBufferPointer { lengthPrice in
                model.distanceSlot.withUnsafeBufferPointer { distancePrice in
                    cost[0] = 0
                    for index in 1...max(count, 1) { cost[index] = .max }
                    for offset in 0..<count {
                        let position = start + offset
                        let here = cost[offset]
                        let viaLiteral = here &+ literal[Int(data[position])]
                        if viaLiteral < cost[offset + 1] {
                            cost[offset + 1] = viaLiteral
                            stepLength[offset + 1] = 0
                        }
                        let first = Int(starts[position])
                        let end = Int(starts[position + 1])
                        let room = count - offset
                        if covered[position] != 0 {
                            // Inside a long match: only its continuation, whole (or up to the stretch's end).
                            let length = min(Int(pairLengths[first]), room)
                            let price = here &+ lengthPrice[length] &+ distancePrice[Int(slots[first])]
                            if length >= DeflateAlphabet.minimumMatch, price < cost[offset + length] {
                                cost[offset + length] = price
                                stepLength[offset + length] = UInt16(length)
                                stepDistance[offset + length] = distances[first]
                            }
                            continue
                        }
                        var shortest = DeflateAlphabet.minimumMatch
                        for pair in first..<end where shortest <= room {
                            let longest = min(Int(pairLengths[pair]), room)
                            let distance = distances[pair]
                            let base = here &+ distancePrice[Int(slots[pair])]
                            var length = shortest
                            while length <= longest {
                                let price = base &+ lengthPrice[length]
                                if price < cost[offset + length] {
                                    cost[offset + length] = price
                                    stepLength[offset + length] = UInt16(length)
                                    stepDistance[offset + length] = distance
                                }
                                length += 1
                            }
                            shortest = longest + 1
                        }
                    }
                }
            }
        }
        // Walk back from the end along the chosen steps, then emit them in order.
        var lengths: [UInt16] = []
        var values: [UInt16] = []
        var offset = count
        while offset > 0 {
            let length = stepLength[offset]
            if length == 0 {
                lengths.append(0)
                values.append(UInt16(data[start + offset - 1]))
                offset -= 1
            } else {
                lengths.append(length)
                values.append(stepDistance[offset])
                offset -= Int(length)
            }
        }
        var symbols = DeflateSymbols()
        symbols.lengths = lengths.reversed()
        symbols.values = values.reversed()
        return symbols
    }
}
