/// The JSON Schema of scene format 1, built from the same key lists and enumerations the
/// decoder uses, so the two cannot drift apart unnoticed (see the schema tests).
enum SceneSchemaDocument {
    static let root: SchemaNode = .object([
        ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
        ("title", .string("kinetype scene, format version 1")),
        (
            "description",
            .string(
                "An animated text scene rendered by kinetype. Lengths are points (multiplied by "
                    + "canvas.scale to get pixels), times are seconds, colors are strings. Any string may contain {{name}} "
                    + "placeholders, filled from vars, batch data and \(CommandLineOption.set.flag). Unknown keys "
                    + "are errors."
            )
        ),
        ("type", .string("object")),
        (
            "properties",
            .object([
                ("$schema", Schema.string("The URI of this schema, for editors; kinetype ignores it.")),
                (
                    "version",
                    .object([
                        ("type", .string("integer")), ("description", .string("Format version; only 1 exists.")),
                        ("const", .number(1)), ("default", .number(1)),
                    ])
                ),
                ("canvas", Schema.ref("canvas")),
                ("output", Schema.ref("output")),
                (
                    "fonts",
                    Schema.array(
                        "Font files (TTF/OTF, variable fonts too), relative to the scene file.",
                        of: Schema.string("A font file path.", nonEmpty: true), default: .array([]))
                ),
                (
                    "systemFonts",
                    Schema.boolean(
                        "Whether installed system fonts may be used; false makes renders hermetic.",
                        default: true)
                ),
                (
                    "vars",
                    .object([
                        ("type", .string("object")),
                        (
                            "description",
                            .string(
                                "Default values for {{name}} placeholders: strings, or numbers inserted as "
                                    + "written. Batch data and \(CommandLineOption.set.flag) override them. Values "
                                    + "are inserted as plain text, never expanded again."
                            )
                        ),
                        ("additionalProperties", .object([("type", .array([.string("string"), .string("number")]))])),
                        ("default", .object([])),
                    ])
                ),
                (
                    "layers",
                    Schema.array(
                        "Layers, drawn in order, first at the back.", of: Schema.ref("layer"),
                        maxItems: ContentLimits.layers.maximum)
                ),
            ])
        ),
        ("required", .array([.string("canvas"), .string("layers")])),
        ("additionalProperties", .bool(false)),
        ("$defs", .object(definitions)),
    ])

    /// The definitions, each layer and animation type's right after the one that lists them.
    private static let definitions: [(String, SchemaNode)] = formatDefinitions.flatMap { entry in
        switch entry.0 {
        case "layer": [entry] + LayerType.allCases.map { ($0.schemaDefinition, layerDefinition($0)) }
        case "animation": [entry] + AnimationType.allCases.map { ($0.schemaDefinition, animationDefinition($0)) }
        default: [entry]
        }
    }

