/// The keys each object of scene format 1 allows. The decoder rejects every other key, and the
/// schema tests check that `SceneSchema` lists exactly these.
enum FormatKeys {
    static let scene = ["$schema", "version", "canvas", "output", "fonts", "systemFonts", "vars", "layers"]
    static let canvas = [
        "width", "height", "scale", "background", "fps", "duration", "hold", "layoutDirection", "colorScheme",
        "systemColors",
    ]
    /// A color or fill that differs by appearance: `{"light": …, "dark": …}`.
    static let appearance = ["light", "dark"]
    static let output = ["loop"]
    static let gradient = ["linear"]
    static let linearGradient = ["from", "to", "angle", "mirrorsInRightToLeft"]

    static let layer = [
        "id", "type", "frame", "alignment", "padding", "background", "cornerRadius", "border",
        "opacity", "offset", "scale", "rotation", "animations",
    ]
    static let textLayer = [
        "text", "spans", "font", "color", "textAlignment", "lineLimit", "truncation",
        "lineSpacing", "letterSpacing", "wrap", "shadow",
    ]
    static let imageLayer = ["src", "fit", "flipsForRightToLeftLayoutDirection"]
    static let frame = ["x", "y", "width", "height"]
    static let padding = ["top", "leading", "bottom", "trailing"]
    static let border = ["color", "width"]
    static let offset = ["x", "y"]

    static let span = ["text", "color", "weight", "italic", "underline", "strikethrough", "font"]
    static let font = ["family", "file", "size", "style", "weight", "italic", "design"]
    static let shadow = ["color", "radius", "x", "y"]

    static let animation = ["type", "start", "after", "delay"]
    static let typewriter = [
        "interval", "speed", "duration", "intervalRange", "seed", "pauses", "unit", "fadeIn",
        "mode", "cursor", "script", "sound",
    ]
    static let sound = ["preset", "file", "volume"]
    static let cursor = ["shape", "color", "width", "blink", "hideWhenDone"]
    static let scriptStep = ["type", "pause", "delete", "deleteAll"]
    static let animate = ["property", "from", "to", "duration", "easing", "repeat", "autoreverse"]
    static let keyframes = ["property", "keyframes"]
    static let keyframe = ["time", "value", "easing"]

    static let easingNames = ["linear", "easeIn", "easeOut", "easeInOut", "hold", "jump"]
    static let easing = ["cubicBezier", "spring", "steps"]
    static let spring = ["response", "dampingFraction"]

}
