/// `canvas.layoutDirection`: which way the layout reads, as SwiftUI's `layoutDirection`.
///
/// Right-to-left mirrors the layout: frames are placed from the right edge, `offset.x` flips,
/// `leading`/`trailing` alignments and paddings swap sides, image layers and gradients follow their
/// own `flipsForRightToLeftLayoutDirection`/`mirrorsInRightToLeft` keys. Text shaping is unchanged
/// (Pango orders the characters of every paragraph by the Unicode bidi algorithm).
public enum LayoutDirection: String, CaseIterable, Equatable, Hashable, Codable, Sendable {
    case leftToRight
    case rightToLeft
    /// The direction of the first strong (L, R or AL) character of the scene's text, left to right
    /// when it has none. The loader resolves it before rendering.
    case auto

    /// Whether the layout is mirrored. `auto` must be resolved first; unresolved it reads as left to right.
    public var isRightToLeft: Bool { self == .rightToLeft }
}
