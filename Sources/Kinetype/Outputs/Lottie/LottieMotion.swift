import KinetypeCore
import KinetypeEncode

/// A value Lottie can interpolate: its numbers, one per dimension.
protocol LottieInterpolable: Equatable {
    var components: [Double] { get }
}

extension Double: LottieInterpolable {
    var components: [Double] { [self] }
}

extension Point: LottieInterpolable {
    var components: [Double] { [x, y] }
}

/// How a layer's transform properties (opacity, position, scale, rotation) are keyframed.
///
/// Every property is sampled at every frame, so the file is exact at the scene's frames. Between
/// two frames the player interpolates linearly, unless the property jumps there. The rule for a
/// jump: the scene is also evaluated at a quarter, half and three quarters of the way between the
/// two frames; the property jumps when it changes by more than twice the tolerance and each of
/// those values is one of the two frames' values (within a sixteenth of the tolerance, so that
/// the slow start of an ease is not taken for a jump). A `hold`, `jump` or
/// `steps` easing, a keyframe without easing time, or a repeat that restarts does that; an eased
/// or spring motion does not (it passes through values in between; a smaller jump drawn linearly
/// is off by at most the tolerance). Jumps get hold keyframes, so the player shows the previous
/// frame's value until the next frame, as the raster output does.
///
/// The keyframes are the fewest that reproduce every frame's value within `exactness`: a run of
/// frames on one straight line (a `linear` animation, a still stretch) is one linear keyframe.
struct LottieMotion<Value: LottieInterpolable> {
    /// The value at every frame.
    var values: [Value]
    /// The frames the value jumps into from the frame before.
    var jumps: Set<Int>
    /// How far a dropped frame's value may be from the line through the keyframes around it.
    var exactness: Double

    /// Whether the values between two frames (`between`) show a jump from `before` to `after`, for
    /// a property whose values are equivalent within `tolerance`.
    static func isJump(from before: Value, to after: Value, between: [Value], tolerance: Double) -> Bool {
        let a = before.components
        let b = after.components
        let inside = between.map(\.components)
        let same = tolerance / 16
        return a.indices.contains { index in
            abs(b[index] - a[index]) > 2 * tolerance
                && inside.allSatisfy { abs($0[index] - a[index]) <= same || abs($0[index] - b[index]) <= same }
        }
    }

    /// A keyframe: its frame, and whether the value holds from there to the next keyframe.
    struct Key: Equatable {
        var frame: Int
        var holds: Bool
    }

    /// The keyframes, the first at frame 0.
    func keys() -> [Key] {
        let count = values.count
        var keys: [Key] = []
        var start = 0
        while start < count - 1 {
            var end = start + 1
            if jumps.contains(end) || values[end] == values[start] {
                // Held: on through the frames of the same value, to where it changes.
                while end < count, values[end] == values[start] { end += 1 }
                if end < count, !jumps.contains(end), end - 1 > start { end -= 1 }
                keys.append(Key(frame: start, holds: true))
                start = end
                continue
            }
            while end + 1 < count, !jumps.contains(end + 1), isStraight(from: start, to: end + 1) { end += 1 }
            keys.append(Key(frame: start, holds: false))
            start = end
        }
        if start < count { keys.append(Key(frame: start, holds: true)) }
        return keys
    }

    /// Whether every frame between `start` and `end` is on the line between their values.
    private func isStraight(from start: Int, to end: Int) -> Bool {
        let a = values[start].components
        let b = values[end].components
        for frame in start + 1..<end {
            let fraction = Double(frame - start) / Double(end - start)
            let value = values[frame].components
            for index in a.indices where abs(a[index] + (b[index] - a[index]) * fraction - value[index]) > exactness {
                return false
            }
        }
        return true
    }
}

extension LottieExport {
    /// The transform properties that jump between the frame before `frame` and it, by the rule of
    /// `LottieMotion`: the scene is evaluated between the two when a layer's transform changes there.
    func findJumps(into frame: Int, from before: FrameState, to after: FrameState, tracks: inout [LayerTracks]) {
        var between: [FrameState]?
        let tolerance = motionTolerance
        for position in tracks.indices {
            let a = before.layers[position]
            let b = after.layers[position]
            guard a.opacity != b.opacity || a.offset != b.offset || a.scale != b.scale || a.rotation != b.rotation
            else { continue }
            let states =
                between ?? [0.75, 0.5, 0.25].map { timeline.state(atTime: (Double(frame) - $0) / timeline.fps) }
            between = states
            guard states.allSatisfy({ $0.layers.count == tracks.count }) else { continue }
            let inside = states.map { $0.layers[position] }
            let opacity = { (layer: LayerState) in min(max(layer.opacity, 0), 1) }
            if LottieMotion.isJump(
                from: opacity(a), to: opacity(b), between: inside.map(opacity), tolerance: tolerance.opacity)
            {
                tracks[position].opacityJumps.insert(frame)
            }
            if LottieMotion.isJump(
                from: a.offset, to: b.offset, between: inside.map(\.offset), tolerance: tolerance.position)
            {
                tracks[position].positionJumps.insert(frame)
            }
            if LottieMotion.isJump(from: a.scale, to: b.scale, between: inside.map(\.scale), tolerance: tolerance.scale)
            {
                tracks[position].scaleJumps.insert(frame)
            }
            if LottieMotion.isJump(
                from: a.rotation, to: b.rotation, between: inside.map(\.rotation), tolerance: tolerance.rotation)
            {
                tracks[position].rotationJumps.insert(frame)
            }
        }
    }

    /// How far a transform property may be off between two frames: a quarter pixel of the canvas
    /// (for scale and rotation, at the canvas's far edge from the layer's center), 1/255 of opacity.
    var motionTolerance: (opacity: Double, position: Double, scale: Double, rotation: Double) {
        let position = 0.25 / scene.canvas.scale
        let scale = position / max(scene.canvas.width, scene.canvas.height, 1)
        return (1 / 255, position, scale, scale * 180 / .pi)
    }

    /// A transform property: static when it never changes, else the keyframes of `LottieMotion`,
    /// linear (`o` (0, 0), `i` (1, 1)) or hold; the last one has only its time and value.
    func motionKeyframes<Value>(
        _ motion: LottieMotion<Value>, static makeStatic: (Value) -> LottieJSON, animated: (Value) -> [LottieJSON]
    ) -> LottieJSON {
        let first = motion.values[0]
        guard motion.values.contains(where: { $0 != first }) else {
            return .object([("a", .number(0)), ("k", makeStatic(first))])
        }
        let keys = motion.keys()
        let linear: [(String, LottieJSON)] = [
            ("o", .object([("x", .array([.number(0)])), ("y", .array([.number(0)]))])),
            ("i", .object([("x", .array([.number(1)])), ("y", .array([.number(1)]))])),
        ]
        let frames: [LottieJSON] = keys.enumerated().map { position, key in
            let members: [(String, LottieJSON)] = [
                ("t", .number(Double(key.frame))), ("s", .array(animated(motion.values[key.frame]))),
            ]
            if position == keys.count - 1 { return .object(members) }
            return .object(members + (key.holds ? [("h", .number(1))] : linear))
        }
        return .object([("a", .number(1)), ("k", .array(frames))])
    }
}
