import KinetypeCore

/// Where a layer sits: its frame (fixed or fitted to the content) and which sides are fixed,
/// since only fixed sides clip the content.
struct LayerBox {
    var frame: Rect
    var clipsHorizontally: Bool
    var clipsVertically: Bool

    /// `frame` with nil sides replaced by the content size.
    init(frame: LayerFrame, contentWidth: Double, contentHeight: Double) {
        self.frame = Rect(
            x: frame.x, y: frame.y, width: frame.width ?? contentWidth, height: frame.height ?? contentHeight)
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
