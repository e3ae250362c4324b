/// Runs of equal 32-bit pixels: most of a rendered frame is runs (background, solid glyph
/// interiors), so per-pixel passes over frames go run by run.
public enum PixelRuns {
    /// The end of the run of pixels equal to pixel `start` of `pixels` (4 bytes each), no further
    /// than `limit`: the first index in `start + 1 ..< limit` whose pixel differs, or `limit`.
    @inlinable
    public static func end(in pixels: UnsafeRawPointer, from start: Int, limit: Int) -> Int {
        let pixel = pixels.loadUnaligned(fromByteOffset: start &* 4, as: UInt32.self)
        let end = pixels + limit &* 4
        var next = pixels + (start &+ 1) &* 4
        while next < end, next.loadUnaligned(as: UInt32.self) == pixel { next += 4 }
        return (next - pixels) / 4
    }
}
