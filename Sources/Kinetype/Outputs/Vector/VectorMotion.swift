import KinetypeCore

/// A value a vector format interpolates between keyframes: its numbers, one per dimension.
protocol VectorInterpolable: Equatable {
    var components: [Double] { get }
}

extension Double: VectorInterpolable {
    var components: [Double] { [self] }
}

extension Point: VectorInterpolable {
    var components: [Double] { [x, y] }
}

/// How a layer's transform properties (opacity, position, scale, rotation) are keyframed.
///
/// Lottie (`LottieExport.motionKeyframes`) and SVG (`SVGExport`) both write these keyframes. Every
/// property is sampled at every frame, so the file is exact at the scene's frames. Between two
/// frames the player interpolates linearly, unless the property jumps there. The rule for a
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
/// Where the property starts to move (from frame 0, a still stretch, a jump or the end of a
/// curve), a run of frames that one of `curves` (the scene's cubic-Bézier easings) reproduces
/// within twice `exactness` is one keyframe that follows that curve (Lottie's tangents, CSS's
/// `cubic-bezier()`); a spring, or an ease that starts between frames, stays linear keyframes per frame.
struct VectorMotion<Value: VectorInterpolable> {
    /// The value at every frame.
    var values: [Value]
    /// The frames the value jumps into from the frame before.
    var jumps: Set<Int>
    /// How far a dropped frame's value may be from the line through the keyframes around it.
    var exactness: Double
    /// The easing curves a run of frames may follow.
    var curves: [CubicBezier] = []

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

    /// A keyframe: its frame, whether the value holds from there to the next keyframe, and the
    /// curve it follows there (nil: a straight line).
    struct Key: Equatable {
        var frame: Int
        var holds: Bool
        var curve: CubicBezier?
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
            if keys.last.map({ $0.holds || $0.curve != nil }) ?? true, let span = curveSpan(from: start),
                span.end > end
            {
                keys.append(Key(frame: start, holds: false, curve: span.curve))
                start = span.end
                continue
            }
            keys.append(Key(frame: start, holds: false))
            start = end
        }
        if start < count { keys.append(Key(frame: start, holds: true)) }
        return keys
    }

    /// The longest run from `start` over two frames or more, without a jump, that one of `curves`
    /// reproduces, and that curve.
    private func curveSpan(from start: Int) -> (curve: CubicBezier, end: Int)? {
        var limit = start + 1
        while limit + 1 < values.count, !jumps.contains(limit + 1) { limit += 1 }
        var best: (curve: CubicBezier, end: Int)?
        for curve in curves {
            for end in stride(from: limit, to: max(start + 1, best?.end ?? start + 1), by: -1)
            where fits(curve, from: start, to: end) {
                best = (curve, end)
                break
            }
        }
        return best
    }

    /// Whether every frame between `start` and `end` is where `curve` eases between their values.
    private func fits(_ curve: CubicBezier, from start: Int, to end: Int) -> Bool {
        let a = values[start].components
        let b = values[end].components
        for frame in start + 1..<end {
            let eased = curve.value(at: Double(frame - start) / Double(end - start))
            let value = values[frame].components
            for index in a.indices where abs(a[index] + (b[index] - a[index]) * eased - value[index]) > 2 * exactness {
                return false
            }
        }
        return true
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

extension VectorExport {
    /// The transform properties that jump between the frame before `frame` and it, by the rule of
    /// `VectorMotion`: the scene is evaluated between the two when a layer's transform changes there.
    func findJumps(into frame: Int, from before: FrameState, to after: FrameState, tracks: inout [VectorLayerTracks]) {
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
            if VectorMotion.isJump(
                from: opacity(a), to: opacity(b), between: inside.map(opacity), tolerance: tolerance.opacity)
            {
                tracks[position].opacityJumps.insert(frame)
            }
            if VectorMotion.isJump(
                from: a.offset, to: b.offset, between: inside.map(\.offset), tolerance: tolerance.position)
            {
                tracks[position].positionJumps.insert(frame)
            }
            if VectorMotion.isJump(from: a.scale, to: b.scale, between: inside.map(\.scale), tolerance: tolerance.scale)
            {
                tracks[position].scaleJumps.insert(frame)
            }
            if VectorMotion.isJump(
                from: a.rotation, to: b.rotation, between: inside.map(\.rotation), tolerance: tolerance.rotation)
            {
                tracks[position].rotationJumps.insert(frame)
            }
        }
    }

    /// The cubic Béziers of the scene's animations of a transform property, in scene order.
    var transformCurves: [CubicBezier] {
        let properties: [AnimatableProperty] = [.opacity, .offsetX, .offsetY, .scale, .rotation]
        var curves: [CubicBezier] = []
        for layer in scene.layers {
            for animation in layer.animations {
                // Exhaustive: a new kind of animation must say here whether it moves a transform.
                let easings: [Easing]
                switch animation.kind {
                case .animate(let animate): easings = properties.contains(animate.property) ? [animate.easing] : []
                case .keyframes(let list):
                    easings = properties.contains(list.property) ? list.keyframes.map(\.easing) : []
                case .typewriter: easings = []
                }
                for case .cubicBezier(let x1, let y1, let x2, let y2) in easings {
                    let curve = CubicBezier(x1, y1, x2, y2)
                    if !curves.contains(curve) { curves.append(curve) }
                }
            }
        }
        return curves
    }

    /// How far a transform property may be off between two frames: a quarter pixel of the canvas
    /// (for scale and rotation, at the canvas's far edge from the layer's center), 1/255 of opacity.
    var motionTolerance: (opacity: Double, position: Double, scale: Double, rotation: Double) {
        let position = 0.25 / scene.canvas.scale
        let scale = position / max(scene.canvas.width, scene.canvas.height, 1)
        return (1 / 255, position, scale, scale * 180 / .pi)
    }
}
