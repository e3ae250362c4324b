import CImageQuant
import KinetypeCore

/// GIF pixels are either opaque or fully transparent: alpha below this becomes transparent,
/// alpha at or above it becomes opaque (alpha 255, same RGB).
let gifAlphaThreshold: UInt8 = 128

/// The most opaque colors a palette holds; one more index is reserved for transparency.
let gifMaxOpaqueColors = 255

/// How many pixels of one color the current frame has, and how many the frames before `since`
/// had in all. The sum over frames is kept lazily: a color's count is only touched in frames
/// where it changes, so frames that change little (or nothing) cost little (or nothing).
struct GIFColorTally: Sendable {
    var current = 0
    var total: UInt64 = 0
    var since = 0

    /// Adds the frames from `since` up to (not including) `frame`, which all had `current` pixels.
    @inline(__always)
    mutating func settle(at frame: Int) {
        total &+= UInt64(truncatingIfNeeded: current) &* UInt64(truncatingIfNeeded: frame - since)
        since = frame
    }
}

/// Pass 1 of the GIF encoder: counts the colors of every frame, then builds the palette.
///
/// The counts are a plain table, so the palette does not depend on the order frames are
/// added in (frames may be rendered in parallel). With at most 255 distinct colors the palette is exact;
/// otherwise libimagequant quantizes the table, fed in sorted order. To bound memory, when the
/// table outgrows `maxDistinctColors` every channel loses its lowest bit (repeatedly if needed);
/// the final precision is the finest at which all colors fit, whatever the order.
///
/// Only what changed is looked at: each frame comes as what it changes (`GIFFrameColors`), the
/// table holds each color's count in the current frame, and a frame's counts are added to the
/// totals lazily (see `GIFColorTally`), so an identical frame costs nothing and a typewriter frame
/// costs its few changed pixels, not the canvas.
final class GIFPaletteBuilder {
    let width: Int
    let height: Int
    private let options: GIFOptions
    /// Opaque colors (0xRRGGBB, with `droppedBits` low bits of each channel cleared) and their
    /// pixel counts.
    private var tallies = GIFColorMap(emptyValue: GIFColorTally())
    private var transparent = GIFColorTally()
    /// For each color, how much the frames' changes use it; ranks colors for the order.
    private var uses: [UInt32: GIFColorUse] = [:]
    /// The sets of colors frames' changes use; decide the palette order (see `GIFPaletteOrder`).
    private var frameColorSets = GIFFrameColorSets()
    /// Frames added so far: the index of the next one.
    private var frameCount = 0
    private var droppedBits: UInt32 = 0
    private let maxDistinctColors: Int

    init(width: Int, height: Int, options: GIFOptions, maxDistinctColors: Int = 1 << 18) {
        self.width = width
        self.height = height
        self.options = options
        self.maxDistinctColors = maxDistinctColors
    }

    /// Adds the next frame by what it changes (`GIFFrameColors`, worked out from the frame before
    /// it; from nothing for the first frame).
    func add(_ frame: GIFFrameColors) {
        defer { frameCount += 1 }
        guard frame.changedPixels > 0 else { return }
        score(frame)
        count(frame)
    }

    /// Moves the frame's changed pixels from the previous frame's colors to this frame's.
    private func count(_ frame: GIFFrameColors) {
        let index = frameCount
        if frame.transparentDelta != 0 {
            transparent.settle(at: index)
            transparent.current += frame.transparentDelta
        }
        var mask = Self.mask(droppedBits: droppedBits)
        for change in frame.deltas {
            let before = tallies.count
            let slot = tallies.insert(change.color & mask)
            tallies.update(slot: slot) { tally in
                tally.settle(at: index)
                tally.current += change.delta
            }
            if tallies.count != before, tallies.count > maxDistinctColors {
                coarsen(at: index)
                mask = Self.mask(droppedBits: droppedBits)
            }
        }
    }

    /// Records which colors the frame's changed pixels use, at the table's current precision.
    private func score(_ frame: GIFFrameColors) {
        var colors = frame.colors
        if droppedBits > 0 {
            let mask = Self.mask(droppedBits: droppedBits)
            let masked = colors.map { $0 & mask }.sorted()
            colors = []
            colors.reserveCapacity(masked.count)
            for color in masked where colors.last != color { colors.append(color) }
        }
        let use = GIFColorUse(frames: 1, changedPixels: frame.changedPixels)
        for color in colors { uses[color, default: GIFColorUse()] += use }
        frameColorSets.record(
            sorted: colors,
            estimatedCodes: frame.runsAtPrecision[min(Int(droppedBits), frame.runsAtPrecision.count - 1)])
    }

