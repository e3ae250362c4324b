/// An exact lookup from a pixel (RGBA bytes as a little-endian `UInt32`) to its place in a list of
/// at most 257 colors: open addressing in 1024 slots.
struct APNGColorIndex: Sendable {
    private(set) var colors: [UInt32] = []
    /// 0 = empty, else the color's index + 1.
    private var slots = [UInt16](repeating: 0, count: 1024)

    init() {}

    init(_ colors: [UInt32]) {
        for color in colors { _ = insert(color) }
    }

    private static func slot(of color: UInt32) -> Int {
        Int((color &* 2_654_435_761) >> 22)
    }

    /// The color's index, or nil when it is not in the list.
    func index(of color: UInt32) -> Int? {
        var slot = Self.slot(of: color)
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if colors[Int(entry) - 1] == color { return Int(entry) - 1 }
            slot = (slot + 1) & 1023
        }
    }

    /// Adds `color` if it is new (the list must hold fewer than 1024 colors).
    mutating func insert(_ color: UInt32) -> Int {
        var slot = Self.slot(of: color)
        while true {
            let entry = slots[slot]
            if entry == 0 {
                colors.append(color)
                slots[slot] = UInt16(colors.count)
                return colors.count - 1
            }
            if colors[Int(entry) - 1] == color { return Int(entry) - 1 }
            slot = (slot + 1) & 1023
        }
    }
}

/// What the APNG encoder learns about the colors of every pixel it stores, to choose the file's
/// color type: the distinct colors (up to one more than a palette holds), whether every pixel is
/// opaque or the fully transparent zero (which a frame that blends over writes for unchanged
/// pixels), and which opaque RGB values occur (to find an unused one for a tRNS key).
struct APNGColorCensus {
    static let paletteLimit = 256

    private var table = APNGColorIndex()
    /// Whether more colors than a palette holds occurred.
    private(set) var tooManyColors = false
    /// Whether every pixel is opaque or transparent zero.
    private(set) var opaqueOrClear = true
    /// Whether transparent zero occurs at all, and in a frame that replaces its rectangle (where
    /// it is drawn, not skipped).
    private(set) var hasClear = false
    private(set) var sourceHasClear = false
    /// Whether every pixel is grey (red = green = blue).
    private(set) var allGrey = true
    /// One bit per opaque RGB value that occurs (2^24 bits, made at the first opaque pixel).
    private var opaqueRGB: [UInt64] = []

    /// Counts the RGBA `pixels` of a frame that blends over (`over`) or replaces its rectangle.
    mutating func add(_ pixels: [UInt8], over: Bool) {
        if tooManyColors && !opaqueOrClear && !allGrey { return }
        pixels.withUnsafeBytes { bytes in
            let words = bytes.bindMemory(to: UInt32.self)
            var last: UInt32? = nil
            for index in 0..<words.count {
                let pixel = UInt32(littleEndian: words[index])
                if pixel == last { continue }
                last = pixel
                if allGrey, (pixel & 0xFF) != (pixel >> 8) & 0xFF || (pixel & 0xFF) != (pixel >> 16) & 0xFF {
                    allGrey = false
                }
                if !tooManyColors, table.index(of: pixel) == nil {
                    if table.colors.count == Self.paletteLimit {
                        tooManyColors = true
                    } else {
                        _ = table.insert(pixel)
                    }
                }
                if pixel >> 24 == 255 {
                    if opaqueRGB.isEmpty { opaqueRGB = [UInt64](repeating: 0, count: 1 << 18) }
                    let rgb = Int(pixel & 0xFF_FFFF)
                    opaqueRGB[rgb >> 6] |= 1 << UInt64(rgb & 63)
                } else if pixel == 0 {
                    hasClear = true
                    if !over { sourceHasClear = true }
                } else {
                    opaqueOrClear = false
                }
            }
        }
    }

