import CGIF
import KinetypeCore

extension GIFFrameWriterCore {
    /// The indices a frame writes inside its rectangle. A changed pixel must carry its new index; an
    /// unchanged one looks the same whether it is transparent (the picture below shows through) or
    /// carries its own index. Four renditions are tried — unchanged pixels all transparent, all
    /// literal, or chosen for the fewest runs (leaning either way) — and the one LZW compresses
    /// best is kept. `wanted`: the frame's indices; `isFree`: which of them equal the picture
    /// below. Also returns the kept rendition's LZW bytes at `minimumCodeSize`.
    /// `codes`: the kept rendition's LZW codes when its string table never filled (see
    /// `GIFLZWEncoder.recode`).
    static func framePixels(
        wanted: [UInt8], isFree: [Bool], transparent: UInt8, minimumCodeSize: Int, scratch: GIFLZWScratch? = nil
    ) -> (pixels: [UInt8], compressed: [UInt8], codes: [UInt16]?) {
        let scratch = scratch ?? GIFLZWScratch()
        // With no unchanged pixel (a first frame) every rendition is `wanted`.
        guard isFree.contains(true) else {
            let compressed = GIFLZWEncoder.encode(wanted, minimumCodeSize: minimumCodeSize, scratch: scratch)
            return (wanted, compressed, GIFLZWEncoder.recordedCodes(in: scratch))
        }
        var allTransparent = wanted
        allTransparent.withUnsafeMutableBufferPointer { pixels in
            isFree.withUnsafeBufferPointer { isFree in
                for i in pixels.indices where isFree[i] { pixels[i] = transparent }
            }
        }
        // In this order the smallest wins, the earlier on a tie.
        let fewest = fewestRuns(wanted: wanted, isFree: isFree, transparent: transparent)
        let renditions = [allTransparent, wanted, fewest.leaningTransparent, fewest.leaningLiteral]
        // The fewest-runs renditions usually win, so they are coded first, and a later rendition
        // stops coding as soon as it cannot win. One equal to the best so far codes the same, but
        // its place in the order counts for later ties.
        var best: (index: Int, pixels: [UInt8], compressed: [UInt8], codes: [UInt16]?)?
        for index in [2, 3, 0, 1] {
            let rendition = renditions[index]
            if let found = best, found.pixels == rendition {
                best?.index = min(found.index, index)
                continue
            }
            let limit = best.map { index < $0.index ? $0.compressed.count : $0.compressed.count - 1 } ?? .max
            guard
                let compressed = GIFLZWEncoder.encode(
                    rendition, minimumCodeSize: minimumCodeSize, unlessLongerThan: limit, scratch: scratch)
            else { continue }
            best = (index, rendition, compressed, GIFLZWEncoder.recordedCodes(in: scratch))
        }
        return (best!.pixels, best!.compressed, best!.codes)
    }

    /// The rendition with the fewest changes of index along the pixel stream: each unchanged
    /// pixel is transparent or literal, chosen by dynamic programming over the whole frame (two
    /// states a pixel), so runs of one color are not broken up by stretches of transparency.
    /// Among equally few runs it leans to literal or to transparent pixels, as asked.
    static func fewestRuns(wanted: [UInt8], isFree: [Bool], transparent: UInt8, preferLiteral: Bool) -> [UInt8] {
        let both = fewestRuns(wanted: wanted, isFree: isFree, transparent: transparent)
        return preferLiteral ? both.leaningLiteral : both.leaningTransparent
    }

