import CGIF
import KinetypeCore

extension GIFFrameWriter {
    /// The indices a frame writes inside its rectangle. A changed pixel must carry its new index; an
    /// unchanged one looks the same whether it is transparent (the picture below shows through) or
    /// carries its own index. Four renditions are tried — unchanged pixels all transparent, all
    /// literal, or chosen for the fewest runs (leaning either way) — and the one LZW compresses
    /// best is kept. `wanted`: the frame's indices; `isFree`: which of them equal the picture
    /// below. Also returns the kept rendition's LZW bytes at `minimumCodeSize`.
    static func framePixels(wanted: [UInt8], isFree: [Bool], transparent: UInt8, minimumCodeSize: Int)
        -> (pixels: [UInt8], compressed: [UInt8])
    {
        // With no unchanged pixel (a first frame) every rendition is `wanted`.
        guard isFree.contains(true) else {
            return (wanted, GIFLZWEncoder.encode(wanted, minimumCodeSize: minimumCodeSize))
        }
        var allTransparent = wanted
        allTransparent.withUnsafeMutableBufferPointer { pixels in
            isFree.withUnsafeBufferPointer { isFree in
                for i in pixels.indices where isFree[i] { pixels[i] = transparent }
            }
        }
        // In this order the smallest wins, the earlier on a tie.
        let renditions = [
            allTransparent, wanted,
            fewestRuns(wanted: wanted, isFree: isFree, transparent: transparent, preferLiteral: false),
            fewestRuns(wanted: wanted, isFree: isFree, transparent: transparent, preferLiteral: true),
        ]
        // The fewest-runs renditions usually win, so they are coded first, and a later rendition
        // stops coding as soon as it cannot win. One equal to the best so far codes the same, but
        // its place in the order counts for later ties.
        var best: (index: Int, pixels: [UInt8], compressed: [UInt8])?
        for index in [2, 3, 0, 1] {
            let rendition = renditions[index]
            if let found = best, found.pixels == rendition {
                best?.index = min(found.index, index)
                continue
            }
            let limit = best.map { index < $0.index ? $0.compressed.count : $0.compressed.count - 1 } ?? .max
            guard
                let compressed = GIFLZWEncoder.encode(
                    rendition, minimumCodeSize: minimumCodeSize, unlessLongerThan: limit)
            else { continue }
            best = (index, rendition, compressed)
        }
        return (best!.pixels, best!.compressed)
    }

    /// The rendition with the fewest changes of index along the pixel stream: each unchanged
    /// pixel is transparent or literal, chosen by dynamic programming over the whole frame (two
    /// states a pixel), so runs of one color are not broken up by stretches of transparency.
    /// Among equally few runs it leans to literal or to transparent pixels, as asked.
    static func fewestRuns(wanted: [UInt8], isFree: [Bool], transparent: UInt8, preferLiteral: Bool) -> [UInt8] {
        let count = wanted.count
        guard count > 0 else { return [] }
        return wanted.withUnsafeBufferPointer { wanted in
            isFree.withUnsafeBufferPointer { isFree in
                // Option 0 is the preferred one on ties.
                @inline(__always) func options(_ i: Int) -> (UInt8, UInt8) {
                    guard isFree[i] else { return (wanted[i], wanted[i]) }
                    return preferLiteral ? (wanted[i], transparent) : (transparent, wanted[i])
                }
                // cost0, cost1: fewest changes up to pixel i when it takes option 0 or 1; bits 0 and
                // 1 of from[i]: the option pixel i - 1 took on the way to option 0 and option 1.
                var from = [UInt8](repeating: 0, count: count)
                var cost0 = 0
                var cost1 = 0
                var (previous0, previous1) = options(0)
                for i in 1..<count {
                    let (option0, option1) = options(i)
                    let via00 = cost0 + (previous0 == option0 ? 0 : 1)
                    let via10 = cost1 + (previous1 == option0 ? 0 : 1)
                    let via01 = cost0 + (previous0 == option1 ? 0 : 1)
                    let via11 = cost1 + (previous1 == option1 ? 0 : 1)
                    let next0 = min(via00, via10)
                    let next1 = min(via01, via11)
                    from[i] = (via00 <= via10 ? 0 : 1) | (via01 <= via11 ? 0 : 2)
                    cost0 = next0
                    cost1 = next1
                    (previous0, previous1) = (option0, option1)
                }
                var pixels = [UInt8](repeating: 0, count: count)
                var choice: UInt8 = cost0 <= cost1 ? 0 : 1
                for i in stride(from: count - 1, through: 0, by: -1) {
                    let (option0, option1) = options(i)
                    pixels[i] = choice == 0 ? option0 : option1
                    choice = (from[i] >> choice) & 1
                }
                return pixels
            }
        }
    }

    /// A frame may name any index its pixels do not use as its transparent one; the lowest such
    /// index keeps the frame's largest index, and so its LZW code size, small. Returns the pixels
    /// with `transparent` replaced by it, and the largest index they then hold.
    static func lowestTransparentIndex(_ pixels: [UInt8], transparent: UInt8)
        -> (pixels: [UInt8], transparent: UInt8, largest: UInt8)
    {
        var uses = [Int](repeating: 0, count: 256)
        uses.withUnsafeMutableBufferPointer { uses in
            pixels.withUnsafeBufferPointer { pixels in
                for pixel in pixels { uses[Int(pixel)] &+= 1 }
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

    /// Picks the rendition LZW compresses best and compresses it at its smallest code size.
    func encode() -> GIFEncodedFrame {
        let selectionCodeSize = GIFLZWEncoder.minimumCodeSize(forLargestIndex: transparent)
        // With no unchanged pixel (a first frame) there is nothing to choose: code it once, below.
        let chosen: (pixels: [UInt8], compressed: [UInt8]?) =
            isFree.contains(true)
            ? GIFFrameWriter.framePixels(
                wanted: wanted, isFree: isFree, transparent: transparent, minimumCodeSize: selectionCodeSize)
            : (wanted, nil)
        let (written, frameTransparent, largest) = GIFFrameWriter.lowestTransparentIndex(
            chosen.pixels, transparent: transparent)
        let codeSize = GIFLZWEncoder.minimumCodeSize(forLargestIndex: max(largest, frameTransparent))
        let compressed =
            (codeSize == selectionCodeSize && frameTransparent == transparent ? chosen.compressed : nil)
            ?? GIFLZWEncoder.encode(written, minimumCodeSize: codeSize)
        return GIFEncodedFrame(
            rect: rect, codeSize: codeSize, compressed: compressed, delay: delay, disposal: disposal,
            transparentIndex: frameTransparent)
    }
}

/// A frame's compressed pixels and how to write them.
struct GIFEncodedFrame: Sendable {
    let rect: GIFRect
    let codeSize: Int
    let compressed: [UInt8]
    let delay: Int
    let disposal: Int32
    let transparentIndex: UInt8
}
