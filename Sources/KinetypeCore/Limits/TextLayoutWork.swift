/// How many characters a render lays out, as far as can be known before rendering: each text
/// layer once, and again for every frame in which an animation changes its layout (its font size,
/// weight, letter spacing or color, or a typewriter that lays out only what is typed so far: `flow`
/// mode or a `script`). A typewriter that reveals a laid-out text in place, and opacity, offset,
/// scale or rotation, draw the same layout again and cost nothing here. `WorkLimits` bounds it.
public struct TextLayoutWork: Sendable {
    /// The text layer that lays out the most characters.
    public struct Layer: Sendable {
        /// Index in the scene's `layers`.
        public var layer: Int
        public var characters: Int
        public var layouts: Int
        /// Why the layer is laid out again (`its font.size animates`), or that it is not.
        public var reason: String
    }

    /// Characters laid out over the whole render.
    public private(set) var characters = 0.0
    public private(set) var largest: Layer?

    /// Properties whose animation changes a text's layout on every frame it plays.
    static let relayoutProperties: Set<String> = [
        AnimatableProperty.fontSize.rawValue, AnimatableProperty.fontWeight.rawValue,
        AnimatableProperty.letterSpacing.rawValue, AnimatableProperty.color.rawValue,
    ]

    public init(_ timeline: Timeline, scene: Scene) {
        for (index, layer) in scene.layers.enumerated() {
            guard let text = layer.text else { continue }
            let typed = layer.animations.reduce(0) { total, animation in
                guard case .typewriter(let typewriter) = animation.kind, let script = typewriter.script else {
                    return total
                }
                return total + script.reduce(0) { if case .type(let part) = $1 { $0 + part.count } else { $0 } }
            }
            let count = max(text.text.count, typed)
            var frames = 0
            var reasons: [String] = []
            for (animation, summary) in zip(layer.animations, timeline.summary.layers[index].animations) {
                var end = summary.end
                if case .typewriter(let typewriter) = animation.kind {
                    guard typewriter.mode == .flow || typewriter.script != nil else { continue }
                    end = summary.typingFinish ?? summary.end
                    reasons.append("its typewriter lays out what is typed so far")
                } else {
                    guard Self.relayoutProperties.contains(summary.property) else { continue }
                    reasons.append("its \(summary.property) animates")
                }
                frames += Int(clamping: Int64(((end - summary.start) * timeline.fps).rounded(.up))) + 1
            }
            let layouts = min(1 + frames, timeline.frameCount)
            let work = Double(count) * Double(layouts)
            characters += work
            if work > Double(largest.map { $0.characters * $0.layouts } ?? -1) {
                largest = Layer(
                    layer: index, characters: count, layouts: layouts,
                    reason: reasons.isEmpty ? "once" : reasons.joined(separator: ", "))
            }
        }
    }
}
