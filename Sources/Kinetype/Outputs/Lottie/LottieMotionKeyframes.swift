import KinetypeCore
import KinetypeEncode

extension LottieExport {
    /// A transform property: static when it never changes, else the keyframes of `VectorMotion`:
    /// linear (`o` (0, 0), `i` (1, 1)), a curve's (`o` (x1, y1), `i` (x2, y2)) or hold; the last
    /// one has only its time and value.
    func motionKeyframes<Value>(
        _ motion: VectorMotion<Value>, static makeStatic: (Value) -> LottieJSON, animated: (Value) -> [LottieJSON]
    ) -> LottieJSON {
        let first = motion.values[0]
        guard motion.values.contains(where: { $0 != first }) else {
            return .object([("a", .number(0)), ("k", makeStatic(first))])
        }
        let keys = motion.keys()
        let tangents = { (x1: Double, y1: Double, x2: Double, y2: Double) -> [(String, LottieJSON)] in
            [
                ("o", .object([("x", .array([.number(x1)])), ("y", .array([.number(y1)]))])),
                ("i", .object([("x", .array([.number(x2)])), ("y", .array([.number(y2)]))])),
            ]
        }
        let frames: [LottieJSON] = keys.enumerated().map { position, key in
            let members: [(String, LottieJSON)] = [
                ("t", .number(Double(key.frame))), ("s", .array(animated(motion.values[key.frame]))),
            ]
            if position == keys.count - 1 { return .object(members) }
            if let curve = key.curve { return .object(members + tangents(curve.x1, curve.y1, curve.x2, curve.y2)) }
            return .object(members + (key.holds ? [("h", .number(1))] : tangents(0, 0, 1, 1)))
        }
        return .object([("a", .number(1)), ("k", .array(frames))])
    }
}
