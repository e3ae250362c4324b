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

    /// The rectangle content is clipped to: the frame along fixed sides, unbounded along fitted ones.
    var clipRect: Rect? {
        guard clipsHorizontally || clipsVertically else { return nil }
        let far = 1e7
        return Rect(
            x: clipsHorizontally ? frame.x : -far, y: clipsVertically ? frame.y : -far,
            width: clipsHorizontally ? frame.width : 2 * far, height: clipsVertically ? frame.height : 2 * far)
    }
}
