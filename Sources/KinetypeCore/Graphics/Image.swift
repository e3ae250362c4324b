/// A raster image: straight (not premultiplied) RGBA, 8 bits per channel, rows top to bottom,
/// no padding between rows. Everything after the renderer sees images in this one form.
public struct Image: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(
            width >= 0 && height >= 0 && pixels.count == width * height * 4,
            "Image pixel buffer must hold width * height * 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image filled with one color.
    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, 0, 0)) {
        var pixels = [UInt8](largeRepeating: 0, count: width * height * 4)
        if fill != (0, 0, 0, 0) {
            for i in stride(from: 0, to: pixels.count, by: 4) {
                pixels[i] = fill.r
                pixels[i + 1] = fill.g
                pixels[i + 2] = fill.b
                pixels[i + 3] = fill.a
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The RGBA bytes of the pixel at (x, y).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The RGBA bytes of the pixels inside `rect` (which must lie inside the image), row by row.
    public func pixels(in rect: PixelRect) -> [UInt8] {
        precondition(
            rect.x >= 0 && rect.y >= 0 && rect.maxX <= width && rect.maxY <= height,
            "the rectangle lies inside the image")
        let rowBytes = rect.width * 4
        return [UInt8](largeUninitializedCapacity: rect.area * 4) { target, initialized in
            pixels.withUnsafeBufferPointer { source in
                for row in 0..<rect.height where rowBytes > 0 {
                    (target.baseAddress! + row * rowBytes).initialize(
                        from: source.baseAddress! + ((rect.y + row) * width + rect.x) * 4, count: rowBytes)
                }
            }
            initialized = rect.area * 4
        }
    }
}