    private static let formatDefinitions: [(String, SchemaNode)] = [
        (
            "placeholder",
            .object([
                ("type", .string("string")),
                (
                    "description",
                    .string("A string with {{name}} placeholders; its expanded value is checked when decoding.")
                ),
                ("pattern", .string("\\{\\{[^{}]*\\}\\}")),
            ])
        ),
        (
            "canvas",
            Schema.object(
                "The drawing surface and the clock.",
                [
                    (
                        "width",
                        Schema.number("Width in points; \(canvasPixels) pixels after scaling.", FormatRanges.canvasSize)
                    ),
                    (
                        "height",
                        Schema.number(
                            "Height in points; \(canvasPixels) pixels after scaling.", FormatRanges.canvasSize)
                    ),
                    (
                        "scale",
                        Schema.number(
                            "Pixel density \(FormatRanges.canvasScale.text), like @2x/@3x assets.",
                            FormatRanges.canvasScale, default: 1)
                    ),
                    (
                        "background",
                        Schema.ref(
                            "fill", "The canvas fill: a color, \"transparent\", or a linear gradient.",
                            default: .string("#FFFFFF"))
                    ),
                    ("fps", Schema.number("Frames per second.", FormatRanges.fps, default: 30)),
                    (
                        "duration",
                        Schema.anyOf(
                            "Seconds, or \"auto\": the end of the last animation plus hold.",
                            [
                                .object(Schema.bounds(FormatRanges.duration)),
                                Schema.constant("auto"), Schema.ref("placeholder"),
                            ], default: .string("auto"))
                    ),
                    (
                        "hold",
                        Schema.number(
                            "Seconds the last frame stays when duration is auto.", FormatRanges.hold, default: 1)
                    ),
                    (
                        "layoutDirection",
                        Schema.names(
                            "Which way the layout reads. rightToLeft mirrors frames, offset.x, leading/trailing "
                                + "alignments and paddings, as SwiftUI does; auto takes the direction of the first "
                                + "strong character of the scene's text.",
                            LayoutDirection.allCases.map(\.rawValue), default: "leftToRight")
                    ),
                    (
                        "colorScheme",
                        Schema.names(
                            "The appearance: which side of every {\"light\", \"dark\"} color and system.* color is "
                                + "used. \(CommandLineOption.colorScheme.flag) and a batch entry's colorScheme win "
                                + "over it.",
                            ColorScheme.allCases.map(\.rawValue), default: "light")
                    ),
                    (
                        "systemColors",
                        Schema.names(
                            "Which table of Apple's system colors system.* colors take: ios26, the iOS 26 values "
                                + "(Apple's HIG since June 9, 2025), or ios18, the values of iOS 15 to 18.",
                            SystemColors.Release.allCases.map(\.rawValue),
                            default: SystemColors.Release.current.rawValue)
                    ),
                ], required: ["width", "height"])
        ),
        (
            "output",
            Schema.object(
                "Settings of the encoded file.",
                [
                    (
                        "loop",
                        Schema.number("GIF loop count: 0 = forever, n = play n times.", FormatRanges.loop, default: 0)
                    )
                ])
        ),
        (
            "color",
            Schema.anyOf(
                "A color: #RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(r, g, b) with 0…255, "
                    + "rgba(r, g, b, a) with alpha 0…1, a CSS named color or \"transparent\" (listed in lowercase; kinetype "
                    + "accepts names in any case), an Apple system color system.<name> (light or dark value by "
                    + "canvas.colorScheme), or {\"light\": color, \"dark\": color}.",
                [
                    .object([
                        ("type", .string("string")),
                        ("pattern", .string("^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$")),
                    ]),
                    .object([("type", .string("string")), ("pattern", .string("^[Rr][Gg][Bb][Aa]?\\(.*\\)$"))]),
                    .object([
                        ("enum", .array((["transparent"] + CSSColorNames.table.keys.sorted()).map(SchemaNode.string)))
                    ]),
                    .object([("enum", .array(SystemColors.names.map(SchemaNode.string)))]),
                    Schema.ref("placeholder"),
                    Schema.ref("appearanceColor"),
                ])
        ),
        (
            "appearanceColor",
            Schema.object(
                "A color for each appearance, like a SwiftUI asset color with a dark variant; both are required.",
                [
                    ("light", Schema.ref("singleColor", "The color in light appearance.")),
                    ("dark", Schema.ref("singleColor", "The color in dark appearance.")),
                ], required: ["light", "dark"])
        ),
        (
            "singleColor",
            .object([
                ("description", .string("One side of a light/dark color: a color string (not another pair).")),
                ("type", .string("string")),
            ])
        ),
        (
            "fill",
            Schema.anyOf(
                "A flat color, a linear gradient, or {\"light\": fill, \"dark\": fill}.",
                [Schema.ref("color"), Schema.ref("gradient"), Schema.ref("appearanceFill")])
        ),
        (
            "appearanceFill",
            Schema.object(
                "A fill for each appearance; each side is a color string or a gradient; both are required.",
                [
                    (
                        "light",
                        Schema.anyOf(
                            "The fill in light appearance.",
                            [.object([("type", .string("string"))]), Schema.ref("gradient")])
                    ),
                    (
                        "dark",
                        Schema.anyOf(
                            "The fill in dark appearance.",
                            [.object([("type", .string("string"))]), Schema.ref("gradient")])
                    ),
                ], required: ["light", "dark"])
        ),
        (
            "gradient",
            Schema.object(
                "A gradient fill.",
                [
                    ("linear", Schema.ref("linearGradient"))
                ], required: ["linear"])
        ),
        (
            "linearGradient",
            Schema.object(
                "A linear gradient between two colors.",
                [
                    ("from", Schema.ref("color", "The start color.")),
                    ("to", Schema.ref("color", "The end color.")),
                    (
                        "angle",
                        Schema.number(
                            "Degrees: 0 = left to right, 90 = top to bottom.", FormatRanges.gradientAngle, default: 90)
                    ),
                    (
                        "mirrorsInRightToLeft",
                        Schema.boolean(
                            "In a right-to-left layout, draw the mirror image (angle 180 − angle); "
                                + "by default the angle is kept.", default: false)
                    ),
                ], required: ["from", "to"])
        ),

        (
            "layer",
            .object([
                ("description", .string("A layer; its type decides which keys it allows.")),
                ("oneOf", .array(LayerType.allCases.map { Schema.ref($0.schemaDefinition) })),
            ])
        ),
        (
            "frame",
            Schema.object(
                "The box the layer occupies, in points; omitted width/height fit the content.",
                [
                    ("x", Schema.number("Left edge.", FormatRanges.framePosition, default: 0)),
                    ("y", Schema.number("Top edge.", FormatRanges.framePosition, default: 0)),
                    ("width", Schema.number("Width; omitted = fit content.", FormatRanges.frameSize)),
                    ("height", Schema.number("Height; omitted = fit content.", FormatRanges.frameSize)),
                ])
        ),
        (
            "paddingSides",
            Schema.object(
                "Padding per side, in points.",
                FormatKeys.padding.map { side in
                    (side, Schema.number("Padding at the \(side) edge.", FormatRanges.padding, default: 0))
                })
        ),
        (
            "border",
            Schema.object(
                "A stroke around the frame.",
                [
                    ("color", Schema.ref("color", "The stroke color.")),
                    ("width", Schema.number("Stroke width in points.", FormatRanges.borderWidth, default: 1)),
                ], required: ["color"])
        ),
        (
            "offset",
            Schema.object(
                "A displacement in points.",
                [
                    ("x", Schema.number("Horizontal displacement.", FormatRanges.offset, default: 0)),
                    ("y", Schema.number("Vertical displacement.", FormatRanges.offset, default: 0)),
                ])
        ),
        (
            "font",
            Schema.object(
                "A font request.",
                [
                    (
                        "family",
                        Schema.anyOf(
                            "A family name (fontconfig), e.g. \"Inter\", or a list whose first installed family "
                                + "wins, e.g. [\"Baskerville\", \"Libre Baskerville\", \"serif\"]. A generic family "
                                + "(serif, sans-serif, monospace, rounded) is always available and may only come last.",
                            [
                                Schema.string("A family name or a generic family.", nonEmpty: true),
                                Schema.array(
                                    "Families in order of preference.",
                                    of: Schema.string("A family name or a generic family.", nonEmpty: true),
                                    minItems: 1),
                            ], default: .string(FontSpec.defaultFamily))
                    ),
                    (
                        "file",
                        Schema.string(
                            "A font file relative to the scene; takes precedence over family.", nonEmpty: true)
                    ),
                    (
                        "size",
                        Schema.number(
                            "Size in points; defaults to the style's size, else 17.", FormatRanges.fontSize,
                            default: FontSpec.defaultSize)
                    ),
                    (
                        "style",
                        Schema.names(
                            "A SwiftUI text style: largeTitle 34, title 28, title2 22, title3 20, headline 17 "
                                + "semibold, body 17, callout 16, subheadline 15, footnote 13, caption 12, caption2 11.",
                            TextStyle.allCases.map(\.rawValue))
                    ),
                    (
                        "weight",
                        Schema.ref(
                            "fontWeight", "The weight; defaults to the style's weight, else regular.",
                            default: .string("regular"))
                    ),
                    ("italic", Schema.boolean("Italic.", default: false)),
                    (
                        "design",
                        Schema.names("A generic family.", FontDesign.allCases.map(\.rawValue), default: "default")
                    ),
                ])
        ),
        (
            "fontWeight",
            Schema.anyOf(
                "A weight name or a number from 1 to 1000 (400 regular, 700 bold).",
                [
                    .object([("enum", .array(FontWeight.named.map { SchemaNode.string($0.name) }))]),
                    .object(Schema.bounds(FormatRanges.fontWeight)),
                    Schema.ref("placeholder"),
                ])
        ),
        (
            "span",
            Schema.object(
                "A styled run; unset properties inherit from the layer.",
                [
                    ("text", Schema.string("The run's text.")),
                    ("color", Schema.ref("color", "The run's color.")),
                    ("weight", Schema.ref("fontWeight", "The run's weight.")),
                    ("italic", Schema.boolean("Italic.")),
                    ("underline", Schema.boolean("Underlined.", default: false)),
                    ("strikethrough", Schema.boolean("Struck through.", default: false)),
                    ("font", Schema.ref("font", "The run's font.")),
                ], required: ["text"])
        ),
        (
            "shadow",
            Schema.object(
                "A drop shadow under the text.",
                [
                    ("color", Schema.ref("color", "The shadow color.", default: .string("rgba(0, 0, 0, 0.33)"))),
                    ("radius", Schema.number("Blur radius in points.", FormatRanges.shadowRadius, default: 0)),
                    ("x", Schema.number("Horizontal offset.", FormatRanges.shadowOffset, default: 0)),
                    ("y", Schema.number("Vertical offset.", FormatRanges.shadowOffset, default: 0)),
                ])
        ),

        (
            "animation",
            .object([
                ("description", .string("An animation; its type decides which keys it allows.")),
                ("oneOf", .array(AnimationType.allCases.map { Schema.ref($0.schemaDefinition) })),
            ])
        ),
        (
            "keySound",
            Schema.object(
                "A typewriter's key sound: a preset or a WAV file.",
                [
                    (
                        "preset",
                        Schema.names(
                            "Built-in sounds, synthesized.", KeySound.Preset.allCases.map(\.rawValue),
                            default: "keyboard")
                    ),
                    ("file", Schema.string("A WAV file path relative to the scene.", nonEmpty: true)),
                    ("volume", Schema.number("Level, 0…1.", FormatRanges.soundVolume, default: 1)),
                ],
                extra: [Schema.exclusive([["preset", "file"]])])
        ),
        (
            "cursor",
            Schema.object(
                "A typewriter cursor.",
                [
                    (
                        "shape",
                        Schema.names("The cursor's shape.", CursorShape.allCases.map(\.rawValue), default: "bar")
                    ),
                    ("color", Schema.ref("color", "The cursor color; default: the text color.")),
                    (
                        "width",
                        Schema.number("Width in points; default depends on the shape.", FormatRanges.cursorWidth)
                    ),
                    (
                        "blink",
                        Schema.number("Seconds per blink period; 0 = steady.", FormatRanges.cursorTime, default: 1)
                    ),
                    (
                        "hideWhenDone",
                        Schema.anyOf(
                            "Seconds after typing ends when the cursor disappears; true = at once, "
                                + "false = it stays.",
                            [
                                .object(Schema.bounds(FormatRanges.cursorTime)),
                                .object([("type", .string("boolean"))]),
                            ])
                    ),
                ])
        ),
        (
            "scriptStep",
            Schema.object(
                "One script step, with exactly one key.",
                [
                    ("type", Schema.string("Text to type.")),
                    ("pause", Schema.number("Seconds to wait.", FormatRanges.pause)),
                    ("delete", Schema.number("Units to delete backwards.", FormatRanges.scriptDelete)),
                    (
                        "deleteAll",
                        .object([("const", .bool(true)), ("description", .string("Deletes all typed text."))])
                    ),
                ], extra: [("minProperties", .number(1)), ("maxProperties", .number(1))])
        ),
        (
            "keyframe",
            Schema.object(
                "A value at a time.",
                [
                    (
                        "time",
                        Schema.number(
                            "Seconds from the animation's start; greater than the previous keyframe's.",
                            FormatRanges.keyframeTime)
                    ),
                    ("value", Schema.ref("animatableValue", "The value at this time.")),
                    (
                        "easing",
                        Schema.ref(
                            "easing", "Shapes the segment that ends at this keyframe.", default: .string("easeInOut"))
                    ),
                ], required: ["time", "value"])
        ),
        (
            "property",
            Schema.names(
                "The animated property; font.size, font.weight, color and letterSpacing need a text layer.",
                AnimatableProperty.allCases.map(\.rawValue))
        ),
        (
            "animatableValue",
            Schema.anyOf(
                "A color for color and background; a number otherwise (each within the range of the property's key, e.g. "
                    + "font.size > 0 and ≤ 2000, font.weight 1…1000 or a weight name, opacity 0…1).",
                [
                    .object([("type", .string("number"))]), Schema.ref("color"), Schema.ref("fontWeight"),
                ])
        ),
        (
            "easing",
            Schema.anyOf(
                "An easing curve: easeIn = cubic-bezier(0.42, 0, 1, 1), easeOut = (0, 0, 0.58, 1), "
                    + "easeInOut = (0.42, 0, 0.58, 1); hold keeps the start value until the end; jump changes to "
                    + "the end value at the start (a change at once; it lasts no time unless a duration is given).",
                [
                    .object([("enum", .array(FormatKeys.easingNames.map(SchemaNode.string)))]),
                    Schema.ref("easingFunction"), Schema.ref("placeholder"),
                ])
        ),
        (
            "easingFunction",
            Schema.object(
                "A parametric easing, with exactly one key.",
                [
                    (
                        "cubicBezier",
                        .object([
                            ("type", .string("array")),
                            ("description", .string("[x1, y1, x2, y2], a CSS cubic Bézier; x1 and x2 in 0…1.")),
                            (
                                "prefixItems",
                                .array([
                                    .object(Schema.bounds(FormatRanges.bezierX)),
                                    .object(Schema.bounds(FormatRanges.bezierY)),
                                    .object(Schema.bounds(FormatRanges.bezierX)),
                                    .object(Schema.bounds(FormatRanges.bezierY)),
                                ])
                            ),
                            ("minItems", .number(4)), ("maxItems", .number(4)),
                        ])
                    ),
                    ("spring", Schema.ref("spring")),
                    ("steps", Schema.number("Jumps in n equal steps.", FormatRanges.steps)),
                ], extra: [("minProperties", .number(1)), ("maxProperties", .number(1))])
        ),
        (
            "spring",
            Schema.object(
                "SwiftUI's spring; the duration defaults to its settle time.",
                [
                    (
                        "response",
                        Schema.number("Seconds for one oscillation.", FormatRanges.springResponse, default: 0.5)
                    ),
                    (
                        "dampingFraction",
                        Schema.number(
                            "0 = no damping, 1 = critically damped.", FormatRanges.springDamping, default: 0.825)
                    ),
                ])
        ),
    ]

