import KinetypeCore

/// What one frame adds to the GIF palette, worked out from the frame's pixels and the previous
/// frame's alone: per color, how many more (or fewer) pixels have it, and which colors the changed
/// pixels use. Frames can be looked at on any thread; the palette builder only adds the results up,
/// in display order (`GIFPaletteCollector.add(_:)`), at a cost that follows the number of colors a
/// frame changes, not its pixels.
///
/// Colors are kept at full precision: the builder drops low bits when its table grows too large
/// (`GIFPaletteBuilder`), which a frame looked at elsewhere cannot know of.
public struct GIFFrameColors: Sendable {
    /// Opaque colors (0xRRGGBB) whose pixel count changes, ascending, with the change (never 0).
    let deltas: [ColorDelta]
    /// The change in the number of transparent pixels.
    let transparentDelta: Int
    /// The opaque colors of the changed pixels, ascending, without repeats.
    let colors: [UInt32]
    /// How many pixels differ from the frame before.
    public let changedPixels: UInt64
    /// `runsAtPrecision[d]`: the runs of one color among the changed pixels in row order (what
    /// LZW codes roughly follow) when every channel has lost its `d` lowest bits, d = 0…8.
    let runsAtPrecision: [UInt64]

    struct ColorDelta: Sendable, Equatable {
        let color: UInt32
        let delta: Int
    }

    /// A frame that draws the same as the frame before it.
    public static let unchanged = GIFFrameColors(
        deltas: [], transparentDelta: 0, colors: [], changedPixels: 0, runsAtPrecision: [UInt64](repeating: 0, count: 9)
    )

    private init(
        deltas: [ColorDelta], transparentDelta: Int, colors: [UInt32], changedPixels: UInt64, runsAtPrecision: [UInt64]
    ) {
        self.deltas = deltas
        self.transparentDelta = transparentDelta
        self.colors = colors
        self.changedPixels = changedPixels
        self.runsAtPrecision = runsAtPrecision
    }

