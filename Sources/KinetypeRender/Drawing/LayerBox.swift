import KinetypeCore

/// Where a layer sits: its frame (fixed or fitted to the content) and which sides are fixed,
/// since only fixed sides clip the content.
struct LayerBox {
    var frame: Rect
    var clipsHorizontally: Bool
    var clipsVertically: Bool

    /// `frame` with nil sides replaced by the content size. In a right-to-left layout `frame.x` is
    /// measured from the canvas's right edge to the frame's right edge (the frame is mirrored).
    init(
        frame: LayerFrame, contentWidth: Double, contentHeight: Double, direction: LayoutDirection = .leftToRight,
        canvasWidth: Double = 0
    ) {
        let width = frame.width ?? contentWidth
        let x = direction.isRightToLeft ? canvasWidth - frame.x - width : frame.x
        self.frame = Rect(x: x, y: frame.y, width: width, height: frame.height ?? contentHeight)
        clipsHorizontally = frame.width != nil
        clipsVertically = frame.height != nil
    }

    var center: Point { Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2) }

    /// The rectangle content is clipped to: the frame along fixed sides, and the frame widened by
    /// `reach(pixelScale:)` points either way along fitted ones (unbounded in effect).
    func clipRect(pixelScale: Double) -> Rect? {
        guard clipsHorizontally || clipsVertically else { return nil }
        let far = Self.reach(pixelScale: pixelScale)
        return Rect(
            x: clipsHorizontally ? frame.x : frame.x - far, y: clipsVertically ? frame.y : frame.y - far,
            width: frame.width + (clipsHorizontally ? 0 : 2 * far),
            height: frame.height + (clipsVertically ? 0 : 2 * far))
    }

    /// How far a fitted side of the clip reaches beyond the frame, in points: 65,536 pixels at the
    /// layer's pixel scale. A fitted side is as long as the content, so only what overshoots it
    /// (ascenders, shadows) needs the reach, and this is beyond any canvas (8192 px). A farther edge
    /// (it was 10⁷ points) overflows Cairo's fixed-point arithmetic once the layer is rotated: from
    /// about 10⁶ pixels, Cairo drops masks and paints under that clip (a text shadow vanished at
    /// 1°…3° of rotation) while the glyphs still show.
    static func reach(pixelScale: Double) -> Double {
        65_536 / max(pixelScale, 1e-6)
    }
}
