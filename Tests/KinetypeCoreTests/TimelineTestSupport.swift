import Foundation

@testable import KinetypeCore

/// Builds small scenes in Swift (independent of the JSON decoder).
enum TimelineTestSupport {
    static func scene(
        _ layers: [Layer], fps: Double = 30, duration: SceneDuration = .auto, hold: Double = 1,
        source: SourceMap = SourceMap()
    ) -> Scene {
        var canvas = Canvas(width: 400, height: 200)
        canvas.fps = fps
        canvas.duration = duration
        canvas.hold = hold
        return Scene(
            canvas: canvas, layers: layers, baseDirectory: URL(fileURLWithPath: "/scenes/demo"), source: source)
    }

    static func textLayer(_ text: String, id: String? = nil, animations: [Animation] = []) -> Layer {
        var layer = Layer(id: id, content: .text(TextContent(text: text)))
        layer.animations = animations
        return layer
    }

    static func typewriter(_ configure: (inout Typewriter) -> Void = { _ in }) -> Typewriter {
        var typewriter = Typewriter()
        configure(&typewriter)
        return typewriter
    }

    static func timeline(text: String, typewriter: Typewriter, fps: Double = 30) throws -> Timeline {
        try Timeline(scene: scene([textLayer(text, animations: [Animation(kind: .typewriter(typewriter))])], fps: fps))
    }

    static func animate(
        _ property: AnimatableProperty, from: AnimatableValue? = nil, to: AnimatableValue,
        duration: Double? = nil, easing: Easing = .linear, repeatCount: Int = 1,
        autoreverse: Bool = false, start: AnimationStart = .time(0)
    ) -> Animation {
        var animation = PropertyAnimation(property: property, from: from, to: to)
        animation.duration = duration
        animation.easing = easing
        animation.repeatCount = repeatCount
        animation.autoreverse = autoreverse
        return Animation(start: start, kind: .animate(animation))
    }
}

extension FrameState {
    /// The text state of layer `index` (fails loudly when it is not text).
    func text(_ index: Int = 0) -> TextState {
        guard case .text(let text) = layers[index].content else { fatalError("layer \(index) is not text") }
        return text
    }
}
