import CPangoCairo
import KinetypeCore

/// Turns Cairo's premultiplied, native-endian ARGB32 into straight RGBA bytes: the one place
/// where kinetype swizzles and unpremultiplies.
enum PixelConversion {
    static func image(from surface: OpaquePointer) -> Image {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else {
            return Image(width: max(width, 0), height: max(height, 0))
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            data.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * height) { words in
                for y in 0..<height {
                    let row = words + y * (stride / 4)
                    var o = y * width * 4
                    for x in 0..<width {
                        let argb = row[x]
                        let a = argb >> 24
                        if a != 0 {
                            out[o] = unpremultiply((argb >> 16) & 0xFF, a)
                            out[o + 1] = unpremultiply((argb >> 8) & 0xFF, a)
                            out[o + 2] = unpremultiply(argb & 0xFF, a)
                            out[o + 3] = UInt8(a)
                        }
                        o += 4
                    }
                }
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// round(c · 255 / a), limited to 255.
    @inline(__always)
    static func unpremultiply(_ channel: UInt32, _ alpha: UInt32) -> UInt8 {
        if alpha == 255 { return UInt8(channel) }
        return UInt8(min((channel * 255 + alpha / 2) / alpha, 255))
    }
}
