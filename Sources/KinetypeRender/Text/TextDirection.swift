import CPangoCairo
import KinetypeCore

/// The Unicode bidi direction of text, as the bidi algorithm's rule P2 finds a paragraph's: the
/// first strong character (bidi class L, R or AL) decides, through fribidi (Pango's own bidi library).
public enum TextDirection {
    /// `.rightToLeft` or `.leftToRight` from the first strong character of `text`; nil when it has none
    /// (digits, punctuation, symbols, emoji only).
    public static func firstStrong(in text: String) -> LayoutDirection? {
        for scalar in text.unicodeScalars {
            let type = UInt64(fribidi_get_bidi_type(FriBidiChar(scalar.value)).rawValue)
            guard type & UInt64(FRIBIDI_MASK_LETTER) != 0 else { continue }
            return type & UInt64(FRIBIDI_MASK_RTL) != 0 ? .rightToLeft : .leftToRight
        }
        return nil
    }
}

extension Scene {
    /// The scene's text in layer order, after placeholders were filled: each text layer's text
    /// (its spans joined), then what its typewriter scripts type.
    var textsInOrder: [String] {
        layers.flatMap { layer -> [String] in
            guard let text = layer.text else { return [] }
            let typed = layer.animations.flatMap { animation -> [String] in
                guard case .typewriter(let typewriter) = animation.kind else { return [] }
                return (typewriter.script ?? []).compactMap { step in
                    if case .type(let typed) = step { return typed }
                    return nil
                }
            }
            return [text.text] + typed
        }
    }

    /// `canvas.layoutDirection` with `auto` resolved: the direction of the first strong character of
    /// the scene's text (`textsInOrder`), left to right when there is none.
    public var resolvedLayoutDirection: LayoutDirection {
        guard canvas.layoutDirection == .auto else { return canvas.layoutDirection }
        for text in textsInOrder {
            if let direction = TextDirection.firstStrong(in: text) { return direction }
        }
        return .leftToRight
    }
}