    /// The smallest color type that holds every pixel exactly.
    func colorMode() -> APNGColorMode {
        // Grey levels need no PLTE: they win over an 8-bit palette of grey colors.
        if allGrey, tooManyColors || table.colors.count > 16 {
            guard opaqueOrClear else { return .greyAlpha }
            guard hasClear else { return .grey(key: nil) }
            let candidates = sourceHasClear ? 0..<1 : 0..<256
            for level in candidates where !usesOpaque(rgb: level * 0x01_0101) { return .grey(key: UInt8(level)) }
            if !tooManyColors { return palette() }
            return .greyAlpha
        }
        if !tooManyColors {
            // Transparent entries first, so tRNS stops after them; otherwise first-seen order.
            return palette()
        }
        guard opaqueOrClear else { return .rgba }
        guard hasClear else { return .rgb(key: nil) }
        // A drawn transparent pixel decodes as the key's RGB with alpha 0: only black is exact.
        let candidates = sourceHasClear ? 0..<1 : 0..<(1 << 24)
        for rgb in candidates where !usesOpaque(rgb: rgb) { return .rgb(key: UInt32(rgb)) }
        return .rgba
    }

    private func usesOpaque(rgb: Int) -> Bool {
        !opaqueRGB.isEmpty && opaqueRGB[rgb >> 6] & (1 << UInt64(rgb & 63)) != 0
    }

    /// The palette: transparent zero first (what a decoder that clears to index 0 draws), then
    /// the other transparent entries, so tRNS stops after them; otherwise first-seen order.
    private func palette() -> APNGColorMode {
        let clear = table.colors.filter { $0 == 0 }
        let colors =
            clear + table.colors.filter { $0 >> 24 != 255 && $0 != 0 } + table.colors.filter { $0 >> 24 == 255 }
        return .palette(APNGColorIndex(colors))
    }
}

/// The color type of a whole APNG (one for every frame).
enum APNGColorMode: Sendable {
    /// Color type 3: indices into these colors (PLTE, with tRNS for the non-opaque ones).
    case palette(APNGColorIndex)
    /// Color type 2: RGB; transparent zero is written as `key` (tRNS), when there is one.
    case rgb(key: UInt32?)
    /// Color type 6.
    case rgba
    /// Color type 0: grey levels; transparent zero is written as `key` (tRNS), when there is one.
    case grey(key: UInt8?)
    /// Color type 4: grey and alpha.
    case greyAlpha

    /// Whether a drawn transparent zero decodes exactly (as 0, 0, 0, 0): not through a tRNS key
    /// other than black.
    var drawsClearExactly: Bool {
        switch self {
        case .rgb(let key?): key == 0
        case .grey(let key?): key == 0
        case .rgb(nil), .grey(nil), .palette, .rgba, .greyAlpha: true
        }
    }

    /// Whether frames may blend over. ffmpeg's decoder blends only pixels with alpha (RGBA, grey and
    /// alpha, and RGB or grey with a tRNS key, which it expands to those), not palette indices;
    /// without transparency, blending over equals replacing.
    var allowsBlendOver: Bool {
        switch self {
        case .rgb(let key): key != nil
        case .grey(let key): key != nil
        case .rgba, .greyAlpha: true
        case .palette: false
        }
    }

    /// Grey levels with a tRNS key, whose frames that blend over Pillow reads wrong (`APNGPillow`).
    var isKeyedGrey: Bool {
        if case .grey(let key) = self { return key != nil }
        return false
    }

    /// IHDR's bit depth: always 8. (1, 2 or 4 bits would make small palettes smaller, but
    /// ffmpeg 5.1 misplaces the pixels of a frame that starts inside a byte.)
    var bitDepth: UInt8 { 8 }

    var colorType: UInt8 {
        switch self {
        case .palette: 3
        case .rgb: 2
        case .rgba: 6
        case .grey: 0
        case .greyAlpha: 4
        }
    }

    /// Bytes a pixel takes (at least 1: what the PNG filters step by).
    var filterStep: Int {
        switch self {
        case .palette, .grey: 1
        case .rgb: 3
        case .rgba: 4
        case .greyAlpha: 2
        }
    }

    /// The PLTE and tRNS chunks this type needs, if any.
    var chunks: [(type: String, data: [UInt8])] {
        switch self {
        case .palette(let index):
            var plte: [UInt8] = []
            var trns: [UInt8] = []
            for color in index.colors {
                plte += [UInt8(color & 0xFF), UInt8((color >> 8) & 0xFF), UInt8((color >> 16) & 0xFF)]
                if color >> 24 != 255 { trns.append(UInt8(color >> 24)) }
            }
            return [("PLTE", plte)] + (trns.isEmpty ? [] : [("tRNS", trns)])
        case .rgb(let key?):
            let bytes = [UInt8(key & 0xFF), UInt8((key >> 8) & 0xFF), UInt8((key >> 16) & 0xFF)]
            return [("tRNS", bytes.flatMap { [0, $0] })]
        case .grey(let key?):
            return [("tRNS", [0, key])]
        case .rgb(nil), .rgba, .grey(nil), .greyAlpha:
            return []
        }
    }