    /// Both fewest-runs renditions from one pass: the numbers of changes do not depend on which way
    /// ties lean, only the path taken through equal ones does, so one pass keeps the path of each.
    ///
    /// State T is an unchanged pixel made transparent, L one kept literal (a changed pixel is its
    /// own index in both). What a pixel's states cost depends only on the difference between the
    /// fewest changes ending in L and in T before it (always -1, 0 or 1: changing only the last
    /// pixel moves a count by at most one) and on which of the values before and now are equal,
    /// so one table lookup (`FewestRunsStep`) gives the new difference and, per pixel, which state
    /// each state came from for each leaning. Branch-free: the choices follow the pixels, which no
    /// branch predictor guesses.
    static func fewestRuns(wanted: [UInt8], isFree: [Bool], transparent: UInt8) -> (
        leaningTransparent: [UInt8], leaningLiteral: [UInt8]
    ) {
        let count = wanted.count
        guard count > 0, isFree.count == count else { return ([], []) }
        let from = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        defer { from.deallocate() }
        var leaningTransparent = [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        var leaningLiteral = leaningTransparent
        FewestRunsStep.table.withUnsafeBufferPointer { table in
            wanted.withUnsafeBufferPointer { wanted in
                isFree.withUnsafeBufferPointer { isFree in
                    from[0] = 0
                    var difference = FewestRunsStep.equalCosts
                    var previousT = isFree[0] ? transparent : wanted[0]
                    var previousL = wanted[0]
                    var i = 1
                    while i < count {
                        let literal = wanted[i]
                        let free = isFree[i]
                        let valueT = free ? transparent : literal
                        let key =
                            difference | Int(bit(previousT == valueT)) | Int(bit(previousL == valueT)) << 1
                            | Int(bit(previousT == literal)) << 2 | Int(bit(previousL == literal)) << 3
                        let step = table[key]
                        from[i] = step
                        let next = Int(step & FewestRunsStep.differenceMask)
                        previousT = valueT
                        previousL = literal
                        // Inside a run of one index and freedom, a step that keeps the difference
                        // is taken by every pixel left in the run: the key stays the same.
                        if next == difference, literal == wanted[i - 1], free == isFree[i - 1] {
                            var end = i + 1
                            while end < count, wanted[end] == literal, isFree[end] == free { end += 1 }
                            (from + i + 1).update(repeating: step, count: end - i - 1)
                            i = end
                            continue
                        }
                        difference = next
                        i += 1
                    }
                    // A state: 0 is T, 1 is L. Leaning transparent, T wins a tie; leaning literal, L.
                    var stateT = difference >= FewestRunsStep.equalCosts ? 0 : 1
                    var stateL = difference <= FewestRunsStep.equalCosts ? 1 : 0
                    leaningTransparent.withUnsafeMutableBufferPointer { outT in
                        leaningLiteral.withUnsafeMutableBufferPointer { outL in
                            for i in stride(from: count - 1, through: 0, by: -1) {
                                let literal = wanted[i]
                                let valueT = isFree[i] ? transparent : literal
                                let bits = Int(from[i])
                                outT[i] = stateT == 0 ? valueT : literal
                                outL[i] = stateL == 0 ? valueT : literal
                                stateT = (bits >> stateT) & 1
                                stateL = (bits >> (2 + stateL)) & 1
                            }
                        }
                    }
                }
            }
        }
        return (leaningTransparent, leaningLiteral)
    }

    /// 0 or 1, without a branch.
    @inline(__always) private static func bit(_ value: Bool) -> UInt8 { unsafeBitCast(value, to: UInt8.self) }

    /// A frame may name any index its pixels do not use as its transparent one; the lowest such
    /// index keeps the frame's largest index, and so its LZW code size, small. Returns the pixels
    /// with `transparent` replaced by it, and the largest index they then hold.
    static func lowestTransparentIndex(_ pixels: [UInt8], transparent: UInt8)
        -> (pixels: [UInt8], transparent: UInt8, largest: UInt8)
    {
        var uses = [Int](repeating: 0, count: 256)
        uses.withUnsafeMutableBufferPointer { uses in
            pixels.withUnsafeBufferPointer { pixels in
                // Four counts a value, so neighbouring equal pixels do not wait on one another.
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 1024) { counts in
                    counts.initialize(repeating: 0)
                    var index = 0
                    while index + 4 <= pixels.count {
                        counts[Int(pixels[index])] &+= 1
                        counts[256 + Int(pixels[index + 1])] &+= 1
                        counts[512 + Int(pixels[index + 2])] &+= 1
                        counts[768 + Int(pixels[index + 3])] &+= 1
                        index += 4
                    }
                    while index < pixels.count {
                        counts[Int(pixels[index])] &+= 1
                        index += 1
                    }
                    for value in 0..<256 {
                        uses[value] = counts[value] &+ counts[256 + value] &+ counts[512 + value] &+ counts[768 + value]
                    }
                }
            }
        }
        let usesTransparent = uses[Int(transparent)] > 0
        uses[Int(transparent)] = 0
        let frameTransparent = min(UInt8(uses.firstIndex(of: 0)!), transparent)
        let largestOpaque = UInt8(uses.lastIndex { $0 > 0 } ?? 0)
        guard usesTransparent else { return (pixels, frameTransparent, largestOpaque) }
        let largest = max(largestOpaque, frameTransparent)
        guard frameTransparent < transparent else { return (pixels, transparent, largest) }
        return (pixels.map { $0 == transparent ? frameTransparent : $0 }, frameTransparent, largest)
    }

}

