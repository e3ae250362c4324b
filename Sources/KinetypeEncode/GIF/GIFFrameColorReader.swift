import KinetypeCore

/// Works out what whole frames add to a GIF palette (`GIFFrameColors`), in display order, for a
/// caller that has each frame as an `Image` rather than a `GIFFrameChange` made elsewhere. It keeps
/// its own copy of the frame before, updated only where frames change (holding the caller's image
/// would make the caller copy the whole canvas when it changes its pixels for the next frame).
public struct GIFFrameColorReader {
    public let width: Int
    public let height: Int
    private var previous: Image?

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// What `image` changes from the frame read before it (every pixel for the first).
    public mutating func colors(of image: Image) throws -> GIFFrameColors {
        try colors(of: image, changed: previous.map { GIFImageDiff.changedRect(from: $0, to: image) } ?? nil)
    }

    /// What `image` changes from the frame read before it, when it differs from that frame only
    /// inside `changed` (nil: it equals it). Only `changed` is looked at; the first frame is read
    /// whole.
    public mutating func colors(of image: Image, changed: PixelRect?) throws -> GIFFrameColors {
        guard image.width == width, image.height == height else {
            throw GIFPalette.failure("a frame is \(image.width)×\(image.height), but the GIF is \(width)×\(height)")
        }
        defer { remember(image, changed: changed) }
        let whole = PixelRect.whole(width: width, height: height)
        guard let rect = previous == nil ? whole : changed?.intersection(whole), !rect.isEmpty else {
            return .unchanged
        }
        let rowBytes = width * 4
        let offset = (rect.y * width + rect.x) * 4
        return image.pixels.withUnsafeBytes { new in
            let newRows = PixelRows(base: new.baseAddress! + offset, rowBytes: rowBytes)
            guard let previous else {
                return GIFFrameColors.compare(old: nil, new: newRows, width: rect.width, height: rect.height).colors
            }
            return previous.pixels.withUnsafeBytes { old in
                GIFFrameColors.compare(
                    old: PixelRows(base: old.baseAddress! + offset, rowBytes: rowBytes), new: newRows,
                    width: rect.width, height: rect.height
                ).colors
            }
        }
    }

    /// Makes `previous` equal to `image`, copying only what changed.
    private mutating func remember(_ image: Image, changed: PixelRect?) {
        guard var copy = previous else {
            let pixels = image.pixels.withUnsafeBufferPointer { Array($0) }
            previous = Image(width: image.width, height: image.height, pixels: pixels)
            return
        }
        guard let rect = changed?.intersection(.whole(width: width, height: height)), !rect.isEmpty else { return }
        previous = nil
        copy.pixels.withUnsafeMutableBufferPointer { target in
            image.pixels.withUnsafeBufferPointer { source in
                for y in rect.y..<rect.maxY {
                    let offset = (y * width + rect.x) * 4
                    (target.baseAddress! + offset).update(from: source.baseAddress! + offset, count: rect.width * 4)
                }
            }
        }
        previous = copy
    }
}
