import CPangoCairo
import KinetypeCore

/// Turns Cairo's premultiplied, native-endian ARGB32 into straight RGBA bytes: the one place
/// where kinetype swizzles and unpremultiplies.
enum PixelConversion {
    static func image(from surface: OpaquePointer) -> Image {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        guard width > 0, height > 0, cairo_image_surface_get_data(surface) != nil else {
            return Image(width: max(width, 0), height: max(height, 0))
        }
        var image = Image(width: width, height: height)
        convert(surface, PixelRect.whole(width: width, height: height), into: &image, isCleared: true)
        return image
    }

    /// Converts the pixels of `surface` inside `rect` into the same pixels of `image` (of the
    /// surface's size), leaving the rest of `image` as it was. `isCleared`: `image` holds zeros
    /// there, so transparent pixels need not be written.
    static func convert(_ surface: OpaquePointer, _ rect: PixelRect, into image: inout Image, isCleared: Bool = false) {
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        guard image.width == width, image.height == height else { return }
        let area = rect.intersection(.whole(width: width, height: height))
        image.pixels.withUnsafeMutableBytes { out in
            convert(
                surface, area, into: out, at: (area.y * width + area.x) * 4, rowBytes: width * 4, isCleared: isCleared)
        }
    }

    /// The straight-RGBA pixels of `surface` inside `rect` (which must lie inside it), row by row.
    static func pixels(of surface: OpaquePointer, in rect: PixelRect) -> [UInt8] {
        [UInt8](largeUninitializedCapacity: rect.area * 4) { buffer, initialized in
            convert(
                surface, rect, into: UnsafeMutableRawBufferPointer(buffer), at: 0, rowBytes: rect.width * 4,
                isCleared: false)
            initialized = rect.area * 4
        }
    }

    /// Converts the pixels of `surface` inside `area` (inside the surface) into `out`, the first
    /// row's first pixel at byte `start`, rows `rowBytes` apart.
    private static func convert(
        _ surface: OpaquePointer, _ area: PixelRect, into out: UnsafeMutableRawBufferPointer, at start: Int,
        rowBytes: Int, isCleared: Bool
    ) {
        cairo_surface_flush(surface)
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard !area.isEmpty, let data = cairo_image_surface_get_data(surface) else { return }
        data.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * height) { words in
            // Neighbours mostly share a color: the last conversion is reused for a run.
            var lastARGB: UInt32 = 0
            var lastRGBA: UInt32 = 0
            for y in area.y..<area.maxY {
                let row = words + y * (stride / 4)
                var o = start + (y - area.y) * rowBytes
                for x in area.x..<area.maxX {
                    let argb = row[x]
                    if argb != lastARGB {
                        lastARGB = argb
                        lastRGBA = straightRGBA(argb)
                    }
                    if argb != 0 || !isCleared {
                        out.storeBytes(of: lastRGBA.littleEndian, toByteOffset: o, as: UInt32.self)
                    }
                    o += 4
                }
            }
        }
    }

    /// One premultiplied ARGB32 pixel as straight R, G, B, A bytes in memory order (the bytes of
    /// the little-endian word); fully transparent is all zeros.
    @inline(__always)
    static func straightRGBA(_ argb: UInt32) -> UInt32 {
        let a = argb >> 24
        guard a != 0 else { return 0 }
        let r = UInt32(unpremultiply((argb >> 16) & 0xFF, a))
        let g = UInt32(unpremultiply((argb >> 8) & 0xFF, a))
        let b = UInt32(unpremultiply(argb & 0xFF, a))
        return r | g << 8 | b << 16 | a << 24
    }

    /// round(c · 255 / a), limited to 255.
    @inline(__always)
    static func unpremultiply(_ channel: UInt32, _ alpha: UInt32) -> UInt8 {
        if alpha == 255 { return UInt8(channel) }
        return UInt8(min((channel * 255 + alpha / 2) / alpha, 255))
    }
}
