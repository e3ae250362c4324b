import KinetypeCore

/// One frame for both GIF passes, worked out from its pixels and the previous frame's alone, so
/// frames can be looked at on any thread: the exact rectangle that changed, with its pixels
/// run-length packed (for the write pass), and what the frame adds to the palette.
public struct GIFFrameChange: Sendable {
    /// The changed pixels, packed; its rectangle is nil when nothing changed.
    public let patch: GIFFramePatch
    /// What the frame adds to the palette (`GIFPaletteCollector.add(_:)`).
    public let colors: GIFFrameColors

    /// Compares `new`, the pixels of `rect` (straight RGBA, row by row), with `old`, the previous
    /// frame's pixels of the same rectangle. Without `old` there is no previous frame: `rect` must
    /// be the whole canvas, and every pixel counts as changed.
    public init(old: [UInt8]?, new: [UInt8], in rect: PixelRect, endTime: Double) {
        precondition(
            new.count == rect.area * 4 && (old?.count ?? new.count) == new.count,
            "a frame change holds 4 bytes for each pixel of its rectangle")
        let rowBytes = rect.width * 4
        guard let old else {
            // A first frame: counted and packed in one pass over its runs.
            let first = new.withUnsafeBytes { newBytes in
                GIFFrameColors.first(
                    PixelRows(base: newBytes.baseAddress!, rowBytes: rowBytes), width: rect.width, height: rect.height,
                    packing: true)
            }
            colors = first.colors
            patch = GIFFramePatch(rect: rect, packedWords: first.packed ?? [], endTime: endTime)
            return
        }
        let (colors, changed) = new.withUnsafeBytes { newBytes in
            let newRows = PixelRows(base: newBytes.baseAddress!, rowBytes: rowBytes)
            return old.withUnsafeBytes { oldBytes in
                GIFFrameColors.compare(
                    old: PixelRows(base: oldBytes.baseAddress!, rowBytes: rowBytes), new: newRows,
                    width: rect.width, height: rect.height)
            }
        }
        self.colors = colors
        guard let changed else {
            patch = GIFFramePatch(rect: nil, pixels: [], endTime: endTime)
            return
        }
        patch = new.withUnsafeBytes { newBytes in
            GIFFramePatch(
                packing: PixelRows(
                    base: newBytes.baseAddress! + changed.y * rowBytes + changed.x * 4, rowBytes: rowBytes),
                rect: PixelRect(
                    x: rect.x + changed.x, y: rect.y + changed.y, width: changed.width, height: changed.height),
                endTime: endTime)
        }
    }

    /// A frame that draws the same as the frame before it.
    public static func unchanged(endTime: Double) -> GIFFrameChange {
        GIFFrameChange(patch: GIFFramePatch(rect: nil, pixels: [], endTime: endTime), colors: .unchanged)
    }

    private init(patch: GIFFramePatch, colors: GIFFrameColors) {
        self.patch = patch
        self.colors = colors
    }
}