/// One pixel's step of `GIFFrameWriterCore.fewestRuns`, for every case: the key is the difference
/// between the fewest changes ending in L and in T before the pixel (+1, in bits 4 and 5) and four
/// equalities (bit 0: the previous T value equals this T value; 1: the previous L value equals this
/// T value; 2: the previous T value equals this L value; 3: the previous L value equals it). The
/// entry: the new difference (+1, bits 4 and 5) and where each state came from, a set bit meaning
/// from L: bit 0 for T and bit 1 for L leaning transparent (a tie takes T), bits 2 and 3 leaning
/// literal (a tie takes L).
enum FewestRunsStep {
    static let equalCosts = 1 << 4
    static let differenceMask: UInt8 = 0x30

    static let table: [UInt8] = (0..<48).map { key in
        let difference = key >> 4 - 1
        func changes(_ equality: Int) -> Int { key >> equality & 1 == 1 ? 0 : 1 }
        let toTviaT = changes(0)
        let toTviaL = difference + changes(1)
        let toLviaT = changes(2)
        let toLviaL = difference + changes(3)
        var bits = toTviaT > toTviaL ? 1 : 0
        if toLviaT > toLviaL { bits |= 2 }
        if toTviaT >= toTviaL { bits |= 4 }
        if toLviaT >= toLviaL { bits |= 8 }
        let next = min(toLviaT, toLviaL) - min(toTviaT, toTviaL)
        return UInt8(bits | (next + 1) << 4)
    }
}

/// A frame whose rectangle, delay and disposal are decided, ready to be compressed on a worker.
struct GIFFrameJob: Sendable {
    let rect: GIFRect
    /// The frame's indices inside `rect`, row by row.
    let wanted: [UInt8]
    /// Whether each of them equals the picture it is drawn over (so may be transparent instead);
    /// empty when none does.
    let isFree: [Bool]
    let delay: Int
    let disposal: Int32
    let transparent: UInt8

    /// Picks the rendition LZW compresses best and compresses it at its smallest code size;
    /// `scratch` lends its tables (one encode at a time). Depends on `wanted`, `isFree` and
    /// `transparent` alone (`GIFCompressionCache` keeps it by them).
    func compress(scratch: GIFLZWScratch = GIFLZWScratch()) -> GIFCompressedPixels {
        let selectionCodeSize = GIFLZWEncoder.minimumCodeSize(forLargestIndex: transparent)
        // With no unchanged pixel (a first frame) there is nothing to choose: code it once, below.
        let chosen: (pixels: [UInt8], compressed: [UInt8]?, codes: [UInt16]?) =
            isFree.contains(true)
            ? GIFFrameWriterCore.framePixels(
                wanted: wanted, isFree: isFree, transparent: transparent, minimumCodeSize: selectionCodeSize,
                scratch: scratch)
            : (wanted, nil, nil)
        let (written, frameTransparent, largest) = GIFFrameWriterCore.lowestTransparentIndex(
            chosen.pixels, transparent: transparent)
        let codeSize = GIFLZWEncoder.minimumCodeSize(forLargestIndex: max(largest, frameTransparent))
        let compressed: [UInt8]
        if codeSize == selectionCodeSize && frameTransparent == transparent, let selected = chosen.compressed {
            compressed = selected
        } else if let codes = chosen.codes {
            // The same strings at the frame's own code size, without coding the pixels again.
            compressed = GIFLZWEncoder.recode(
                codes, codedSize: selectionCodeSize, minimumCodeSize: codeSize,
                renaming: frameTransparent == transparent ? nil : (transparent, frameTransparent))
        } else {
            compressed = GIFLZWEncoder.encode(written, minimumCodeSize: codeSize, scratch: scratch)
        }
        return GIFCompressedPixels(codeSize: codeSize, compressed: compressed, transparentIndex: frameTransparent)
    }
}

/// A frame's pixels as written: LZW bytes at their code size, and the index they leave transparent.
struct GIFCompressedPixels: Sendable {
    let codeSize: Int
    let compressed: [UInt8]
    let transparentIndex: UInt8
}
