import CImageQuant
import Foundation
import KinetypeCore

/// The one global palette of a GIF and the mapping of frames onto it (pass 2).
///
/// Opaque colors take indices `0..<opaqueColors.count`; `transparentIndex` comes right after.
/// Exact palettes (at most 255 colors in the whole animation) map every pixel to its own color.
/// Quantized palettes map every pixel to the closest palette color in RGB (after a Bayer pattern
/// with ordered dithering); error diffusion remaps frames with libimagequant.
final class GIFPalette {
    let width: Int
    let height: Int
    /// Opaque colors as 0xRRGGBB.
    let opaqueColors: [UInt32]
    let transparentIndex: UInt8
    /// Whether any frame of pass 1 had a transparent pixel.
    let hasTransparency: Bool
    /// Whether the palette holds every color of the animation exactly.
    let isExact: Bool
    private let dither: GIFDither
    /// Maps pixels to indices without error diffusion; shared by worker threads.
    private(set) var mapper: GIFIndexMapper
    /// Set for quantized palettes (error diffusion remaps with them).
    private let attributes: LiqAttributes?
    private let result: LiqResult?
    /// libimagequant's palette index → our index.
    private var quantizedIndexMap: [UInt8] = []

    /// A palette holding exactly `exactColors` (at most 255).
    init(exactColors: [UInt32], hasTransparency: Bool, width: Int, height: Int) {
        self.width = width
        self.height = height
        self.opaqueColors = exactColors
        self.transparentIndex = UInt8(exactColors.count)
        self.hasTransparency = hasTransparency
        self.isExact = true
        self.dither = .none
        self.attributes = nil
        self.result = nil
        self.mapper = GIFIndexMapper(opaqueColors: exactColors, dither: .none)
    }

    /// A palette quantized from a histogram of all frames (`hasTransparency`: whether any of
    /// them has a transparent pixel). Keeps a copy of `attributes`.
    init(
        quantizing histogram: LiqHistogram, attributes: LiqAttributes, hasTransparency: Bool, width: Int,
        height: Int, options: GIFOptions, uses: [UInt32: GIFColorUse],
        frameColorSets: GIFFrameColorSets
    ) throws {
        self.width = width
        self.height = height
        self.isExact = false
        self.dither = options.dither
        let result = try LiqResult(quantizing: histogram, attributes: attributes)
        self.result = result
        self.attributes = try LiqAttributes(copying: attributes)
        liq_set_dithering_level(result.pointer, options.dither == .diffusion ? 1.0 : 0.0)
        // Borrowed from the result (freed with it).
        guard let palette = liq_get_palette(result.pointer)?.pointee else {
            throw Self.failure("libimagequant could not build a palette (no palette)")
        }
        var colors: [UInt32] = []
        var map: [UInt8] = []
        withUnsafeBytes(of: palette.entries) { raw in
            let entries = raw.bindMemory(to: liq_color.self)
            for index in 0..<Int(palette.count) {
                let entry = entries[index]
                if entry.a < gifAlphaThreshold {
                    map.append(0xFF)
                } else {
                    map.append(UInt8(colors.count))
                    colors.append(UInt32(entry.r) << 16 | UInt32(entry.g) << 8 | UInt32(entry.b))
                }
            }
        }
        let (ordered, newIndex) = Self.ordered(colors, uses: uses, frameColorSets: frameColorSets)
        self.opaqueColors = ordered
        self.transparentIndex = UInt8(colors.count)
        self.hasTransparency = hasTransparency
        self.quantizedIndexMap = map.map { $0 == 0xFF ? UInt8(colors.count) : newIndex[Int($0)] }
        self.mapper = GIFIndexMapper(opaqueColors: ordered, dither: options.dither)
    }

    /// Whether frames must be mapped whole (error diffusion carries errors across the canvas);
    /// otherwise every pixel's index depends only on its color and position.
    var needsWholeFrames: Bool { dither == .diffusion }

