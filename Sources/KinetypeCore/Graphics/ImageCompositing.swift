extension Image {
    /// The image scaled down (or up) to `width` pixels wide, keeping its aspect ratio, by averaging
    /// the source pixels each target pixel covers (premultiplied, so transparent edges stay clean).
    public func resized(toWidth targetWidth: Int) -> Image {
        guard targetWidth > 0, width > 0, height > 0 else { return self }
        let targetHeight = max(1, Int((Double(height) * Double(targetWidth) / Double(width)).rounded()))
        var output = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
        let xRatio = Double(width) / Double(targetWidth)
        let yRatio = Double(height) / Double(targetHeight)
        for ty in 0..<targetHeight {
            let y0 = Int(Double(ty) * yRatio)
            let y1 = max(y0 + 1, Int(Double(ty + 1) * yRatio))
            for tx in 0..<targetWidth {
                let x0 = Int(Double(tx) * xRatio)
                let x1 = max(x0 + 1, Int(Double(tx + 1) * xRatio))
                var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
                for y in y0..<min(y1, height) {
                    for x in x0..<min(x1, width) {
                        let i = (y * width + x) * 4
                        let alpha = Double(pixels[i + 3])
                        sum.r += Double(pixels[i]) * alpha
                        sum.g += Double(pixels[i + 1]) * alpha
                        sum.b += Double(pixels[i + 2]) * alpha
                        sum.a += alpha
                    }
                }
                let count = Double((min(y1, height) - y0) * (min(x1, width) - x0))
                let o = (ty * targetWidth + tx) * 4
                if sum.a > 0 {
                    output[o] = UInt8((sum.r / sum.a).rounded())
                    output[o + 1] = UInt8((sum.g / sum.a).rounded())
                    output[o + 2] = UInt8((sum.b / sum.a).rounded())
                    output[o + 3] = UInt8((sum.a / count).rounded())
                }
            }
        }
        return Image(width: targetWidth, height: targetHeight, pixels: output)
    }

    /// Draws `image` over this one with its top-left corner at (x, y), blending by alpha
    /// ("source over"); parts outside this image are cut off.
    public mutating func draw(_ image: Image, atX originX: Int, y originY: Int) {
        for sy in 0..<image.height {
            let y = originY + sy
            guard y >= 0, y < height else { continue }
            for sx in 0..<image.width {
                let x = originX + sx
                guard x >= 0, x < width else { continue }
                let s = (sy * image.width + sx) * 4
                let d = (y * width + x) * 4
                let sourceAlpha = Double(image.pixels[s + 3]) / 255
                if sourceAlpha == 0 { continue }
                let destinationAlpha = Double(pixels[d + 3]) / 255
                let outAlpha = sourceAlpha + destinationAlpha * (1 - sourceAlpha)
                for c in 0..<3 {
                    let blended =
                        (Double(image.pixels[s + c]) * sourceAlpha
                            + Double(pixels[d + c]) * destinationAlpha * (1 - sourceAlpha)) / outAlpha
                    pixels[d + c] = UInt8(min(255, max(0, blended.rounded())))
                }
                pixels[d + 3] = UInt8((outAlpha * 255).rounded())
            }
        }
    }
}