    /// The pixels of every frame added so far, by opaque color (with `droppedBits` low bits of
    /// each channel cleared), and the transparent ones (sums wrap around at 2³²).
    func histogram() -> (counts: [UInt32: UInt32], transparent: UInt32) {
        var counts: [UInt32: UInt32] = [:]
        counts.reserveCapacity(tallies.count)
        let frames = frameCount
        tallies.forEveryEntry { key, tally in
            var tally = tally
            tally.settle(at: frames)
            counts[key] = UInt32(truncatingIfNeeded: tally.total)
        }
        var transparentTally = transparent
        transparentTally.settle(at: frames)
        return (counts, UInt32(truncatingIfNeeded: transparentTally.total))
    }

    /// Ends pass 1 and builds the palette.
    func finish() throws -> GIFPalette {
        let (counts, transparentCount) = histogram()
        if droppedBits == 0, counts.count <= gifMaxOpaqueColors {
            let ranked = counts.keys.sorted {
                (uses[$0] ?? GIFColorUse(), counts[$0] ?? 0, $1) > (uses[$1] ?? GIFColorUse(), counts[$1] ?? 0, $0)
            }
            var rankOfColor: [UInt32: Int] = [:]
            for (rank, color) in ranked.enumerated() { rankOfColor[color] = rank }
            let frames = frameColorSets.paletteSets { rankOfColor[$0] }
            let ordered = GIFPaletteOrder.order(colorCount: ranked.count, frames: frames) { $0 }.map { ranked[$0] }
            return GIFPalette(
                exactColors: ordered, hasTransparency: transparentCount > 0,
                width: width, height: height)
        }
        let attributes = try LiqAttributes()
        liq_set_max_colors(attributes.pointer, Int32(gifMaxOpaqueColors))
        liq_set_quality(
            attributes.pointer, 0,
            Int32(
                min(
                    max(options.quality, GIFOptions.qualities.lowerBound),
                    GIFOptions.qualities.upperBound)))
        let histogram = try LiqHistogram(attributes: attributes)
        let center = droppedBits == 0 ? 0 : UInt32(1) << (droppedBits - 1)
        var entries = counts.keys.sorted().map { key in
            liq_histogram_entry(
                color: liq_color(
                    r: UInt8(key >> 16 & 0xFF | center), g: UInt8(key >> 8 & 0xFF | center),
                    b: UInt8(key & 0xFF | center), a: 255),
                count: counts[key] ?? 0)
        }
        if transparentCount > 0 {
            entries.append(liq_histogram_entry(color: liq_color(r: 0, g: 0, b: 0, a: 0), count: transparentCount))
        }
        let status = withExtendedLifetime((histogram, attributes)) {
            liq_histogram_add_colors(histogram.pointer, attributes.pointer, entries, Int32(entries.count), 0)
        }
        guard status == LIQ_OK else { throw GIFPalette.failure("libimagequant rejected the colors (\(status))") }
        return try GIFPalette(
            quantizing: histogram, attributes: attributes, hasTransparency: transparentCount > 0,
            width: width, height: height, options: options, uses: uses, frameColorSets: frameColorSets)
    }

    /// Drops one more low bit of every channel and merges the counts that now coincide (`frame`:
    /// the frame being added).
    private func coarsen(at frame: Int) {
        while tallies.count > maxDistinctColors {
            droppedBits += 1
            let mask = Self.mask(droppedBits: droppedBits)
            var merged = GIFColorMap(emptyValue: GIFColorTally(), capacity: tallies.count / 2)
            tallies.forEveryEntry { key, tally in
                var tally = tally
                tally.settle(at: frame)
                let slot = merged.insert(key & mask)
                merged.update(slot: slot) { sum in
                    sum.current += tally.current
                    sum.total &+= tally.total
                    sum.since = frame
                }
            }
            tallies = merged
            var mergedUses: [UInt32: GIFColorUse] = [:]
            for (key, use) in uses { mergedUses[key & mask, default: GIFColorUse()] += use }
            uses = mergedUses
        }
    }

    private static func mask(droppedBits: UInt32) -> UInt32 {
        let channel = UInt32(0xFF) << droppedBits & 0xFF
        return channel << 16 | channel << 8 | channel
    }
}
