import KinetypeCore

/// How two images of one size differ, pixel by pixel (straight RGBA bytes).
public enum PixelDifference {
    /// The pixels with a channel that differs by more than `tolerance` (0: any difference).
    public static func count(_ a: Image, _ b: Image, tolerance: Int = 0) -> Int {
        precondition(a.width == b.width && a.height == b.height, "compare images of one size")
        var count = 0
        for offset in stride(from: 0, to: a.pixels.count, by: 4) {
            for channel in offset..<offset + 4 where abs(Int(a.pixels[channel]) - Int(b.pixels[channel])) > tolerance {
                count += 1
                break
            }
        }
        return count
    }

    /// The bounding box of the pixels that differ at all, or nil when the images are equal.
    public static func bounds(_ a: Image, _ b: Image) -> PixelRect? {
        precondition(a.width == b.width && a.height == b.height, "compare images of one size")
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        a.pixels.withUnsafeBytes { first in
            b.pixels.withUnsafeBytes { second in
                let one = first.bindMemory(to: UInt32.self)
                let two = second.bindMemory(to: UInt32.self)
                for y in 0..<a.height {
                    for x in 0..<a.width where one[y * a.width + x] != two[y * a.width + x] {
                        minX = min(minX, x)
                        maxX = max(maxX, x)
                        minY = min(minY, y)
                        maxY = y
                    }
                }
            }
        }
        guard maxY >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
