/// Every match worth pricing at every position of an input, found once and shared by all the
/// parses of it: at position `i`, the pairs `starts[i]..<starts[i + 1]` of `lengths`, `distances`
/// and `distanceSlots`, lengths increasing, each with a distance that reaches it; any length
/// between the previous pair's and a pair's own can use that pair's distance.
final class DeflateMatches {
    let starts: UnsafeMutableBufferPointer<Int32>
    private(set) var lengths: UnsafeMutableBufferPointer<UInt16>
    private(set) var distances: UnsafeMutableBufferPointer<UInt16>
    /// The distance code of each pair's distance.
    private(set) var distanceSlots: UnsafeMutableBufferPointer<UInt8>
    /// 1 where the position lies inside an earlier long match: its one pair continues that match,
    /// and only its whole length is worth pricing.
    let covered: UnsafeMutableBufferPointer<UInt8>
    private var pairCount = 0

    private static let none = Int32(-100_000)

    /// Finds the matches with a binary tree per 4-byte hash of the earlier positions, sorted by what
    /// follows them (as libdeflate's and LZMA's match finders do), descending at most `depthLimit`
    /// nodes, plus the nearest earlier position with the same 3 bytes. A match of `niceLength` or
    /// more ends the search, and the positions it covers get only its continuation (same distance,
    /// the remaining length). Positions before `first` (the window a segment's matches may reach
    /// back into) enter the trees but get no matches.
    init(_ input: UnsafeBufferPointer<UInt8>, recordingFrom first: Int = 0, depthLimit: Int, niceLength: Int) {
        let count = input.count
        starts = .allocate(capacity: count + 1)
        covered = .allocate(capacity: max(count, 1))
        covered.initialize(repeating: 0)
        let capacity = count + 16
        lengths = .allocate(capacity: capacity)
        distances = .allocate(capacity: capacity)
        distanceSlots = .allocate(capacity: capacity)
        guard count > 0 else {
            starts[0] = 0
            return
        }
        // Tables sized to the input: a frame's changed rectangle is often a few kilobytes.
        let windowSize = min(DeflateAlphabet.window, 1 << (Int.bitWidth - (count - 1).leadingZeroBitCount))
        let windowMask = windowSize - 1
        let hash4Bits = min(17, max(8, Int.bitWidth - count.leadingZeroBitCount))
        let hash3Bits = min(15, hash4Bits - 1)
        let head4 = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 1 << hash4Bits)
        let head3 = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 1 << hash3Bits)
        let children = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 2 * windowSize)
        defer {
            head4.deallocate()
            head3.deallocate()
            children.deallocate()
        }
        head4.initialize(repeating: Self.none)
        head3.initialize(repeating: Self.none)
        children.initialize(repeating: Self.none)
        let data = input.baseAddress!
        var coveredUntil = 0
        var coveringDistance = 0
        for position in 0..<count {
            starts[position] = Int32(pairCount)
            let available = min(DeflateAlphabet.maximumMatch, count - position)
            let isCovered = position < coveredUntil
            let records = !isCovered && position >= first
            if isCovered {
                let remaining = min(coveredUntil - position, available)
                if remaining >= DeflateAlphabet.minimumMatch {
                    append(remaining, coveringDistance)
                    covered[position] = 1
                }
            }
            guard available >= 4 else { continue }
            let cutoff = position - DeflateAlphabet.window
            let word = UnsafeRawPointer(data + position).loadUnaligned(as: UInt32.self)
            let hash3 = Int(((word & 0xFF_FFFF) &* 2_654_435_761) >> UInt32(32 - hash3Bits))
            let hash4 = Int((word &* 2_654_435_761) >> UInt32(32 - hash4Bits))
            var best = DeflateAlphabet.minimumMatch - 1
            let near = Int(head3[hash3])
            head3[hash3] = Int32(position)
            if records, near > cutoff, data[near] == data[position], data[near + 1] == data[position + 1],
                data[near + 2] == data[position + 2]
            {
                best = 3
                append(3, position - near)
            }
            // Insert this position at the root of its tree, descending to find its matches and
            // re-hanging the nodes passed on its smaller ("less") or larger ("greater") side.
            let nice = min(niceLength, available)
            var node = Int(head4[hash4])
            head4[hash4] = Int32(position)
            var pendingLess = 2 * (position & windowMask)
            var pendingGreater = pendingLess + 1
            var lessLength = 0
            var greaterLength = 0
            var length = 0
            var depth = depthLimit
            let here = data + position
            while true {
                if node <= cutoff || depth == 0 {
                    children[pendingLess] = Self.none
                    children[pendingGreater] = Self.none
                    break
                }
                depth -= 1
                let match = data + node
                let slot = 2 * (node & windowMask)
                if match[length] == here[length] {
                    length = Self.matchLength(match, here, from: length + 1, limit: available)
                    if length > best {
                        best = length
                        if records { append(length, position - node) }
                    }
                    if length >= nice {
                        children[pendingLess] = children[slot]
                        children[pendingGreater] = children[slot + 1]
                        break
                    }
                }
                if match[length] < here[length] {
                    children[pendingLess] = Int32(node)
                    pendingLess = slot + 1
                    node = Int(children[pendingLess])
                    lessLength = length
                    length = min(length, greaterLength)
                } else {
                    children[pendingGreater] = Int32(node)
                    pendingGreater = slot
                    node = Int(children[pendingGreater])
                    greaterLength = length
                    length = min(length, lessLength)
                }
            }
            if records && best >= niceLength {
                coveredUntil = position + best
                coveringDistance = Int(distances[pairCount - 1])
            }
        }
        starts[count] = Int32(pairCount)
    }

    deinit {
        starts.deallocate()
        covered.deallocate()
        lengths.deallocate()
        distances.deallocate()
        distanceSlots.deallocate()
    }

    private func append(_ length: Int, _ distance: Int) {
        if pairCount == lengths.count {
            lengths = Self.grown(lengths)
            distances = Self.grown(distances)
            distanceSlots = Self.grown(distanceSlots)
        }
        lengths[pairCount] = UInt16(length)
        distances[pairCount] = UInt16(distance)
        distanceSlots[pairCount] = UInt8(DeflateAlphabet.distanceSlot(distance))
        pairCount += 1
    }

    private static func grown<T>(_ buffer: UnsafeMutableBufferPointer<T>) -> UnsafeMutableBufferPointer<T> {
        let larger = UnsafeMutableBufferPointer<T>.allocate(capacity: buffer.count * 2)
        _ = larger.initialize(from: buffer)
        buffer.deallocate()
        return larger
    }

    /// How many bytes from `a` and `b` agree, counting on from `start` up to `limit`.
    @inline(__always) private static func matchLength(
        _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, from start: Int, limit: Int
    ) -> Int {
        var length = start
        let left = UnsafeRawPointer(a)
        let right = UnsafeRawPointer(b)
        while length + 8 <= limit {
            let difference =
                left.loadUnaligned(fromByteOffset: length, as: UInt64.self)
                ^ right.loadUnaligned(fromByteOffset: length, as: UInt64.self)
            if difference != 0 { return length + difference.trailingZeroBitCount / 8 }
            length += 8
        }
        while length < limit && a[length] == b[length] { length += 1 }
        return length
    }
}
