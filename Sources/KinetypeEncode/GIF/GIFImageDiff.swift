import KinetypeCore

/// Comparing frames pixel by pixel, for encoders given whole images without a changed rectangle.
enum GIFImageDiff {
    /// Whether the pixels at byte `offset` of two RGBA buffers are equal.
    @inline(__always)
    static func samePixel(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        UnsafeRawPointer(a.baseAddress! + offset).loadUnaligned(as: UInt32.self)
            == UnsafeRawPointer(b.baseAddress! + offset).loadUnaligned(as: UInt32.self)
    }

    /// The bounding box of the pixels that differ between two images of one size; nil when none
    /// does.
    static func changedRect(from old: Image, to new: Image) -> PixelRect? {
        let width = new.width
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        old.pixels.withUnsafeBufferPointer { old in
            new.pixels.withUnsafeBufferPointer { new in
                for y in 0..<new.count / max(4 * width, 1) {
                    let row = y * width * 4
                    var x = 0
                    while x < width, samePixel(old, new, at: row + x * 4) { x += 1 }
                    guard x < width else { continue }
                    var last = width - 1
                    while samePixel(old, new, at: row + last * 4) { last -= 1 }
                    minX = min(minX, x)
                    maxX = max(maxX, last)
                    minY = min(minY, y)
                    maxY = y
                }
            }
        }
        guard maxY >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
