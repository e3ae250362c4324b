/// Everything the renderer needs to draw one frame, as plain values: the timeline has already
/// applied every animation. Renderers never look at animations or time.
public struct FrameState: Equatable, Sendable {
    public var index: Int
    /// Seconds from the scene start.
    public var time: Double
    public var canvas: CanvasState
    /// Back to front.
    public var layers: [LayerState]

    public init(index: Int, time: Double, canvas: CanvasState, layers: [LayerState]) {
        self.index = index
        self.time = time
        self.canvas = canvas
        self.layers = layers
    }
}

public struct CanvasState: Equatable, Sendable {
    /// Points.
    public var width: Double
    public var height: Double
    /// Pixels per point.
    public var scale: Double
    public var background: Fill

    public init(width: Double, height: Double, scale: Double, background: Fill) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
    }

    public var pixelWidth: Int { Int(clamping: (width * scale).rounded()) }
    public var pixelHeight: Int { Int(clamping: (height * scale).rounded()) }
}

/// One layer at one moment.
public struct LayerState: Equatable, Sendable {
    /// Index of the layer in the scene (for diagnostics: `layers[i]`).
    public var index: Int
    public var content: LayerContentState
    public var frame: LayerFrame
    public var alignment: Alignment
    public var padding: EdgeInsets
    public var background: Fill?
    public var cornerRadius: Double
    public var border: Border?
    public var opacity: Double
    public var offset: Point
    public var scale: Double
    /// Degrees, clockwise.
    public var rotation: Double

    public init(
        index: Int, content: LayerContentState, frame: LayerFrame, alignment: Alignment = .topLeading,
        padding: EdgeInsets = .zero, background: Fill? = nil, cornerRadius: Double = 0,
        border: Border? = nil, opacity: Double = 1, offset: Point = .zero, scale: Double = 1,
        rotation: Double = 0
    ) {
        self.index = index
        self.content = content
        self.frame = frame
        self.alignment = alignment
        self.padding = padding
        self.background = background
        self.cornerRadius = cornerRadius
        self.border = border
        self.opacity = opacity
        self.offset = offset
        self.scale = scale
        self.rotation = rotation
    }
}

public enum LayerContentState: Equatable, Sendable {
    case text(TextState)
    case rect
    case image(ImageContent)
}

/// A text layer at one moment: what to lay out, with which typography, and how much shows.
public struct TextState: Equatable, Sendable {
    /// The runs to lay out: the final text in stable mode (hidden parts still take their place),
    /// the typed prefix in flow mode. A plain text layer has one run.
    public var runs: [TextRun]
    /// The layer's base font with animated size and weight applied.
    public var font: ResolvedFont
    public var color: Color
    public var textAlignment: TextAlignment
    public var lineLimit: Int?
    public var truncation: Truncation
    public var lineSpacing: Double
    public var letterSpacing: Double
    public var wrap: WrapMode
    public var shadow: Shadow?
    /// How much of the laid-out text shows; nil = all of it.
    public var reveal: TextReveal?
    public var cursor: CursorState?
    /// Whether the layer animates a property that moves and resizes its glyphs (`font.size`,
    /// `font.weight`, `letterSpacing`): its glyphs are then drawn at their exact positions, never
    /// snapped to whole pixels, in every frame, so the animation moves smoothly and does not snap
    /// when it starts or ends. Other text keeps the glyph cache's crisp pixel positions.
    public var glyphsMove = false

    public init(
        runs: [TextRun], font: ResolvedFont, color: Color, textAlignment: TextAlignment = .leading,
        lineLimit: Int? = nil, truncation: Truncation = .tail, lineSpacing: Double = 0,
        letterSpacing: Double = 0, wrap: WrapMode = .wordChar, shadow: Shadow? = nil,
        reveal: TextReveal? = nil, cursor: CursorState? = nil
    ) {
        self.runs = runs
        self.font = font
        self.color = color
        self.textAlignment = textAlignment
        self.lineLimit = lineLimit
        self.truncation = truncation
        self.lineSpacing = lineSpacing
        self.letterSpacing = letterSpacing
        self.wrap = wrap
        self.shadow = shadow
        self.reveal = reveal
        self.cursor = cursor
    }

    /// The concatenated text of all runs.
    public var text: String { runs.map(\.text).joined() }
}

/// A run of text with its own style; nil properties inherit the layer's.
public struct TextRun: Equatable, Sendable {
    public var text: String
    public var color: Color?
    /// Overrides of the layer font (family, file, weight, italic, size).
    public var font: FontSpec?
    public var underline: Bool
    public var strikethrough: Bool

    public init(
        text: String, color: Color? = nil, font: FontSpec? = nil, underline: Bool = false,
        strikethrough: Bool = false
    ) {
        self.text = text
        self.color = color
        self.font = font
        self.underline = underline
        self.strikethrough = strikethrough
    }
}

/// A concrete font: family or file, size and a continuous weight.
public struct ResolvedFont: Equatable, Hashable, Sendable {
    /// A fontconfig family; nil = the family that stands for `design` (Inter for `.default`).
    public var family: String?
    /// A font file (absolute path) that takes precedence over `family`.
    public var file: String?
    /// Points.
    public var size: Double
    /// 1…1000, continuous (variable fonts use it on the `wght` axis).
    public var weight: Double
    public var italic: Bool
    public var design: FontDesign

    public init(
        family: String? = nil, file: String? = nil, size: Double = FontSpec.defaultSize,
        weight: Double = 400, italic: Bool = false, design: FontDesign = .default
    ) {
        self.family = family
        self.file = file
        self.size = size
        self.weight = weight
        self.italic = italic
        self.design = design
    }
}

/// Which characters (grapheme clusters, counted in the laid-out text) show, and how much.
/// The first `opaqueCount` characters are fully visible, the next `fading.count` have the given
/// alphas (0…1, for `fadeIn`), and the rest are hidden but keep their place in the layout.
public struct TextReveal: Equatable, Sendable {
    public var opaqueCount: Int
    public var fading: [Double]
    public init(opaqueCount: Int, fading: [Double] = []) {
        self.opaqueCount = opaqueCount
        self.fading = fading
    }

    /// How much of grapheme `index` of the full text `reveal` shows: 1 when shown (or when there is
    /// no reveal), the fade's alpha while fading, 0 when hidden. The raster renderer paints this
    /// and Lottie output keyframes it.
    public static func alpha(of index: Int, in reveal: TextReveal?) -> Double {
        guard let reveal else { return 1 }
        if index < reveal.opaqueCount { return 1 }
        let fadeIndex = index - reveal.opaqueCount
        guard fadeIndex < reveal.fading.count else { return 0 }
        return min(max(reveal.fading[fadeIndex], 0), 1)
    }
}

/// A cursor at one moment.
public struct CursorState: Equatable, Sendable {
    public var shape: CursorShape
    public var color: Color
    /// Points.
    public var width: Double
    /// The cursor stands just before this character (grapheme index into the laid-out text);
    /// equal to the character count means after the last character.
    public var characterOffset: Int
    /// Whether it is drawn in this frame (blink phase, hidden when done).
    public var visible: Bool

    public init(shape: CursorShape, color: Color, width: Double, characterOffset: Int, visible: Bool) {
        self.shape = shape
        self.color = color
        self.width = width
        self.characterOffset = characterOffset
        self.visible = visible
    }
}
