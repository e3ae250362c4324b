/// The range of every numeric key of scene format 1, stated once. The decoder checks values
/// against these, the schema's `minimum`/`maximum` come from them, the manual's range table is
/// generated from `all` (a test compares them), and `--fps`/`--scale` use the same bounds.
///
/// The bounds are far beyond what a real scene needs, and chosen so that every computation on an
/// accepted value stays finite and in range: times × 120 fps fit an `Int`, lengths × scale ×
/// 1024 (Pango units) fit an `Int32`, and coordinates stay inside Cairo's 24.8 fixed-point range
/// (±8,388,608 px).
public enum FormatRanges {
    /// One hour: longer than any animation; 3600 s × 120 fps is 432,000 frames.
    public static let maximumSeconds = 3600.0
    /// 100,000 points: 12 canvases of the largest size; × scale 4 × layer scale 8 is 3,200,000 px,
    /// inside Cairo's fixed-point range, and × 1024 (Pango units) × 4 fits an `Int32`.
    public static let maximumLength = 100_000.0
    /// 10,000 points of extra spacing between letters or lines.
    public static let maximumSpacing = 10_000.0
    /// 100 turns.
    public static let maximumDegrees = 36_000.0
    /// The longest text of a layer, a span or a typewriter script step, in characters.
    public static let maximumTextLength = 100_000

    private static let timeReason = "an hour is longer than any animation"
    private static let lengthReason = "far outside any canvas; keeps pixel and Pango coordinates in range"

    /// The widest and tallest frame in pixels (after × scale): 8192.
    public static let maximumCanvasSide = 8192

    // MARK: Canvas and output

    public static let canvasSize = NumberRange(
        ["canvas.width", "canvas.height"], .above, 0, Double(maximumCanvasSide),
        meaning: "canvas size in points; also 1…8192 pixels after × scale",
        reason: "an 8192² frame is 256 MB of pixels per worker")
    public static let canvasScale = NumberRange(
        ["canvas.scale"], .between, 1, 4, meaning: "pixel density (@2x, @3x)",
        reason: "@4x covers every display")
    public static let fps = NumberRange(
        ["canvas.fps"], .between, 1, 120, meaning: "frames per second",
        reason: "no display shows more")
    public static let duration = NumberRange(
        ["canvas.duration"], .above, 0, maximumSeconds, meaning: "seconds",
        reason: timeReason)
    public static let hold = NumberRange(
        ["canvas.hold"], .atLeast, 0, maximumSeconds,
        meaning: "seconds the last frame stays (auto duration)", reason: timeReason)
    public static let loop = NumberRange(
        ["output.loop"], .atLeast, 0, 65_535, whole: true,
        meaning: "GIF loop count, 0 = forever", reason: "a GIF stores it in 16 bits")
    public static let gradientAngle = NumberRange(
        ["canvas.background.linear.angle", "layers[].background.linear.angle"],
        .between, -maximumDegrees, maximumDegrees,
        meaning: "gradient direction in degrees", reason: "100 turns")

    // MARK: Layers

    public static let framePosition = NumberRange(
        ["layers[].frame.x", "layers[].frame.y"], .between,
        -maximumLength, maximumLength, meaning: "frame origin in points",
        reason: lengthReason)
    public static let frameSize = NumberRange(
        ["layers[].frame.width", "layers[].frame.height"], .above, 0, maximumLength,
        meaning: "frame size in points", reason: lengthReason)
    public static let padding = NumberRange(
        [
            "layers[].padding", "layers[].padding.top", "layers[].padding.leading",
            "layers[].padding.bottom", "layers[].padding.trailing",
        ],
        .atLeast, 0, maximumLength, meaning: "padding in points", reason: lengthReason)
    public static let cornerRadius = NumberRange(
        ["layers[].cornerRadius"], .atLeast, 0, maximumLength,
        meaning: "corner radius in points (animatable)", reason: lengthReason)
    public static let borderWidth = NumberRange(
        ["layers[].border.width"], .above, 0, maximumLength,
        meaning: "stroke width in points", reason: lengthReason)
    public static let opacity = NumberRange(
        ["layers[].opacity"], .between, 0, 1, meaning: "opacity (animatable)",
        reason: "a fraction")
    public static let offset = NumberRange(
        ["layers[].offset.x", "layers[].offset.y"], .between, -maximumLength, maximumLength,
        meaning: "displacement in points (animatable)", reason: lengthReason)
    public static let layerScale = NumberRange(
        ["layers[].scale"], .atLeast, 0, 8,
        meaning: "scale factor (animatable); 0 draws nothing",
        reason: "2000 pt × scale 4 × 8 = 64,000 px glyphs, under FreeType's 65,535")
    public static let rotation = NumberRange(
        ["layers[].rotation"], .between, -maximumDegrees, maximumDegrees,
        meaning: "degrees clockwise (animatable)", reason: "100 turns")

