/// A scene compiled for playback: every animation has its start, duration and schedule, so a
/// frame is a pure function of time (`state(atFrame:)`), cheap to compute in any order on any thread.
public struct Timeline: Sendable {
    /// Seconds: `canvas.duration`, or for `"auto"` the end of the last animation plus `hold`
    /// (at least one frame).
    public let duration: Double
    public let fps: Double
    /// Frames `0..<frameCount`; frame n shows the moment n / fps.
    public let frameCount: Int
    /// When every animation runs, for `kinetype info`.
    public let summary: TimelineSummary
    /// Every key press of every typewriter, at its exact time.
    public let keystrokes: KeystrokeSchedule

    let canvas: CanvasState
    let layers: [CompiledLayer]

    /// How far `duration · fps` may exceed a whole number before it counts as one more frame.
    public static let frameTolerance = 1e-9

    /// Compiles the scene. Throws a `Diagnostic` (with the JSON path and its position from
    /// `scene.source`) for an `after` that names no layer or closes a cycle, a typewriter on a
    /// layer without text, a text property animated on a layer without text, or a value of the
    /// wrong kind (a color for a number property or the reverse). `words` finds the words of
    /// word-at-a-time typewriters: white space by default; the loader gives Unicode's boundaries.
    public init(scene: Scene, words: any WordSegmentation = WhitespaceWords()) throws {
        let source = scene.source
        var compiled: [[CompiledAnimation]] = []
        for (layerIndex, layer) in scene.layers.enumerated() {
            var animations: [CompiledAnimation] = []
            for (animationIndex, animation) in layer.animations.enumerated() {
                let path = "layers[\(layerIndex)].animations[\(animationIndex)]"
                animations.append(
                    try CompiledAnimation(animation, of: layer, path: path, source: source, words: words))
            }
            compiled.append(animations)
        }
        let starts = try AnimationStartResolver(
            layers: zip(scene.layers, compiled).map { layer, animations in
                .init(id: layer.id, animations: zip(layer.animations, animations).map { ($0.start, $1.activeDuration) })
            },
            source: source
        ).resolve()

        var compiledLayers: [CompiledLayer] = []
        var layerSummaries: [TimelineSummary.LayerSummary] = []
        var lastEnd = 0.0
        var keystrokes: [Keystroke] = []
        for (layerIndex, layer) in scene.layers.enumerated() {
            var motions: [(property: AnimatableProperty, start: Double, motion: PropertyMotion)] = []
            var typewriters: [ScheduledTypewriter] = []
            var animationSummaries: [TimelineSummary.AnimationSummary] = []
            var layerKeystrokes: [Keystroke] = []
            var hasTypewriter = false
            for (animationIndex, (animation, start)) in zip(compiled[layerIndex], starts[layerIndex]).enumerated() {
                let end = start + animation.activeDuration
                lastEnd = max(lastEnd, end)
                switch animation.kind {
                case .property(let property, let motion):
                    motions.append((property, start, motion))
                    animationSummaries.append(
                        .init(kind: animation.typeName, property: property.rawValue, start: start, end: end))
                case .typewriter(let typewriter, let schedule):
                    hasTypewriter = true
                    layerKeystrokes += KeystrokeSchedule.keystrokes(
                        of: schedule, start: start, layer: layerIndex, animation: animationIndex,
                        sound: typewriter.sound)
                    typewriters.append(
                        ScheduledTypewriter(
                            start: start, schedule: schedule, mode: typewriter.mode,
                            cursor: typewriter.cursor))
                    animationSummaries.append(
                        .init(
                            kind: animation.typeName, property: "typewriter", start: start, end: end,
                            typingFinish: start + schedule.typingEnd,
                            unitCount: schedule.typedUnitCount, units: schedule.units.map(\.text)))
                }
            }
            compiledLayers.append(
                CompiledLayer(
                    index: layerIndex, layer: layer, scene: scene, motions: motions,
                    typewriters: typewriters))
            let layerSchedule = KeystrokeSchedule(keystrokes: layerKeystrokes)
            keystrokes += layerSchedule.keystrokes
            layerSummaries.append(
                .init(
                    index: layerIndex, id: layer.id, type: layer.content.typeName,
                    animations: animationSummaries,
                    keystrokes: hasTypewriter
                        ? layerSchedule.keystrokes.map { .init(time: $0.time, kind: $0.kind) } : nil))
        }
        self.keystrokes = KeystrokeSchedule(keystrokes: keystrokes)

        fps = scene.canvas.fps
        switch scene.canvas.duration {
        case .seconds(let seconds): duration = seconds
        case .auto: duration = max(lastEnd + max(0, scene.canvas.hold), 1 / fps)
        }
        // Saturates instead of trapping; `WorkLimits` refuses counts this large before any work.
        frameCount = max(1, Int(clamping: (duration * fps - Self.frameTolerance).rounded(.up)))
        canvas = CanvasState(
            width: scene.canvas.width, height: scene.canvas.height, scale: scene.canvas.scale,
            background: scene.canvas.background)
        layers = compiledLayers
        summary = TimelineSummary(duration: duration, fps: fps, frameCount: frameCount, layers: layerSummaries)
    }

    /// The moment frame `index` shows, in seconds.
    public func time(ofFrame index: Int) -> Double { Double(index) / fps }

    /// The frame that shows the moment `seconds`: the last one starting at or before it, with a
    /// tolerance for times like 0.1 × 30 that land a hair below a frame boundary. Not clamped to
    /// `0..<frameCount`.
    public func frame(atTime seconds: Double) -> Int {
        Int(clamping: (seconds * fps + Self.frameTolerance).rounded(.down))
    }

    /// Frame `index` (any integer; frames past the end keep evaluating the scene at their time).
    public func state(atFrame index: Int) -> FrameState {
        state(index: index, time: time(ofFrame: index))
    }

    /// The scene at `seconds`; `index` is the frame that shows this moment.
    public func state(atTime seconds: Double) -> FrameState {
        state(index: frame(atTime: seconds), time: seconds)
    }

    private func state(index: Int, time: Double) -> FrameState {
        FrameState(index: index, time: time, canvas: canvas, layers: layers.map { $0.state(at: time) })
    }
}
