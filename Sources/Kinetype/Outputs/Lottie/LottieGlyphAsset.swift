import Foundation
import KinetypeCore
import KinetypeEncode

/// A glyph outline in one fill: one asset.
struct GlyphKey: Hashable {
    var outline: VectorPath
    var color: Color
}

/// A glyph's precomposition: the outline moved so its bounds start at a whole point inside the
/// precomposition (players clip a precomposition to its size), and the move to undo when placed.
struct GlyphAsset {
    let id: String
    let moved: VectorPath
    let shift: Point
    let width: Double
    let height: Double

    init(id: String, outline: VectorPath) {
        self.id = id
        let bounds = outline.controlBounds ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let left = bounds.x.rounded(.down) - 1
        let top = bounds.y.rounded(.down) - 1
        shift = Point(x: left, y: top)
        moved = outline.translated(dx: -left, dy: -top).rounded()
        width = (bounds.x + bounds.width - left).rounded(.up) + 1
        height = (bounds.y + bounds.height - top).rounded(.up) + 1
    }

    /// The precomposition: one shape layer of the outline's paths and the fill, with only what
    /// the schema and the players need. A transform left empty is the identity, and the paths and
    /// fill sit in the layer itself, not in a group: the same fill over the same paths, in fewer
    /// bytes for every glyph asset.
    func asset(color: Color, frameCount: Int) -> LottieAsset {
        let layer = LottieLayer(
            .shapes(LottieShape.paths(moved) + [.solid(color)]), index: 1, frames: 0..<frameCount,
            transform: LottieTransform())
        return LottieAsset(id: id, .precomposition([LottieWritten(layer)]))
    }
}

extension LottieShape {
    /// A path shape for every contour: Lottie paths are one contour each, so a glyph with holes is
    /// several paths that the group's fill fills together (non-zero, as Cairo fills).
    static func paths(_ path: VectorPath) -> [LottieShape] {
        path.contours.map { .path(LottiePath(.fixed(LottieBezier($0)))) }
    }
}

/// A coordinate rounded to 1/100 of a point.
func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
