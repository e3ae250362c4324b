import KinetypeCore
import KinetypeEncode

extension LottieExport {
    /// A transform property: fixed when it never changes, else the keyframes of `VectorMotion`:
    /// linear, a curve's or hold; the last one has only its time and value.
    func motionKeyframes<Input, Value>(_ motion: VectorMotion<Input>, _ value: (Input) -> Value)
        -> LottieProperty<Value>
    {
        let first = motion.values[0]
        guard motion.values.contains(where: { $0 != first }) else { return .fixed(value(first)) }
        let keys = motion.keys()
        return .keyframed(
            keys.enumerated().map { position, key in
                let easing: LottieEasing?
                if position == keys.count - 1 {
                    easing = nil
                } else if let curve = key.curve {
                    easing = .curve(x1: curve.x1, y1: curve.y1, x2: curve.x2, y2: curve.y2)
                } else {
                    easing = key.holds ? .hold : .linear
                }
                return LottieKeyframe(time: Double(key.frame), value: value(motion.values[key.frame]), easing: easing)
            })
    }

    /// A property: fixed when the track never changes, else hold keyframes at the frames it changes.
    func keyframes<Input, Value>(_ track: Track<Input>, _ value: (Input) -> Value) -> LottieProperty<Value> {
        let changes = track.changes
        guard changes.count > 1 else { return .fixed(value(changes[0].value)) }
        return .keyframed(
            changes.map { LottieKeyframe(time: Double($0.frame), value: value($0.value), easing: .hold) })
    }
}
