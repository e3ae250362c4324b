import CImageQuant
import KinetypeCore

/// GIF pixels are either opaque or fully transparent: alpha below this becomes transparent,
/// alpha at or above it becomes opaque (alpha 255, same RGB).
let gifAlphaThreshold: UInt8 = 128

/// The most opaque colors a palette holds; one more index is reserved for transparency.
let gifMaxOpaqueColors = 255

/// Pass 1 of the GIF encoder: collects the colors of every frame. Counts distinct colors
/// exactly while there are at most 255 of them; past that, moves the counts into a
/// libimagequant histogram and keeps adding frames to it.
final class GIFPaletteBuilder {
    let width: Int
    let height: Int
    private let options: GIFOptions
    /// Opaque colors seen so far (0xRRGGBB) and how many pixels had them.
    private var exactCounts: [UInt32: UInt32] = [:]
    private var transparentCount: UInt32 = 0
    /// Whether any pixel of any frame added to the histogram is transparent.
    private var histogramHasTransparency = false
    private var attributes: OpaquePointer?
    private var histogram: OpaquePointer?

    init(width: Int, height: Int, options: GIFOptions) {
        self.width = width
        self.height = height
        self.options = options
    }

    deinit {
        if let histogram { liq_histogram_destroy(histogram) }
        if let attributes { liq_attr_destroy(attributes) }
    }

    func add(_ image: Image) throws {
        if histogram != nil {
            try addToHistogram(image)
            return
        }
        var counts = exactCounts
        var transparent = transparentCount
        let overflowed = image.pixels.withUnsafeBufferPointer { pixels -> Bool in
            var lastKey: UInt32 = 0xFFFF_FFFF
            var lastCount: UInt32 = 0
            var index = 0
            while index < pixels.count {
                if pixels[index + 3] < gifAlphaThreshold {
                    transparent += 1
                } else {
                    let key = UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2])
                    if key == lastKey {
                        lastCount += 1
                    } else {
                        if lastKey != 0xFFFF_FFFF { counts[lastKey, default: 0] += lastCount }
                        lastKey = key
                        lastCount = 1
                        if counts[key] == nil && counts.count >= gifMaxOpaqueColors { return true }
                    }
                }
                index += 4
            }
            if lastKey != 0xFFFF_FFFF { counts[lastKey, default: 0] += lastCount }
            return false
        }
        if !overflowed {
            exactCounts = counts
            transparentCount = transparent
            return
        }
        try startHistogram()
        try addToHistogram(image)
    }

    /// Ends pass 1 and builds the palette.
    func finish() throws -> GIFPalette {
        if let histogram {
            guard let attributes else { throw GIFPalette.failure("the quantizer was not set up") }
            return try GIFPalette(quantizing: histogram, attributes: attributes,
                                  hasTransparency: histogramHasTransparency, width: width, height: height,
                                  options: options)
        }
        return GIFPalette(exactColors: exactCounts.keys.sorted(), hasTransparency: transparentCount > 0,
                          width: width, height: height)
    }

    private func startHistogram() throws {
        guard let attributes = liq_attr_create(), let histogram = liq_histogram_create(attributes) else {
            throw GIFPalette.failure("libimagequant could not be set up")
        }
        self.attributes = attributes
        self.histogram = histogram
        liq_set_max_colors(attributes, Int32(gifMaxOpaqueColors))
        liq_set_quality(attributes, 0, Int32(min(max(options.quality, 0), 100)))
        var entries = exactCounts.keys.sorted().map { key in
            liq_histogram_entry(color: liq_color(r: UInt8(key >> 16 & 0xFF), g: UInt8(key >> 8 & 0xFF),
                                                 b: UInt8(key & 0xFF), a: 255),
                                count: exactCounts[key] ?? 0)
        }
        if transparentCount > 0 {
            histogramHasTransparency = true
            entries.append(liq_histogram_entry(color: liq_color(r: 0, g: 0, b: 0, a: 0), count: transparentCount))
        }
        exactCounts = [:]
        if !entries.isEmpty {
            let status = liq_histogram_add_colors(histogram, attributes, entries, Int32(entries.count), 0)
            guard status == LIQ_OK else { throw GIFPalette.failure("libimagequant rejected the colors (\(status))") }
        }
    }

    private func addToHistogram(_ image: Image) throws {
        guard let attributes, let histogram else { return }
        let normalized = GIFPalette.normalizedPixels(image)
        if !histogramHasTransparency {
            histogramHasTransparency = stride(from: 3, to: normalized.count, by: 4).contains { normalized[$0] == 0 }
        }
        let status = normalized.withUnsafeBytes { bytes -> liq_error in
            guard let liqImage = liq_image_create_rgba(attributes, bytes.baseAddress!, Int32(width), Int32(height), 0) else {
                return LIQ_OUT_OF_MEMORY
            }
            defer { liq_image_destroy(liqImage) }
            return liq_histogram_add_image(histogram, attributes, liqImage)
        }
        guard status == LIQ_OK else { throw GIFPalette.failure("libimagequant could not add a frame (\(status))") }
    }
}