    /// `1…8192`: the canvas size in pixels.
    private static let canvasPixels = "1…" + JSONText.number(FormatRanges.canvasSize.maximum)

    private static let delayNeedsAfter: (String, SchemaNode) =
        ("dependentRequired", .object([("delay", .array([.string("after")]))]))

    private static func layerProperties(type: LayerType) -> [(String, SchemaNode)] {
        [
            (
                "id",
                Schema.string("A unique name; animations of other layers refer to it with \"after\".", nonEmpty: true)
            ),
            ("type", .object([("const", .string(type.rawValue)), ("description", .string("The layer type."))])),
            ("frame", Schema.ref("frame")),
            (
                "alignment",
                Schema.names(
                    "Where content sits inside the frame; leading/trailing follow the text direction.",
                    Alignment.allCases.map(\.rawValue), default: "topLeading")
            ),
            (
                "padding",
                Schema.anyOf(
                    "Points on every side, or per side.",
                    [
                        .object(Schema.bounds(FormatRanges.padding)), Schema.ref("paddingSides"),
                    ], default: .number(0))
            ),
            ("background", Schema.ref("fill", "The frame's fill.")),
            ("cornerRadius", Schema.number("Corner radius in points.", FormatRanges.cornerRadius, default: 0)),
            ("border", Schema.ref("border")),
            ("opacity", Schema.number("Opacity, animatable.", FormatRanges.opacity, default: 1)),
            ("offset", Schema.ref("offset")),
            ("scale", Schema.number("Scale factor, animatable; 0 draws nothing.", FormatRanges.layerScale, default: 1)),
            ("rotation", Schema.number("Degrees clockwise, animatable.", FormatRanges.rotation, default: 0)),
            (
                "animations",
                Schema.array(
                    "The layer's animations.", of: Schema.ref("animation"), maxItems: ContentLimits.animations.maximum,
                    default: .array([]))
            ),
        ]
    }

