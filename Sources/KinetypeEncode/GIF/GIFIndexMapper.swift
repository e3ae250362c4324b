import Foundation
import KinetypeCore

/// Maps pixels to palette indices without error diffusion: each opaque pixel to its own palette
/// color or, for colors not in the palette, the closest one in RGB (after a 4×4 Bayer pattern
/// fixed to the canvas, with ordered dithering). A pixel's index depends only on its color and
/// position, so any rectangle of a frame can be mapped alone, on any thread.
struct GIFIndexMapper: Sendable {
    let opaqueColors: [UInt32]
    let transparentIndex: UInt8
    /// The index of every palette color.
    private let indexOfColor: GIFColorMap<UInt8>
    /// The nearest palette color of any other.
    private let nearest: GIFNearestColor
    /// The Bayer pattern's offsets, row by row, with ordered dithering.
    private let ditherOffsets: [Int]?

    init(opaqueColors: [UInt32], dither: GIFDither) {
        self.opaqueColors = opaqueColors
        self.transparentIndex = UInt8(opaqueColors.count)
        var map = GIFColorMap(emptyValue: UInt8(0), capacity: opaqueColors.count)
        for (index, color) in opaqueColors.enumerated() {
            let slot = map.insert(color)
            map.update(slot: slot) { $0 = UInt8(index) }
        }
        indexOfColor = map
        nearest = GIFNearestColor(opaqueColors)
        if dither == .ordered {
            // Half the typical distance between palette colors along one channel.
            let bayer: [Double] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
            let spacing = 256.0 / Foundation.cbrt(Double(max(opaqueColors.count, 2)))
            let amplitude = spacing * 0.5
            ditherOffsets = bayer.map { Int((($0 + 0.5) / 16.0 - 0.5) * amplitude) }
        } else {
            ditherOffsets = nil
        }
    }

    /// The indices of the pixels of `rect` (canvas coordinates, for the dither pattern), row by
    /// row; its top-left pixel's RGBA starts at byte `start` of `pixels`, rows `rowBytes` apart.
    func indices(of pixels: UnsafeBufferPointer<UInt8>, start: Int, rowBytes: Int, rect: PixelRect) -> [UInt8] {
        let count = rect.area
        let transparent = transparentIndex
        var lookup = ColorLookup(mapper: self)
        // Without dithering a pixel's index depends on its color alone, so a run of equal pixels
        // (background, most pixels of a frame) is looked up once.
        let followsRuns = ditherOffsets == nil
        return [UInt8](largeUninitializedCapacity: count) { output, initialized in
            var out = 0
            for row in 0..<rect.height {
                let rowStart = start + row * rowBytes
                let y = rect.y + row
                var column = 0
                while column < rect.width {
                    let offset = rowStart + column * 4
                    let runEnd =
                        followsRuns
                        ? PixelRuns.end(in: pixels.baseAddress! + rowStart, from: column, limit: rect.width)
                        : column + 1
                    defer {
                        out += runEnd - column
                        column = runEnd
                    }
                    if pixels[offset + 3] < gifAlphaThreshold {
                        (output.baseAddress! + out).update(repeating: transparent, count: runEnd - column)
                        continue
                    }
                    var r = Int(pixels[offset])
                    var g = Int(pixels[offset + 1])
                    var b = Int(pixels[offset + 2])
                    if let ditherOffsets {
                        let delta = ditherOffsets[(y & 3) * 4 + ((rect.x + column) & 3)]
                        r = min(max(r + delta, 0), 255)
                        g = min(max(g + delta, 0), 255)
                        b = min(max(b + delta, 0), 255)
                    }
                    let index = lookup.index(of: UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b))
                    (output.baseAddress! + out).update(repeating: index, count: runEnd - column)
                }
            }
            initialized = count
        }
    }

    /// The indices of a packed patch's pixels (`GIFFramePatch.Storage.packed`) of `rect`, row by
    /// row, each run looked up once; nil with ordered dithering, whose pattern needs positions.
    func indices(ofPacked words: [UInt32], rect: PixelRect) -> [UInt8]? {
        guard ditherOffsets == nil else { return nil }
        let count = rect.area
        var lookup = ColorLookup(mapper: self)
        func index(of pixel: UInt32) -> UInt8 {
            let rgba = UInt32(littleEndian: pixel)
            guard UInt8(truncatingIfNeeded: rgba >> 24) >= gifAlphaThreshold else { return transparentIndex }
            return lookup.index(of: (rgba & 0xFF) << 16 | (rgba >> 8 & 0xFF) << 8 | (rgba >> 16 & 0xFF))
        }
        return [UInt8](largeUninitializedCapacity: count) { output, initialized in
            var out = 0
            GIFFramePatch.forEachSegment(of: words) { segment in
                switch segment {
                case .run(let pixel, let length):
                    (output.baseAddress! + out).update(repeating: index(of: pixel), count: length)
                    out += length
                case .literal(let pixels):
                    for pixel in pixels {
                        output[out] = index(of: pixel)
                        out += 1
                    }
                }
            }
            precondition(out == count, "a packed patch holds its rectangle's pixels")
            initialized = count
        }
    }

    /// The closest opaque color, or transparency if there is none.
    func nearestIndex(to key: UInt32) -> UInt8 {
        nearest.nearest(to: key).map(UInt8.init) ?? transparentIndex
    }

    /// The index of opaque colors (`0xRRGGBB`) for one mapping pass: a palette color's own index,
    /// else the nearest color's, remembered for the rest of the pass; the last answer is kept, as
    /// neighbouring pixels mostly share a color.
    private struct ColorLookup {
        let mapper: GIFIndexMapper
        private var misses = GIFColorMap(emptyValue: UInt8(0), capacity: 16)
        private var lastKey: UInt32 = 0xFFFF_FFFF
        private var lastIndex: UInt8 = 0

        init(mapper: GIFIndexMapper) { self.mapper = mapper }

        mutating func index(of key: UInt32) -> UInt8 {
            guard key != lastKey else { return lastIndex }
            lastKey = key
            if let index = mapper.indexOfColor.value(of: key) ?? misses.value(of: key) {
                lastIndex = index
            } else {
                lastIndex = mapper.nearestIndex(to: key)
                let slot = misses.insert(key)
                misses.update(slot: slot) { [lastIndex] in $0 = lastIndex }
            }
            return lastIndex
        }
    }
}