    /// Compares `new` with `old` (the previous frame's pixels of the same rectangle) pixel by
    /// pixel; without `old` (the first frame) every pixel counts as changed. Returns the colors and
    /// the bounding box of the changed pixels within the rectangle (nil: none changed).
    static func compare(old: PixelRows?, new: PixelRows, width: Int, height: Int) -> (
        colors: GIFFrameColors, changed: PixelRect?
    ) {
        guard let old else {
            let whole = width > 0 && height > 0 ? PixelRect(x: 0, y: 0, width: width, height: height) : nil
            return (first(new, width: width, height: height, packing: false).colors, whole)
        }
        var tally = Tally()
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        for y in 0..<height {
            let oldRow = old.row(y)
            let newRow = new.row(y)
            var x = 0
            while x < width {
                // Most pixels are unchanged: skip them two at a time.
                while x + 2 <= width,
                    oldRow.loadUnaligned(fromByteOffset: x * 4, as: UInt64.self)
                        == newRow.loadUnaligned(fromByteOffset: x * 4, as: UInt64.self)
                {
                    x += 2
                }
                guard x < width else { break }
                let was = oldRow.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                let now = newRow.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                if was != now {
                    tally.replace(was, with: now)
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                    if minY == Int.max { minY = y }
                    maxY = y
                }
                x += 1
            }
        }
        guard maxY >= 0 else { return (.unchanged, nil) }
        return (tally.finish(), PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1))
    }

    /// A first frame's colors (every pixel counts as changed), and with `packing` its pixels
    /// packed for a patch (`RunPacker`), both from one pass over its runs.
    static func first(_ new: PixelRows, width: Int, height: Int, packing: Bool) -> (
        colors: GIFFrameColors, packed: [UInt32]?
    ) {
        var tally = Tally()
        var packer = packing ? RunPacker() : nil
        new.forEachRun(width: width, height: height) { pixel, count in
            tally.add(pixel, count: count)
            packer?.append(pixel, count: count)
        }
        return (tally.finish(), packer?.finish())
    }

    /// The palette builder's bookkeeping for one frame, in the order the pixels are visited.
    private struct Tally {
        private var counts = GIFColorMap(emptyValue: 0, capacity: 64)
        private var transparentDelta = 0
        /// The opaque colors visited, each once, in the order first visited.
        private var visitedColors: [UInt32] = []
        private var visited = GIFColorMap(emptyValue: false, capacity: 64)
        private var changedPixels: UInt64 = 0
        /// `steps[k]`: visited colors whose highest bit differing from the color visited before
        /// them is bit `k - 1` of a channel (`k` = 9: the first color).
        private var steps = [UInt64](repeating: 0, count: 10)
        private var lastPixel: UInt32?
        private var lastColor: UInt32?
        /// The last color counted and its count not yet in `counts`, so runs cost one lookup.
        private var pending: (color: UInt32, delta: Int)?

        /// A pixel that changed to `pixel`, `count` times in a row (little-endian RGBA).
        mutating func add(_ pixel: UInt32, count: Int) {
            changedPixels += UInt64(count)
            note(pixel, by: count)
            visit(pixel)
        }

        /// A pixel that changed from `old` to `new`.
        mutating func replace(_ old: UInt32, with new: UInt32) {
            changedPixels += 1
            note(old, by: -1)
            note(new, by: 1)
            visit(new)
        }

        /// A pixel equal to the one visited before it adds no color and no run.
        private mutating func visit(_ pixel: UInt32) {
            guard pixel != lastPixel else { return }
            lastPixel = pixel
            guard let color = Self.opaqueColor(pixel) else { return }
            guard let last = lastColor else {
                lastColor = color
                noteVisited(color)
                steps[9] += 1
                return
            }
            guard color != last else { return }
            lastColor = color
            noteVisited(color)
            let difference = color ^ last
            let channels = max(difference >> 16 & 0xFF, difference >> 8 & 0xFF, difference & 0xFF)
            steps[32 - channels.leadingZeroBitCount] += 1
        }

        private mutating func noteVisited(_ color: UInt32) {
            let known = visited.count
            _ = visited.insert(color)
            if visited.count != known { visitedColors.append(color) }
        }

        private mutating func note(_ pixel: UInt32, by delta: Int) {
            guard let color = Self.opaqueColor(pixel) else {
                transparentDelta += delta
                return
            }
            if let pending, pending.color == color {
                self.pending = (color, pending.delta + delta)
                return
            }
            flushPending()
            pending = (color, delta)
        }

        private mutating func flushPending() {
            guard let pending else { return }
            let slot = counts.insert(pending.color)
            counts.update(slot: slot) { $0 += pending.delta }
            self.pending = nil
        }

        /// 0xRRGGBB of an opaque pixel; nil for a transparent one.
        @inline(__always)
        private static func opaqueColor(_ pixel: UInt32) -> UInt32? {
            guard UInt8(truncatingIfNeeded: pixel >> 24) >= gifAlphaThreshold else { return nil }
            return (pixel & 0xFF) << 16 | (pixel & 0xFF00) | (pixel >> 16 & 0xFF)
        }

        mutating func finish() -> GIFFrameColors {
            flushPending()
            var deltas: [ColorDelta] = []
            counts.forEveryEntry { color, delta in
                if delta != 0 { deltas.append(ColorDelta(color: color, delta: delta)) }
            }
            deltas.sort { $0.color < $1.color }
            visitedColors.sort()
            // A step whose highest differing bit is bit k - 1 of some channel starts a new run
            // while fewer than k bits are dropped; the first color starts one at every precision.
            var runs = [UInt64](repeating: 0, count: 9)
            runs[8] = steps[9]
            for dropped in stride(from: 7, through: 0, by: -1) {
                runs[dropped] = runs[dropped + 1] + steps[dropped + 1]
            }
            return GIFFrameColors(
                deltas: deltas, transparentDelta: transparentDelta, colors: visitedColors, changedPixels: changedPixels,
                runsAtPrecision: runs)
        }
    }
}
