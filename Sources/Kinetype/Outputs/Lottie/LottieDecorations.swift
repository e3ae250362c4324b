import KinetypeCore
import KinetypeEncode
import KinetypeRender

/// Underlines and strikethroughs as filled rectangles, revealed with their characters as the
/// raster renderer draws them: Pango draws a run's line under its revealed characters only, one
/// rectangle for the characters of the run fully shown (a prefix of it, since a typewriter reveals
/// in order) and one for each character still fading in (its own color, so its own run). So each
/// character has two layers: the run's line up to its end, shown while it is the last character
/// of the run fully shown, and its own piece, shown with its alpha while it fades in.
extension LottieExport {
    /// The decoration layers of one layout shown over `frames`, front to back, in their own colors
    /// or all in `tint` (a shadow's color, its alpha left to the layers that place the shadow).
    func decorationLayers(
        _ vector: VectorText, layout: Int, tracks: LayerTracks, frames: Range<Int>, tint: Color?, firstIndex: Int
    ) throws -> [LottieJSON] {
        var layers: [LottieJSON] = []
        let alpha = { (character: Int, frame: Int) -> Double in
            tracks.layoutOfFrame[frame] == layout ? TextReveal.alpha(of: character, in: tracks.reveals[frame]) : 0
        }
        for decoration in vector.decorations {
            let color =
                tint.map { Color(red: $0.red, green: $0.green, blue: $0.blue, alpha: decoration.color.alpha) }
                ?? decoration.color
            let pieces = decoration.pieces
            for (position, piece) in pieces.enumerated() {
                let next = position + 1 < pieces.count ? pieces[position + 1].character : nil
                let lineEnd = { (frame: Int) -> Double in
                    alpha(piece.character, frame) >= 1 && (next.map { alpha($0, frame) < 1 } ?? true) ? 1 : 0
                }
                let fading = { (frame: Int) -> Double in
                    let shown = alpha(piece.character, frame)
                    return shown < 1 ? shown : 0
                }
                let prefix = pieces[...position]
                let line = (
                    left: prefix.map(\.left).min() ?? piece.left, right: prefix.map(\.right).max() ?? piece.right
                )
                let spans: [(left: Double, right: Double, visibility: (Int) -> Double)] = [
                    (line.left, line.right, lineEnd), (piece.left, piece.right, fading),
                ]
                for span in spans {
                    guard span.right > span.left, let shown = shown(over: frames, span.visibility) else { continue }
                    let rect = Rect(
                        x: span.left, y: decoration.top, width: span.right - span.left, height: decoration.thickness)
                    let outline = try FrameRenderer.roundedRectPath(rect, radius: 0)
                    layers.append(
                        shapeLayer(
                            name: "decoration", index: firstIndex + layers.count,
                            shapes: [group(pathShapes(outline) + [fill(color)])],
                            transform: staticTransform(opacity: shown.opacity), frames: shown.frames))
                }
            }
        }
        return layers
    }
}