    private static let textProperties: [(String, SchemaNode)] = [
        ("text", Schema.string("The string; \\n breaks lines.")),
        (
            "spans",
            Schema.array(
                "Styled runs, concatenated (instead of text).", of: Schema.ref("span"), minItems: 1,
                maxItems: ContentLimits.spans.maximum)
        ),
        ("font", Schema.ref("font")),
        ("color", Schema.ref("color", "The text color.", default: .string("#000000"))),
        (
            "textAlignment",
            Schema.names(
                "Alignment of multi-line text.", TextAlignment.allCases.map(\.rawValue),
                default: "leading")
        ),
        (
            "lineLimit",
            Schema.anyOf(
                "Maximum lines; null = unlimited.",
                [
                    .object(Schema.bounds(FormatRanges.lineLimit)), .object([("type", .string("null"))]),
                ], default: .null)
        ),
        (
            "truncation",
            Schema.names(
                "Where text is cut when it exceeds lineLimit or the frame.",
                Truncation.allCases.map(\.rawValue), default: "tail")
        ),
        ("lineSpacing", Schema.number("Extra points between lines.", FormatRanges.lineSpacing, default: 0)),
        (
            "letterSpacing",
            Schema.number("Extra points between characters, animatable.", FormatRanges.letterSpacing, default: 0)
        ),
        ("wrap", Schema.names("Where lines may break.", WrapMode.allCases.map(\.rawValue), default: "wordChar")),
        ("shadow", Schema.ref("shadow")),
    ]

