import CImageQuant
import KinetypeCore

/// GIF pixels are either opaque or fully transparent: alpha below this becomes transparent,
/// alpha at or above it becomes opaque (alpha 255, same RGB).
let gifAlphaThreshold: UInt8 = 128

/// The most opaque colors a palette holds; one more index is reserved for transparency.
let gifMaxOpaqueColors = 255

/// Pass 1 of the GIF encoder: counts the colors of every frame, then builds the palette.
///
/// The counts are a plain table, so the palette does not depend on the order frames are
/// added in (frames may be rendered in parallel). With at most 255 colors the palette is exact;
/// otherwise libimagequant quantizes the table, fed in sorted order. To bound memory, when the
/// table outgrows `maxDistinctColors` every channel loses its lowest bit (repeatedly if needed);
/// the final precision is the finest at which all colors fit, whatever the order.
final class GIFPaletteBuilder {
    let width: Int
    let height: Int
    private let options: GIFOptions
    /// Opaque colors (0xRRGGBB, with `droppedBits` low bits of each channel cleared) and how
    /// many pixels had them.
    private var counts: [UInt32: UInt32] = [:]
    /// For each color, how much the frames' changes use it; ranks colors for the order.
    private var uses: [UInt32: GIFColorUse] = [:]
    /// The sets of colors frames' changes use; decide the palette order (see `GIFPaletteOrder`).
    private var frameColorSets = GIFFrameColorSets()
    /// The frame before the one being added, to find what changed.
    private var previous: [UInt8]?
    private var transparentCount: UInt32 = 0
    private var droppedBits: UInt32 = 0
    private let maxDistinctColors: Int

    init(width: Int, height: Int, options: GIFOptions, maxDistinctColors: Int = 1 << 18) {
        self.width = width
        self.height = height
        self.options = options
        self.maxDistinctColors = maxDistinctColors
    }

    /// Adds a frame's colors. Frames must come in display order (the color order depends on what
    /// changes from one frame to the next; the set of colors does not).
    func add(_ image: Image) {
        scoreChanges(of: image)
        var mask = Self.mask(droppedBits: droppedBits)
        image.pixels.withUnsafeBufferPointer { pixels in
            var lastKey: UInt32 = 0xFFFF_FFFF
            var lastCount: UInt32 = 0
            var index = 0
            while index < pixels.count {
                if pixels[index + 3] < gifAlphaThreshold {
                    transparentCount &+= 1
                } else {
                    let key =
                        (UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2]))
                        & mask
                    if key == lastKey {
                        lastCount &+= 1
                    } else {
                        if lastKey != 0xFFFF_FFFF { counts[lastKey, default: 0] &+= lastCount }
                        lastKey = key
                        lastCount = 1
                        if counts.count > maxDistinctColors {
                            coarsen()
                            mask = Self.mask(droppedBits: droppedBits)
                            lastKey &= mask
                        }
                    }
                }
                index += 4
            }
            if lastKey != 0xFFFF_FFFF { counts[lastKey, default: 0] &+= lastCount }
        }
        if counts.count > maxDistinctColors { coarsen() }
    }

    private func scoreChanges(of image: Image) {
        let mask = Self.mask(droppedBits: droppedBits)
        var colors = Set<UInt32>()
        var changed: UInt64 = 0
        var runs: UInt64 = 0
        var lastColor: UInt32 = 0xFFFF_FFFF
        image.pixels.withUnsafeBufferPointer { pixels in
            var index = 0
            while index < pixels.count {
                if let previous, previous[index] == pixels[index], previous[index + 1] == pixels[index + 1],
                    previous[index + 2] == pixels[index + 2], previous[index + 3] == pixels[index + 3]
                {
                    index += 4
                    continue
                }
                changed += 1
                if pixels[index + 3] >= gifAlphaThreshold {
                    let color =
                        (UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2]))
                        & mask
                    if color != lastColor {
                        runs += 1
                        lastColor = color
                        colors.insert(color)
                    }
                }
                index += 4
            }
        }
        let use = GIFColorUse(frames: 1, changedPixels: changed)
        for color in colors { uses[color, default: GIFColorUse()] += use }
        frameColorSets.record(colors, estimatedCodes: runs)
        previous = image.pixels
    }

    /// Ends pass 1 and builds the palette.
    func finish() throws -> GIFPalette {
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

    /// Drops one more low bit of every channel and merges the counts that now coincide.
    private func coarsen() {
        while counts.count > maxDistinctColors {
            droppedBits += 1
            let mask = Self.mask(droppedBits: droppedBits)
            var merged: [UInt32: UInt32] = [:]
            merged.reserveCapacity(counts.count / 2)
            for (key, count) in counts { merged[key & mask, default: 0] &+= count }
            counts = merged
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