    // MARK: Text

    public static let fontSize = NumberRange(
        ["layers[].font.size", "layers[].spans[].font.size"], .above, 0, 2000,
        meaning: "font size in points (animatable)",
        reason: "larger glyphs than any canvas can show")
    public static let fontWeight = NumberRange(
        [
            "layers[].font.weight", "layers[].spans[].weight",
            "layers[].spans[].font.weight",
        ], .between, 1, 1000,
        meaning: "font weight (or a name; animatable)", reason: "OpenType's weight axis")
    public static let lineLimit = NumberRange(
        ["layers[].lineLimit"], .atLeast, 1, 100_000, whole: true,
        meaning: "maximum lines (or null)", reason: "more lines than any text may have")
    public static let lineSpacing = NumberRange(
        ["layers[].lineSpacing"], .between, -maximumSpacing, maximumSpacing,
        meaning: "extra points between lines", reason: "× scale × 1024 fits Pango's units")
    public static let letterSpacing = NumberRange(
        ["layers[].letterSpacing"], .between, -maximumSpacing, maximumSpacing,
        meaning: "extra points between characters (animatable)",
        reason: "× scale × 1024 fits Pango's units")
    public static let shadowRadius = NumberRange(
        ["layers[].shadow.radius"], .atLeast, 0, 1000,
        meaning: "shadow blur radius in points",
        reason: "a wider blur is a flat tint; keeps the blur mask small")
    public static let shadowOffset = NumberRange(
        ["layers[].shadow.x", "layers[].shadow.y"], .between, -maximumLength,
        maximumLength, meaning: "shadow offset in points", reason: lengthReason)

    // MARK: Animations

