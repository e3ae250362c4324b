/// A text layer's content as styled runs: one run per span, or one plain run.
struct StyledText: Equatable, Sendable {
    let runs: [TextRun]
    let text: String

    /// Span fonts pass through with the span's `weight` and `italic` folded in and their `file`
    /// made absolute with `resolvePath`.
    init(_ content: TextContent, resolvePath: (String) -> String) {
        if let spans = content.spans {
            runs = spans.map { span in
                var font = span.font
                if span.weight != nil || span.italic != nil {
                    var folded = font ?? FontSpec()
                    if let weight = span.weight { folded.weight = weight }
                    if let italic = span.italic { folded.italic = italic }
                    font = folded
                }
                if let file = font?.file { font?.file = resolvePath(file) }
                return TextRun(
                    text: span.text, color: span.color, font: font,
                    underline: span.underline, strikethrough: span.strikethrough)
            }
        } else {
            runs = [TextRun(text: content.text)]
        }
        text = runs.map(\.text).joined()
    }

    /// The runs that lay out `laidOut`: these runs cut after its characters when it is a prefix
    /// of this text, else one plain run (a script's text that differs from the layer's).
    func runs(layingOut laidOut: String) -> [TextRun] {
        if laidOut.isEmpty { return [] }
        if laidOut == text { return runs }
        guard text.hasPrefix(laidOut) else { return laidOut.isEmpty ? [] : [TextRun(text: laidOut)] }
        var remaining = laidOut.count
        var result: [TextRun] = []
        for run in runs where remaining > 0 {
            let count = run.text.count
            var piece = run
            if count > remaining { piece.text = String(run.text.prefix(remaining)) }
            remaining -= min(count, remaining)
            if !piece.text.isEmpty { result.append(piece) }
        }
        return result
    }
}
