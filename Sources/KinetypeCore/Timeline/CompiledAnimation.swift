/// One animation compiled independently of when it starts: its schedule or motion and its length.
struct CompiledAnimation: Sendable {
    enum Kind: Sendable {
        case typewriter(Typewriter, TypewriterSchedule)
        case property(AnimatableProperty, PropertyMotion)
    }

    let kind: Kind
    let typeName: String
    /// Seconds from its start to its end.
    let activeDuration: Double

    /// Throws a diagnostic at `path` when the animation does not fit the layer.
    init(
        _ animation: Animation, of layer: Layer, path: String, source: SourceMap,
        words: any WordSegmentation = WhitespaceWords()
    ) throws {
        typeName = animation.kind.typeName
        switch animation.kind {
        case .typewriter(let typewriter):
            guard let text = layer.text else {
                throw source.diagnostic(
                    at: path + ".type",
                    "a typewriter needs a text layer, but this is a \(layer.content.typeName) layer",
                    hint: "move the typewriter to a layer with \"type\": \"text\""
                ).fail()
            }
            let typedText = text.spans.map { $0.map(\.text).joined() } ?? text.text
            let schedule = TypewriterSchedule(typewriter, text: typedText, words: words)
            kind = .typewriter(typewriter, schedule)
            activeDuration = schedule.activeDuration
        case .animate(let animate):
            try Self.check(animate.property, on: layer, path: path + ".property", source: source)
            if let from = animate.from {
                try Self.check(from, for: animate.property, path: path + ".from", source: source)
            }
            try Self.check(animate.to, for: animate.property, path: path + ".to", source: source)
            let motion = PropertyMotion(animate)
            kind = .property(animate.property, motion)
            activeDuration = motion.activeDuration
        case .keyframes(let keyframes):
            try Self.check(keyframes.property, on: layer, path: path + ".property", source: source)
            for (index, keyframe) in keyframes.keyframes.enumerated() {
                try Self.check(
                    keyframe.value, for: keyframes.property, path: path + ".keyframes[\(index)].value",
                    source: source)
            }
            let motion = PropertyMotion(keyframes)
            kind = .property(keyframes.property, motion)
            activeDuration = motion.activeDuration
        }
    }

    /// Text properties need a text layer.
    private static func check(
        _ property: AnimatableProperty, on layer: Layer, path: String,
        source: SourceMap
    ) throws {
        let textOnly: Set<AnimatableProperty> = [.fontSize, .fontWeight, .color, .letterSpacing]
        guard textOnly.contains(property), layer.text == nil else { return }
        throw source.diagnostic(
            at: path,
            "\"\(property.rawValue)\" animates text, but this is a \(layer.content.typeName) layer",
            hint: property == .color
                ? "animate \"background\" to change the fill of a \(layer.content.typeName) layer" : nil
        ).fail()
    }

    private static func check(
        _ value: AnimatableValue, for property: AnimatableProperty, path: String,
        source: SourceMap
    ) throws {
        switch (value, property.isColor) {
        case (.color, false):
            throw source.diagnostic(at: path, "\"\(property.rawValue)\" takes a number, not a color").fail()
        case (.number, true):
            throw source.diagnostic(
                at: path, "\"\(property.rawValue)\" takes a color, not a number",
                hint: "write a color such as \"#FF3B30\" or \"rgba(0,0,0,0.5)\""
            ).fail()
        default:
            return
        }
    }
}
