import KinetypeCore

/// Rows of straight RGBA pixels in memory: where row 0 starts and how far apart rows are.
struct PixelRows {
    let base: UnsafeRawPointer
    let rowBytes: Int

    func row(_ y: Int) -> UnsafeRawPointer { base + y * rowBytes }

    /// Calls `body` with each run of equal pixels (little-endian RGBA words) of the `width` ×
    /// `height` pixels from the start, row by row; a run ends at the end of its row.
    func forEachRun(width: Int, height: Int, _ body: (_ pixel: UInt32, _ count: Int) -> Void) {
        for y in 0..<height {
            let row = row(y)
            var x = 0
            while x < width {
                let end = PixelRuns.end(in: row, from: x, limit: width)
                body(row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self), end - x)
                x = end
            }
        }
    }
}
