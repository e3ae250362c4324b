/// Length-limited Huffman codes, as deflate stores them: a bit length per symbol, codes assigned
/// canonically (RFC 1951 §3.2.2).
enum HuffmanCode {
    /// Optimal code lengths of at most `limit` bits for `frequencies`; unused symbols get 0. A
    /// single used symbol gets length 1.
    static func lengths(_ frequencies: [UInt32], limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        var leaves = frequencies.indices.filter { frequencies[$0] > 0 }
        if leaves.isEmpty { return lengths }
        if leaves.count == 1 {
            lengths[leaves[0]] = 1
            return lengths
        }
        leaves.sort { frequencies[$0] < frequencies[$1] || (frequencies[$0] == frequencies[$1] && $0 < $1) }
        if unlimitedLengths(frequencies, sortedLeaves: leaves, into: &lengths) <= limit { return lengths }
        lengths = [UInt8](repeating: 0, count: frequencies.count)
        packageMerge(frequencies, sortedLeaves: leaves, limit: limit, into: &lengths)
        return lengths
    }

    /// Huffman's lengths (two queues over the sorted leaves, then each node's depth); returns the
    /// longest.
    private static func unlimitedLengths(
        _ frequencies: [UInt32], sortedLeaves leaves: [Int], into lengths: inout [UInt8]
    )
        -> Int
    {
        let count = leaves.count
        // Nodes 0..<count are the leaves, count... the merged pairs, made in weight order.
        var weight = [UInt64](repeating: 0, count: 2 * count - 1)
        var parent = [Int](repeating: 0, count: 2 * count - 1)
        for (index, symbol) in leaves.enumerated() { weight[index] = UInt64(frequencies[symbol]) }
        var nextLeaf = 0
        var nextPair = count
        for made in count..<(2 * count - 1) {
            var children = (0, 0)
            for child in 0..<2 {
                let takeLeaf = nextLeaf < count && (nextPair >= made || weight[nextLeaf] <= weight[nextPair])
                let node = takeLeaf ? nextLeaf : nextPair
                if takeLeaf { nextLeaf += 1 } else { nextPair += 1 }
                if child == 0 { children.0 = node } else { children.1 = node }
            }
            weight[made] = weight[children.0] + weight[children.1]
            parent[children.0] = made
            parent[children.1] = made
        }
        var depth = [Int](repeating: 0, count: 2 * count - 1)
        var longest = 0
        for node in stride(from: 2 * count - 3, through: 0, by: -1) {
            depth[node] = depth[parent[node]] + 1
            if node < count {
                lengths[leaves[node]] = UInt8(truncatingIfNeeded: depth[node])
                longest = max(longest, depth[node])
            }
        }
        return longest
    }

    /// Optimal lengths of at most `limit` bits by package-merge.
    private static func packageMerge(
        _ frequencies: [UInt32], sortedLeaves leaves: [Int], limit: Int, into lengths: inout [UInt8]
    ) {
        let count = leaves.count
        let weights = leaves.map { UInt64(frequencies[$0]) }
        // Each level's list merges the leaves with the packages (pairs) of the level below, in
        // weight order; `isLeaf[level][k]` says what its k-th item is.
        var isLeaf: [[Bool]] = []
        var previous: [UInt64] = []
        for _ in 0..<limit {
            var merged: [UInt64] = []
            var kinds: [Bool] = []
            merged.reserveCapacity(2 * count)
            kinds.reserveCapacity(2 * count)
            var leaf = 0
            var pair = 0
            let pairs = previous.count / 2
            while leaf < count || pair < pairs {
                let packageWeight = pair < pairs ? previous[2 * pair] + previous[2 * pair + 1] : UInt64.max
                if leaf < count && weights[leaf] <= packageWeight {
                    merged.append(weights[leaf])
                    kinds.append(true)
                    leaf += 1
                } else {
                    merged.append(packageWeight)
                    kinds.append(false)
                    pair += 1
                }
            }
            isLeaf.append(kinds)
            previous = merged
        }
        // The first 2n − 2 items of the top list are the solution; a leaf's length is how many
        // levels use it, and the packages used at one level use twice as many items below.
        var used = 2 * count - 2
        for level in stride(from: limit - 1, through: 0, by: -1) {
            var leavesUsed = 0
            var packagesUsed = 0
            for k in 0..<used {
                if isLeaf[level][k] { leavesUsed += 1 } else { packagesUsed += 1 }
            }
            for leaf in 0..<leavesUsed { lengths[leaves[leaf]] += 1 }
            used = 2 * packagesUsed
            if used == 0 { break }
        }
    }

    /// The canonical codes of `lengths`, bit-reversed for deflate's least-significant-bit-first order.
    static func reversedCodes(_ lengths: [UInt8]) -> [UInt16] {
        var countOfLength = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { countOfLength[Int(length)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1..<16 {
            code = (code + countOfLength[bits - 1]) << 1
            next[bits] = code
        }
        next[0] = 0
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            var value = next[Int(length)]
            next[Int(length)] += 1
            var reversed = 0
            for _ in 0..<Int(length) {
                reversed = (reversed << 1) | (value & 1)
                value >>= 1
            }
            codes[symbol] = UInt16(reversed)
        }
        return codes
    }
}