    /// The color table size: a power of two holding the opaque colors and the transparent index.
    var tableSize: Int {
        var size = 2
        while size < opaqueColors.count + 1 { size *= 2 }
        return size
    }

    /// The palette index of every pixel of `image`, row by row.
    /// Exact palettes are never dithered (their `dither` is `.none`).
    func indices(of image: Image) throws -> [UInt8] {
        if dither == .diffusion { return try diffusedIndices(of: image) }
        return image.pixels.withUnsafeBufferPointer { pixels in
            mapper.indices(of: pixels, start: 0, rowBytes: width * 4, rect: .whole(width: width, height: height))
        }
    }

    /// The closest opaque color (for colors pass 1 never saw), or transparency if there is none.
    private func nearestIndex(to key: UInt32) -> UInt8 {
        Self.nearest(to: key, among: opaqueColors).map(UInt8.init) ?? transparentIndex
    }

    /// The index of the color closest to `key` (squared RGB distance), the lowest on a tie, or nil
    /// when there is none. `GIFNearestColor` answers the same faster for many keys.
    static func nearest(to key: UInt32, among colors: [UInt32]) -> Int? {
        var best: Int?
        var bestDistance = Int.max
        for (index, color) in colors.enumerated() {
            let dr = Int(color >> 16 & 0xFF) - Int(key >> 16 & 0xFF)
            let dg = Int(color >> 8 & 0xFF) - Int(key >> 8 & 0xFF)
            let db = Int(color & 0xFF) - Int(key & 0xFF)
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return best
    }

    /// `colors` reordered by `GIFPaletteOrder`, each frame's colors standing for the palette
    /// colors nearest to them; colors otherwise ranked by the summed use of the histogram colors
    /// nearest to each, most used first. Also each old index's new position.
    static func ordered(
        _ colors: [UInt32], uses: [UInt32: GIFColorUse],
        frameColorSets: GIFFrameColorSets
    ) -> (colors: [UInt32], newIndex: [UInt8]) {
        var nearestIndex: [UInt32: Int] = [:]
        func paletteIndex(of color: UInt32) -> Int {
            if let index = nearestIndex[color] { return index }
            let index = nearest(to: color, among: colors) ?? 0
            nearestIndex[color] = index
            return index
        }
        var summed = [GIFColorUse](repeating: GIFColorUse(), count: colors.count)
        for (key, use) in uses { summed[paletteIndex(of: key)] += use }
        let ranked = colors.indices.sorted { summed[$0] != summed[$1] ? summed[$0] > summed[$1] : $0 < $1 }
        var rankOfIndex = [Int](repeating: 0, count: colors.count)
        for (rank, index) in ranked.enumerated() { rankOfIndex[index] = rank }
        let frames = frameColorSets.paletteSets(paletteIndex(of:))
        let order = GIFPaletteOrder.order(colorCount: colors.count, frames: frames) { rankOfIndex[$0] }
        var newIndex = [UInt8](repeating: 0, count: colors.count)
        for (position, old) in order.enumerated() { newIndex[old] = UInt8(position) }
        return (order.map { colors[$0] }, newIndex)
    }

    /// The frame remapped by libimagequant with error diffusion.
    private func diffusedIndices(of image: Image) throws -> [UInt8] {
        guard let attributes, let result else { throw Self.failure("the palette was released") }
        let normalized = Self.normalizedPixels(image)
        let count = width * height
        var output = [UInt8](largeRepeating: 0, count: count)
        let status = try normalized.withUnsafeBytes { bytes throws(DiagnosticList) -> liq_error in
            // Lives only inside this closure, while the pixels it borrows do.
            let liqImage = try LiqImage(
                attributes: attributes, borrowing: bytes.baseAddress!, width: width, height: height)
            return withExtendedLifetime(liqImage) {
                output.withUnsafeMutableBytes { buffer in
                    liq_write_remapped_image(result.pointer, liqImage.pointer, buffer.baseAddress!, count)
                }
            }
        }
        guard status == LIQ_OK else { throw Self.failure("libimagequant could not remap a frame (\(status))") }
        // GIF transparency is exact whatever the quantizer chose: transparent pixels get the
        // transparent index, and opaque pixels never do.
        let map = quantizedIndexMap
        let transparent = transparentIndex
        for pixel in 0..<count {
            let index = Int(output[pixel])
            var mapped = index < map.count ? map[index] : transparent
            let isTransparent = normalized[pixel * 4 + 3] == 0
            if isTransparent {
                mapped = transparent
            } else if mapped == transparent {
                let offset = pixel * 4
                mapped = nearestIndex(
                    to: UInt32(normalized[offset]) << 16 | UInt32(normalized[offset + 1]) << 8
                        | UInt32(normalized[offset + 2]))
            }
            output[pixel] = mapped
        }
        return output
    }

    /// `image` with GIF's 1-bit alpha applied: transparent pixels become (0, 0, 0, 0),
    /// all others get alpha 255.
    static func normalizedPixels(_ image: Image) -> [UInt8] {
        var pixels = image.pixels
        pixels.withUnsafeMutableBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                if buffer[offset + 3] < gifAlphaThreshold {
                    buffer[offset] = 0
                    buffer[offset + 1] = 0
                    buffer[offset + 2] = 0
                    buffer[offset + 3] = 0
                } else {
                    buffer[offset + 3] = 255
                }
                offset += 4
            }
        }
        return pixels
    }

    static func failure(_ message: String) -> DiagnosticList {
        DiagnosticList(Diagnostic(kind: .renderFailure, message: "cannot encode GIF: \(message)"))
    }
}

