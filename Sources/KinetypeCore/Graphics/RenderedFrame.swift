/// A rendered frame, and where it differs from the frame shown before it.
///
/// The frame pipeline delivers these in display order, so an encoder can skip identical frames and
/// look only at the changed rectangle instead of diffing whole canvases.
public struct RenderedFrame: Sendable {
    /// The frame's index in the timeline.
    public let index: Int
    /// The whole frame, straight RGBA.
    public let image: Image
    /// The bounding box of every pixel that differs from the previously delivered frame (every
    /// pixel outside it is equal); nil when the frame equals that frame; the whole image for the
    /// first frame delivered.
    public let changed: PixelRect?

    public init(index: Int, image: Image, changed: PixelRect?) {
        self.index = index
        self.image = image
        self.changed = changed
    }
}
