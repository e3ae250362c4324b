import KinetypeCore
import KinetypeEncode
import KinetypeRender

/// Underlines and strikethroughs as filled rectangles, revealed with their characters as the
/// raster renderer draws them (`VectorExport.decorationSpans`): each piece is a shape layer shown
/// with its alpha over the frames it shows.
extension LottieExport {
    /// The decoration layers of one layout shown over `frames`, front to back, in their own colors
    /// or all in `tint` (a shadow's color, its alpha left to the layers that place the shadow).
    func decorationLayers(
        _ vector: VectorText, layout: Int, tracks: LayerTracks, frames: Range<Int>, tint: Color?, firstIndex: Int
    ) throws -> [LottieLayer] {
        var layers: [LottieLayer] = []
        for span in decorationSpans(vector, layout: layout, tracks: tracks, tint: tint) {
            guard let shown = shown(over: frames, span.visibility) else { continue }
            let outline = try FrameRenderer.roundedRectPath(span.rect, radius: 0)
            layers.append(
                shapeLayer(
                    name: "decoration", index: firstIndex + layers.count,
                    shapes: [.group(LottieGroup(LottieShape.paths(outline) + [.solid(span.color)]))],
                    transform: staticTransform(opacity: shown.opacity), frames: shown.frames))
        }
        return layers
    }
}
