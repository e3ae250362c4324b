/// The text an animation shows at its end, for people who cannot see it: a screen reader reads it
/// as the alt text of a batch's outputs (the batch report, Android's content descriptions, the
/// `<picture>` snippet) and of an SVG (its `<title>`).
///
/// It is the text of every text layer that shows on the last frame (its opacity above 0, its
/// characters revealed), in reading order: top to bottom by the layer's frame, then from the
/// leading side (a frame's `x` counts from the leading edge, the right in a right-to-left layout,
/// so the order is the same in both directions). Each layer is one line;
/// inside a layer, runs of white space (line breaks included) are one space, as a reader would
/// speak them. Hidden characters of a typewriter that has not finished, or one that deleted them,
/// are not in it. An animation with no text showing at its end has an empty alt text.
public enum AltText {
    /// The alt text of `timeline`.
    public static func of(_ timeline: Timeline) -> String {
        let last = timeline.state(atFrame: timeline.frameCount - 1)
        var lines: [(y: Double, x: Double, index: Int, text: String)] = []
        for layer in last.layers where layer.opacity > 0 {
            guard case .text(let text) = layer.content else { continue }
            var shown = ""
            for (index, character) in text.text.enumerated() where TextReveal.alpha(of: index, in: text.reveal) > 0 {
                shown.append(character)
            }
            let spoken = shown.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            guard !spoken.isEmpty else { continue }
            lines.append((layer.frame.y + layer.offset.y, layer.frame.x + layer.offset.x, layer.index, spoken))
        }
        lines.sort { ($0.y, $0.x, $0.index) < ($1.y, $1.x, $1.index) }
        return lines.map(\.text).joined(separator: "\n")
    }
}
