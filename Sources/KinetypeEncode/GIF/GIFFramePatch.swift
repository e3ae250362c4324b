import KinetypeCore

/// A frame for the GIF encoder's second pass, given by what changed: the pixels of the rectangle
/// that differs from the frame given before it. Small for typical text animations, so a render
/// can keep the patches of many frames between the two passes instead of rendering twice.
public struct GIFFramePatch: Sendable {
    /// Where the frame differs from the frame before it (every pixel outside is equal); nil when
    /// it equals that frame. The first frame must be whole.
    public let rect: PixelRect?
    /// Straight RGBA pixels of `rect`, row by row (empty when `rect` is nil).
    public let pixels: [UInt8]
    /// When the frame stops showing, in seconds after the animation starts.
    public let endTime: Double

    public init(rect: PixelRect?, pixels: [UInt8], endTime: Double) {
        precondition(pixels.count == (rect?.area ?? 0) * 4, "a patch holds 4 bytes for each pixel of its rectangle")
        self.rect = rect
        self.pixels = pixels
        self.endTime = endTime
    }

    /// The pixels of `image` inside `changed` (shared, not copied, when it is the whole image).
    public init(image: Image, changed: PixelRect?, endTime: Double) {
        let whole = PixelRect.whole(width: image.width, height: image.height)
        guard let rect = changed?.intersection(whole), !rect.isEmpty else {
            self.init(rect: nil, pixels: [], endTime: endTime)
            return
        }
        guard rect != whole else {
            self.init(rect: rect, pixels: image.pixels, endTime: endTime)
            return
        }
        self.init(rect: rect, pixels: image.pixels(in: rect), endTime: endTime)
    }

    /// The bytes it keeps in memory.
    public var byteCount: Int { pixels.count }
}