/// `GIFPalette.nearest(to:among:)` for many keys against one palette: the colors sorted by green,
/// searched outward from the key's green while the green difference alone is not beyond the best
/// distance found, so a key is compared with the few colors near it rather than with all 255. The
/// same answer: the smallest squared RGB distance, the lowest palette index on a tie.
struct GIFNearestColor: Sendable {
    /// (green << 24 | palette index << 16 | red << 8 | blue), ascending: by green, then index.
    private let entries: [UInt64]

    init(_ colors: [UInt32]) {
        entries = colors.enumerated().map { index, color in
            UInt64(color >> 8 & 0xFF) << 24 | UInt64(index) << 16 | UInt64(color >> 16 & 0xFF) << 8
                | UInt64(color & 0xFF)
        }.sorted()
    }

    func nearest(to key: UInt32) -> Int? {
        guard !entries.isEmpty else { return nil }
        let red = Int(key >> 16 & 0xFF)
        let green = Int(key >> 8 & 0xFF)
        let blue = Int(key & 0xFF)
        var bestDistance = Int.max
        var bestIndex = Int.max
        return entries.withUnsafeBufferPointer { entries in
            @inline(__always) func consider(_ entry: UInt64, greenDistance: Int) {
                let dr = Int(entry >> 8 & 0xFF) - red
                let db = Int(entry & 0xFF) - blue
                let distance = greenDistance * greenDistance + dr * dr + db * db
                let index = Int(entry >> 16 & 0xFF)
                if distance < bestDistance || (distance == bestDistance && index < bestIndex) {
                    bestDistance = distance
                    bestIndex = index
                }
            }
            // The first entry whose green is at least the key's.
            var low = 0
            var high = entries.count
            let target = UInt64(green) << 24
            while low < high {
                let middle = (low + high) / 2
                if entries[middle] < target { low = middle + 1 } else { high = middle }
            }
            var up = low
            while up < entries.count {
                let greenDistance = Int(entries[up] >> 24) - green
                if greenDistance * greenDistance > bestDistance { break }
                consider(entries[up], greenDistance: greenDistance)
                up += 1
            }
            var down = low - 1
            while down >= 0 {
                let greenDistance = green - Int(entries[down] >> 24)
                if greenDistance * greenDistance > bestDistance { break }
                consider(entries[down], greenDistance: greenDistance)
                down -= 1
            }
            return bestIndex
        }
    }
}