    public static let start = NumberRange(
        ["layers[].animations[].start", "layers[].animations[].delay"], .atLeast, 0,
        maximumSeconds, meaning: "seconds from the scene start / after the layer named by after",
        reason: timeReason)
    public static let typewriterInterval = NumberRange(
        ["layers[].animations[].interval"], .above, 0, maximumSeconds,
        meaning: "typewriter seconds per unit", reason: timeReason)
    public static let typewriterSpeed = NumberRange(
        ["layers[].animations[].speed"], .atLeast, 0.001, 1_000_000,
        meaning: "typewriter units per second",
        reason: "1/speed is the interval; keeps it finite")
    public static let animationDuration = NumberRange(
        ["layers[].animations[].duration"], .atLeast, 0, maximumSeconds,
        meaning: "seconds for a typewriter's text or one play of an animate; 0 = at once, at the start",
        reason: timeReason)
    public static let intervalRange = NumberRange(
        ["layers[].animations[].intervalRange[]"], .atLeast, 0, maximumSeconds,
        meaning: "typewriter [min, max] seconds per unit", reason: timeReason)
    public static let seed = NumberRange(
        ["layers[].animations[].seed"], .atLeast, 0, 18_446_744_073_709_551_616.0, whole: true,
        meaning: "typewriter random seed", reason: "a 64-bit generator",
        maximumText: "18446744073709551615")
    public static let pause = NumberRange(
        ["layers[].animations[].pauses.*", "layers[].animations[].script[].pause"],
        .atLeast, 0, maximumSeconds, meaning: "typewriter pause in seconds", reason: timeReason)
    public static let fadeIn = NumberRange(
        ["layers[].animations[].fadeIn"], .atLeast, 0, maximumSeconds,
        meaning: "seconds each typed unit takes to appear", reason: timeReason)
    public static let cursorWidth = NumberRange(
        ["layers[].animations[].cursor.width"], .above, 0, 1000,
        meaning: "cursor width in points", reason: "wider than any glyph")
    public static let cursorTime = NumberRange(
        ["layers[].animations[].cursor.blink", "layers[].animations[].cursor.hideWhenDone"],
        .atLeast, 0, maximumSeconds, meaning: "cursor blink period / hide delay in seconds",
        reason: timeReason)
    public static let soundVolume = NumberRange(
        ["layers[].animations[].sound.volume"], .between, 0, 1,
        meaning: "level of a typewriter's key sounds", reason: "a fraction of the sound's own level")
    public static let scriptDelete = NumberRange(
        ["layers[].animations[].script[].delete"], .atLeast, 1,
        Double(maximumTextLength), whole: true,
        meaning: "units a script step deletes", reason: "the longest text")
    public static let repeatCount = NumberRange(
        ["layers[].animations[].repeat"], .atLeast, 1, 10_000, whole: true,
        meaning: "how many times an animate plays",
        reason: "a real loop belongs in output.loop")
    public static let keyframeTime = NumberRange(
        ["layers[].animations[].keyframes[].time"], .atLeast, 0, maximumSeconds,
        meaning: "keyframe seconds from the animation's start", reason: timeReason)
    public static let steps = NumberRange(
        ["…easing.steps"], .atLeast, 1, 10_000, whole: true,
        meaning: "steps of a steps easing", reason: "more steps than frames")
    public static let bezierX = NumberRange(
        ["…easing.cubicBezier[0]", "…easing.cubicBezier[2]"], .between, 0, 1,
        meaning: "cubic Bézier x1, x2", reason: "time must not run backwards (CSS)")
    public static let bezierY = NumberRange(
        ["…easing.cubicBezier[1]", "…easing.cubicBezier[3]"], .between, -100, 100,
        meaning: "cubic Bézier y1, y2 (overshoot)",
        reason: "100× overshoot of a value range is already off the canvas")
    public static let springResponse = NumberRange(
        ["…easing.spring.response"], .atLeast, 0.01, 60,
        meaning: "spring seconds per oscillation",
        reason: "faster than a frame is a jump; (2π/response)² stays finite")
    public static let springDamping = NumberRange(
        ["…easing.spring.dampingFraction"], .atLeast, 0, 100,
        meaning: "spring damping, 1 = critical", reason: "beyond 100 nothing moves")

    /// Every range, in the order of the manual's table.
    public static let all: [NumberRange] = [
        canvasSize, canvasScale, fps, duration, hold, loop, gradientAngle,
        framePosition, frameSize, padding, cornerRadius, borderWidth, opacity, offset, layerScale, rotation,
        fontSize, fontWeight, lineLimit, lineSpacing, letterSpacing, shadowRadius, shadowOffset,
        start, typewriterInterval, typewriterSpeed, animationDuration, intervalRange, seed, pause, fadeIn, cursorWidth,
        cursorTime, soundVolume, scriptDelete, repeatCount, keyframeTime, steps, bezierX, bezierY, springResponse,
        springDamping,
    ]

    /// The range of an animated property's `from`, `to` and keyframe values (colors have none).
    public static func range(of property: AnimatableProperty) -> NumberRange? {
        switch property {
        case .fontSize: return fontSize
        case .fontWeight: return fontWeight
        case .opacity: return opacity
        case .offsetX, .offsetY: return offset
        case .scale: return layerScale
        case .rotation: return rotation
        case .letterSpacing: return letterSpacing
        case .cornerRadius: return cornerRadius
        case .color, .background: return nil
        }
    }

    /// The manual's range table (Markdown), generated from `all`.
    public static var markdownTable: String { all.markdownTable }
}
