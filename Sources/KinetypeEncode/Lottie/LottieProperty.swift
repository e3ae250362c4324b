import KinetypeCore

/// A property of a layer or shape (Lottie's animated property): `a` says whether it is animated,
/// `k` holds its value (`a` 0) or its keyframes (`a` 1).
public enum LottieProperty<Value: LottieAnimatable>: LottieEncodable {
    /// One value for the whole animation.
    case fixed(Value)
    /// Keyframes in time order; the value between two of them follows the first one's easing.
    case keyframed([LottieKeyframe<Value>])

    public func write(to writer: inout LottieWriter) {
        writer.object { writer in
            writer.member("a", isAnimated ? 1 : 0)
            writer.member("k", Content(property: self))
        }
    }

    private var isAnimated: Bool {
        switch self {
        case .fixed: false
        case .keyframed: true
        }
    }

    /// What `k` holds: the value, or the keyframes.
    private struct Content: LottieEncodable {
        var property: LottieProperty

        func write(to writer: inout LottieWriter) {
            switch property {
            case .fixed(let value): value.write(to: &writer)
            case .keyframed(let keyframes): keyframes.write(to: &writer)
            }
        }
    }
}

/// A value a property can take: a number, a vector of numbers (a point, a color, a scale), or a
/// path (`LottieBezier`).
public protocol LottieAnimatable: LottieEncodable {
    /// Writes the value as a keyframe's `s` holds it, which is always an array for numbers.
    func writeKeyframeValue(to writer: inout LottieWriter)
}

extension LottieAnimatable {
    public func writeKeyframeValue(to writer: inout LottieWriter) { write(to: &writer) }
}

extension Double: LottieAnimatable {
    /// A number in a keyframe is an array of one: `[50]`.
    public func writeKeyframeValue(to writer: inout LottieWriter) { writer.array([self]) }
}

extension Array: LottieAnimatable where Element == Double {}

/// A property's value from frame `t` on (`s`, the start value), and how it moves to the next
/// keyframe's.
public struct LottieKeyframe<Value: LottieAnimatable>: LottieEncodable {
    /// The frame the keyframe starts at (`t`).
    public var time: Double
    /// The value at `time` (`s`).
    public var value: Value
    /// How the value goes on to the next keyframe's; nil on the last keyframe, which has none.
    public var easing: LottieEasing?

    public init(time: Double, value: Value, easing: LottieEasing?) {
        self.time = time
        self.value = value
        self.easing = easing
    }

    public func write(to writer: inout LottieWriter) {
        writer.object { writer in
            writer.member("t", time)
            writer.member("s", LottieKeyframeValue(value: value))
            easing?.write(members: &writer)
        }
    }
}

/// A keyframe's `s`: the value as a keyframe holds it (`LottieAnimatable.writeKeyframeValue`).
private struct LottieKeyframeValue<Value: LottieAnimatable>: LottieEncodable {
    var value: Value

    func write(to writer: inout LottieWriter) { value.writeKeyframeValue(to: &writer) }
}

/// How a keyframe's value moves to the next one's.
public enum LottieEasing: Equatable, Sendable {
    /// It stays until the next keyframe (`h` 1).
    case hold
    /// Along a cubic Bézier of time (x) to progress (y), from (0, 0) to (1, 1): `o` is the
    /// control point leaving this keyframe (x1, y1), `i` the one arriving at the next (x2, y2).
    case curve(x1: Double, y1: Double, x2: Double, y2: Double)

    /// Linear: the curve with its control points on the diagonal's ends.
    public static let linear = LottieEasing.curve(x1: 0, y1: 0, x2: 1, y2: 1)

    /// Writes the members of a keyframe that say this easing.
    func write(members writer: inout LottieWriter) {
        switch self {
        case .hold:
            writer.member("h", 1)
        case .curve(let x1, let y1, let x2, let y2):
            writer.member("o", LottieEasingHandle(x: x1, y: y1))
            writer.member("i", LottieEasingHandle(x: x2, y: y2))
        }
    }
}

/// A control point of a keyframe's easing curve, one value per dimension (kinetype gives one for
/// every dimension): `{"x": [x], "y": [y]}`.
private struct LottieEasingHandle: LottieEncodable {
    var x: Double
    var y: Double

    func write(to writer: inout LottieWriter) {
        writer.object { writer in
            writer.member("x", [x])
            writer.member("y", [y])
        }
    }
}