    /// The unfiltered rows of `pixels` (`width × height` straight RGBA) in this color type.
    func rows(_ pixels: [UInt8], width: Int, height: Int) -> (bytes: [UInt8], rowBytes: Int) {
        switch self {
        case .rgba:
            return (pixels, width * 4)
        case .grey(let key):
            var out = [UInt8](repeating: 0, count: width * height)
            for pixel in 0..<(width * height) {
                out[pixel] = key != nil && pixels[pixel * 4 + 3] == 0 ? key! : pixels[pixel * 4]
            }
            return (out, width)
        case .greyAlpha:
            var out = [UInt8](repeating: 0, count: width * height * 2)
            for pixel in 0..<(width * height) {
                out[pixel * 2] = pixels[pixel * 4]
                out[pixel * 2 + 1] = pixels[pixel * 4 + 3]
            }
            return (out, width * 2)
        case .rgb(let key):
            var out = [UInt8](repeating: 0, count: width * height * 3)
            let keyBytes = key.map { [UInt8($0 & 0xFF), UInt8(($0 >> 8) & 0xFF), UInt8(($0 >> 16) & 0xFF)] }
            for pixel in 0..<(width * height) {
                let source = pixel * 4
                let target = pixel * 3
                if let keyBytes, pixels[source + 3] == 0 {
                    out[target] = keyBytes[0]
                    out[target + 1] = keyBytes[1]
                    out[target + 2] = keyBytes[2]
                } else {
                    out[target] = pixels[source]
                    out[target + 1] = pixels[source + 1]
                    out[target + 2] = pixels[source + 2]
                }
            }
            return (out, width * 3)
        case .palette(let index):
            let depth = Int(bitDepth)
            let rowBytes = (width * depth + 7) / 8
            let perByte = 8 / depth
            var out = [UInt8](repeating: 0, count: rowBytes * height)
            pixels.withUnsafeBytes { bytes in
                let words = bytes.bindMemory(to: UInt32.self)
                var last: UInt32 = 0
                var lastIndex = index.index(of: 0) ?? 0
                for y in 0..<height {
                    for x in 0..<width {
                        let pixel = UInt32(littleEndian: words[y * width + x])
                        if pixel != last {
                            last = pixel
                            lastIndex = index.index(of: pixel) ?? 0
                        }
                        let shift = (perByte - 1 - x % perByte) * depth
                        out[y * rowBytes + x / perByte] |= UInt8(lastIndex << shift)
                    }
                }
            }
            return (out, rowBytes)
        }
    }
}

/// What Pillow (13, `PngImagePlugin`) reads wrong in an APNG, which kinetype avoids where avoiding
/// costs at most `tolerance` of the bytes it concerns, and writes otherwise (apngdis, ffmpeg and
/// Chromium read every frame exactly either way; docs/outputs.md says which files Pillow misreads):
///
/// - A frame that blends over in grey with a tRNS key (color type 0): Pillow makes its blending
///   mask with `convert("RGBA")`, which takes no tRNS key for grey, so the key's pixels are drawn
///   opaque over the frame before instead of leaving it.
/// - A frame that blends over and is put back (dispose op previous): Pillow blends it into the
///   very canvas it keeps to put back (`self.im = self._prev_im`), so when the frame has been read,
///   "put back" restores the frame itself.
///
/// Either way every later frame is wrong too. The frame planner puts back no frame that may blend
/// over, and the compressor writes such frames as source, unless that costs more than `tolerance`.
enum APNGPillow {
    /// One percent.
    static let tolerance = 0.01

    /// Whether `size` is at most `tolerance` more than `smallest`.
    static func isWithinTolerance(_ size: Int, of smallest: Int) -> Bool {
        Double(size) <= Double(smallest) * (1 + tolerance)
    }
}
