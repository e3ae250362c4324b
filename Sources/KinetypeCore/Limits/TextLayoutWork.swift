/// How many characters a render lays out, as far as can be known before rendering: each text
/// layer once, and again for every frame in which an animation changes its layout (its font size,
/// weight, letter spacing or color, or a typewriter that lays out only what is typed so far: `flow`
/// mode or a `script`). A typewriter that reveals a laid-out text in place, and opacity, offset,
/// scale or rotation, draw the same layout again and cost nothing here. `WorkLimits` bounds it.
///
/// Characters are counted as Unicode scalars, since shaping costs per scalar (a letter with 31
/// combining marks costs 32). The count is weighted by what each costs, as measured with Pango
/// 1.50: a character of a word longer than `longWord` characters counts 3 times (such a word rarely fits a line, and breaking
/// it inside costs about three times a word that fits), and a frame in which font size, weight or
/// letter spacing animates counts twice (those glyphs are filled as exact outlines).
public struct TextLayoutWork: Sendable {
    /// Words longer than this count 3 times.
    public static let longWord = 30
    /// The text layer that lays out the most characters.
    public struct Layer: Sendable {
        /// Index in the scene's `layers`.
        public var layer: Int
        /// Its characters (Unicode scalars), those of long words counted 3 times.
        public var characters: Int
        /// Its layouts, those that draw exact outlines counted twice.
        public var layouts: Int
        /// Why the layer is laid out again (`its font.size animates`), or that it is not.
        public var reason: String
    }

    /// Characters laid out over the whole render.
    public private(set) var characters = 0.0
    public private(set) var largest: Layer?

    /// Properties whose animation changes a text's layout on every frame it plays, and what one
    /// such frame counts: 2 where the glyphs move and are filled as outlines.
    static let relayoutProperties: [String: Int] = [
        AnimatableProperty.fontSize.rawValue: 2, AnimatableProperty.fontWeight.rawValue: 2,
        AnimatableProperty.letterSpacing.rawValue: 2, AnimatableProperty.color.rawValue: 1,
    ]

    public init(_ timeline: Timeline, scene: Scene) {
        for (index, layer) in scene.layers.enumerated() {
            guard let text = layer.text else { continue }
            let typed = layer.animations.map { animation -> String in
                guard case .typewriter(let typewriter) = animation.kind, let script = typewriter.script else {
                    return ""
                }
                return script.map { if case .type(let part) = $0 { part } else { "" } }.joined()
            }.joined()
            let count = Self.weightedCount(text.text.count >= typed.count ? text.text : typed)
            var frames = 0.0
            var reasons: [String] = []
            for (animation, summary) in zip(layer.animations, timeline.summary.layers[index].animations) {
                var end = summary.end
                var weight = 1.0
                if case .typewriter(let typewriter) = animation.kind {
                    guard typewriter.mode == .flow || typewriter.script != nil else { continue }
                    end = summary.typingFinish ?? summary.end
                    reasons.append("its typewriter lays out what is typed so far")
                } else {
                    guard let cost = Self.relayoutProperties[summary.property] else { continue }
                    weight = Double(cost)
                    reasons.append(
                        cost > 1
                            ? "its \(summary.property) animates, drawn as outlines" : "its \(summary.property) animates"
                    )
                }
                frames += (((end - summary.start) * timeline.fps).rounded(.up) + 1) * weight
            }
            let layouts = Int(min(1 + frames, 2 * Double(timeline.frameCount)))
            let work = Double(count) * Double(layouts)
            characters += work
            if work > largest.map({ Double($0.characters) * Double($0.layouts) }) ?? -1 {
                largest = Layer(
                    layer: index, characters: count, layouts: layouts,
                    reason: reasons.isEmpty ? "once" : reasons.joined(separator: ", "))
            }
        }
    }

    /// `text`'s Unicode scalars (shaping costs per scalar: a letter's combining marks count), those
    /// of words longer than `longWord` characters counted 3 times.
    static func weightedCount(_ text: String) -> Int {
        var count = 0
        var wordCharacters = 0
        var wordScalars = 0
        func endWord() {
            count += wordCharacters > longWord ? 3 * wordScalars : wordScalars
            wordCharacters = 0
            wordScalars = 0
        }
        for character in text {
            if LineBreakOpportunities.breaksAround(character) {
                endWord()
                count += character.unicodeScalars.count
            } else {
                wordCharacters += 1
                wordScalars += character.unicodeScalars.count
            }
        }
        endWord()
        return count
    }
}
