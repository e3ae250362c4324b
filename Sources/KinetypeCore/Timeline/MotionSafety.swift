import Foundation

/// The two WCAG success criteria an animation file can fail on its own, checked on the timeline
/// before anything is drawn, as warnings that name the criterion:
///
/// - **2.2.2 Pause, Stop, Hide**: motion that starts by itself and lasts more than 5 seconds needs a
///   way to stop it. A file that plays longer than 5 s and loops forever (`output.loop` 0, the
///   default) has none; one that plays a given number of times ends on its finished text.
/// - **2.3.1 Three Flashes or Below Threshold**: nothing may flash more than 3 times in any one
///   second. A flash is a pair of opposite changes, so a layer or its cursor that turns on or off
///   (its opacity crosses one half) more than 6 times in any second of the frames the file shows is
///   reported: a cursor blinking faster than every third of a second counts.
///
/// Both are warnings, not errors: an app may give its own pause control, and a small cursor is
/// below the criterion's area threshold on a large screen; kinetype cannot know either.
public enum MotionSafety {
    /// The longest motion that needs no way to pause it, in seconds (WCAG 2.2.2).
    public static let pauseAfter = 5.0
    /// The most flashes allowed in any one second (WCAG 2.3.1).
    public static let flashesPerSecond = 3

    /// The warnings of `timeline`, the compiled `scene`; `loops` says whether the file repeats by
    /// `output.loop` (GIF, WebP, APNG, SVG), so 2.2.2 applies.
    public static func warnings(_ timeline: Timeline, scene: Scene, loops: Bool) -> [Diagnostic] {
        var found: [Diagnostic] = []
        if loops, scene.output.loop == 0, timeline.duration > pauseAfter + 1e-9 {
            found.append(
                scene.source.warning(
                    at: "output.loop",
                    "WCAG 2.2.2 (Pause, Stop, Hide): this animation plays "
                        + "\(String(format: "%.2f", timeline.duration)) s and loops forever, and motion longer than "
                        + "5 s that starts by itself needs a way to stop it",
                    hint: "set \"output\": {\"loop\": 1} (or a few plays) so it stops on its finished text, or make "
                        + "it 5 s or shorter; in an app, show the \(CommandLineOption.poster.flag) still under "
                        + "Reduce Motion"
                ))
        }
        for (layer, changes) in flashingLayers(timeline) {
            let path = cursorPath(of: layer, in: scene) ?? "layers[\(layer)]"
            let what = changes.cursor ? "its cursor" : "this layer"
            found.append(
                scene.source.warning(
                    at: path,
                    "WCAG 2.3.1 (Three Flashes or Below Threshold): \(what) turns on or off "
                        + "\(changes.most) times within one second (\(flashes(changes.most)) flashes), and more "
                        + "than \(flashesPerSecond) flashes a second can cause seizures",
                    hint: changes.cursor
                        ? "give the cursor a \"blink\" of 0.4 or more (seconds per period; 1 by default)"
                        : "turn it on and off at most \(flashesPerSecond) times a second"))
        }
        return found
    }

    /// `changes` opposite changes as flashes, a pair each: `3.5`.
    static func flashes(_ changes: Int) -> String {
        changes % 2 == 0 ? String(changes / 2) : "\(changes / 2).5"
    }

    /// The layers (by index) that turn on and off more than twice `flashesPerSecond` times in any
    /// one second of the timeline's frames: the most changes found, and whether it is the cursor.
    static func flashingLayers(_ timeline: Timeline) -> [(Int, (most: Int, cursor: Bool))] {
        let count = timeline.frameCount
        guard count > 2 else { return [] }
        // Each layer's two signals (shown at all, its cursor shown) and the frames where they change.
        var changes: [Int: (layer: [Int], cursor: [Int])] = [:]
        var previous: [Int: (layer: Bool, cursor: Bool)] = [:]
        for frame in 0..<count {
            for layer in timeline.state(atFrame: frame).layers {
                let shown = layer.opacity > 0.5
                var cursor = false
                if case .text(let text) = layer.content { cursor = shown && (text.cursor?.visible ?? false) }
                if let before = previous[layer.index] {
                    if before.layer != shown { changes[layer.index, default: ([], [])].layer.append(frame) }
                    if before.cursor != cursor { changes[layer.index, default: ([], [])].cursor.append(frame) }
                }
                previous[layer.index] = (shown, cursor)
            }
        }
        let limit = 2 * flashesPerSecond
        var flashing: [(Int, (most: Int, cursor: Bool))] = []
        for index in changes.keys.sorted() {
            guard let signals = changes[index] else { continue }
            let layer = mostInOneSecond(signals.layer, timeline: timeline)
            let cursor = mostInOneSecond(signals.cursor, timeline: timeline)
            if cursor > limit {
                flashing.append((index, (cursor, true)))
            } else if layer > limit {
                flashing.append((index, (layer, false)))
            }
        }
        return flashing
    }

    /// The most of `frames` (in order) whose times fall within one second, `[t, t + 1)`.
    static func mostInOneSecond(_ frames: [Int], timeline: Timeline) -> Int {
        var most = 0
        var first = 0
        for last in frames.indices {
            let end = timeline.time(ofFrame: frames[last])
            while timeline.time(ofFrame: frames[first]) <= end - 1 + 1e-9 { first += 1 }
            most = max(most, last - first + 1)
        }
        return most
    }

    /// `layers[i].animations[j].cursor.blink` of the layer's typewriter with a cursor, if any.
    static func cursorPath(of index: Int, in scene: Scene) -> String? {
        guard scene.layers.indices.contains(index) else { return nil }
        for (position, animation) in scene.layers[index].animations.enumerated() {
            if case .typewriter(let typewriter) = animation.kind, typewriter.cursor != nil {
                return "layers[\(index)].animations[\(position)].cursor.blink"
            }
        }
        return nil
    }
}