    private static func animationProperties(type: AnimationType) -> [(String, SchemaNode)] {
        [
            ("type", .object([("const", .string(type.rawValue)), ("description", .string("The animation type."))])),
            ("start", Schema.number("Seconds from the scene start.", FormatRanges.start, default: 0)),
            (
                "after",
                Schema.string("Starts when every animation of the layer with this id has ended.", nonEmpty: true)
            ),
            (
                "delay",
                Schema.number("Seconds after the end of the layer named by after.", FormatRanges.start, default: 0)
            ),
        ]
    }

    /// The definition of a layer type: every layer's keys and its own.
    private static func layerDefinition(_ type: LayerType) -> SchemaNode {
        switch type {
        case .text:
            Schema.object(
                type.summary, layerProperties(type: type) + textProperties, required: ["type"],
                extra: [Schema.exclusive([["text", "spans"]])])
        case .rect: Schema.object(type.summary, layerProperties(type: type), required: ["type"])
        case .image:
            Schema.object(type.summary, layerProperties(type: type) + imageProperties, required: ["type", "src"])
        }
    }

    /// The definition of an animation type: every animation's keys and its own.
    private static func animationDefinition(_ type: AnimationType) -> SchemaNode {
        let common = animationProperties(type: type)
        switch type {
        case .typewriter:
            return Schema.object(
                type.summary, common + typewriterProperties, required: ["type"],
                extra: [
                    Schema.exclusive([["start", "after"], DecodingContext.pacingKeys]),
                    delayNeedsAfter,
                ])
        case .animate:
            return Schema.object(
                type.summary, common + animateProperties, required: ["type", "property", "to"],
                extra: [Schema.exclusive([["start", "after"]]), delayNeedsAfter])
        case .keyframes:
            return Schema.object(
                type.summary, common + keyframesProperties, required: ["type", "property", "keyframes"],
                extra: [Schema.exclusive([["start", "after"]]), delayNeedsAfter])
        }
    }

    private static let imageProperties: [(String, SchemaNode)] = [
        ("src", Schema.string("A PNG path relative to the scene.", nonEmpty: true)),
        ("fit", Schema.names("How the image fills the frame.", ImageFit.allCases.map(\.rawValue), default: "contain")),
        (
            "flipsForRightToLeftLayoutDirection",
            Schema.boolean(
                "In a right-to-left layout, flip the picture's pixels horizontally (for directional "
                    + "pictures such as arrows); by default only its frame mirrors.", default: false)
        ),
    ]

    private static let typewriterProperties: [(String, SchemaNode)] = [
        ("interval", Schema.number("Seconds per unit.", FormatRanges.typewriterInterval, default: 0.06)),
        ("speed", Schema.number("Units per second (instead of interval).", FormatRanges.typewriterSpeed)),
        (
            "duration",
            Schema.number(
                "Total seconds for the whole text (instead of interval).", FormatRanges.animationDuration)
        ),
        (
            "intervalRange",
            .object([
                ("type", .string("array")),
                (
                    "description",
                    .string(
                        "[min, max]: each unit's interval drawn from this range (human typing), "
                            + "instead of interval; 0 ≤ min ≤ max.")
                ),
                ("items", .object(Schema.bounds(FormatRanges.intervalRange))),
                ("minItems", .number(2)), ("maxItems", .number(2)),
            ])
        ),
        (
            "seed",
            Schema.number(
                "Seed for intervalRange; same seed, same timing. Default: derived from the text.",
                FormatRanges.seed)
        ),
        (
            "pauses",
            .object([
                ("type", .string("object")),
                (
                    "description",
                    .string("Extra seconds after given characters; each key is one character.")
                ),
                ("additionalProperties", .object(Schema.bounds(FormatRanges.pause))),
                ("propertyNames", .object([("minLength", .number(1))])),
                ("default", .object([])),
            ])
        ),
        (
            "unit",
            Schema.names(
                "What is revealed at a time: a grapheme cluster, a word or a line.",
                TypewriterUnit.allCases.map(\.rawValue), default: "character")
        ),
        (
            "fadeIn",
            Schema.number(
                "Seconds each unit takes to appear; 0 = hard reveal.", FormatRanges.fadeIn, default: 0)
        ),
        (
            "mode",
            Schema.names(
                "stable: final layout, revealed in place; flow: only the typed prefix is laid out.",
                TypewriterMode.allCases.map(\.rawValue), default: "stable")
        ),
        (
            "cursor",
            Schema.anyOf(
                "false, or a cursor; it does not blink while typing.",
                [
                    .object([("const", .bool(false))]), Schema.ref("cursor"),
                ], default: .bool(false))
        ),
        (
            "sound",
            Schema.anyOf(
                "The sound of every key press in video outputs: true = the keyboard preset.",
                [.object([("type", .string("boolean"))]), Schema.ref("keySound")], default: .bool(false))
        ),
        (
            "script",
            Schema.array(
                "Steps typed instead of the layer's text.", of: Schema.ref("scriptStep"), minItems: 1,
                maxItems: ContentLimits.scriptSteps.maximum)
        ),
    ]

    private static let animateProperties: [(String, SchemaNode)] = [
        ("property", Schema.ref("property")),
        (
            "from",
            Schema.ref("animatableValue", "The start value; default: the property's value at that moment.")
        ),
        ("to", Schema.ref("animatableValue", "The end value.")),
        (
            "duration",
            Schema.number(
                "Seconds; 0 changes the value at once, at the start; default: a spring's settle time, "
                    + "none for jump, else 0.35.", FormatRanges.animationDuration)
        ),
        ("easing", Schema.ref("easing", "The curve.", default: .string("easeInOut"))),
        ("repeat", Schema.number("How many times it plays.", FormatRanges.repeatCount, default: 1)),
        ("autoreverse", Schema.boolean("Whether every second play runs backwards.", default: false)),
    ]

    private static let keyframesProperties: [(String, SchemaNode)] = [
        ("property", Schema.ref("property")),
        (
            "keyframes",
            Schema.array(
                "Keyframes with increasing times.", of: Schema.ref("keyframe"), minItems: 1,
                maxItems: ContentLimits.keyframes.maximum)
        ),
    ]
}
