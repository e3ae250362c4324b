/// How one animation moves one property, independent of when it starts.
public enum PropertyMotion: Equatable, Sendable {
    /// `animate`: from a value (nil = the value at the start) to another, played `repeatCount`
    /// times, every second play backwards when `autoreverse`.
    case tween(
        from: AnimatableValue?, to: AnimatableValue, duration: Double, easing: EasingCurve,
        repeatCount: Int, autoreverse: Bool)
    /// `keyframes`: times relative to the start; each easing shapes the segment ending at its keyframe.
    case keyframes([CompiledKeyframe])

    /// Compiles an `animate` animation.
    public init(_ animation: PropertyAnimation) {
        let easing = EasingCurve(animation.easing)
        let duration = max(0, animation.duration ?? easing.naturalDuration ?? PropertyAnimation.defaultDuration)
        self = .tween(
            from: animation.from, to: animation.to, duration: duration, easing: easing,
            repeatCount: max(1, animation.repeatCount), autoreverse: animation.autoreverse)
    }

    /// Compiles a `keyframes` animation (keyframes sorted by time, ties keep their order).
    public init(_ animation: KeyframeAnimation) {
        let sorted = animation.keyframes.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map {
                CompiledKeyframe(
                    time: max(0, $0.element.time), value: $0.element.value, easing: EasingCurve($0.element.easing))
            }
        self = .keyframes(sorted)
    }

    /// Seconds from the start to the end of the last play or keyframe.
    public var activeDuration: Double {
        switch self {
        case .tween(_, _, let duration, _, let repeatCount, _): return duration * Double(repeatCount)
        case .keyframes(let keyframes): return keyframes.last?.time ?? 0
        }
    }

    /// Whether the value at the start is given by the animation itself (an explicit `from`, or a
    /// keyframe at time 0) rather than taken from the property.
    public var hasExplicitStartValue: Bool {
        switch self {
        case .tween(let from, _, _, _, _, _): return from != nil
        case .keyframes(let keyframes): return keyframes.first.map { $0.time <= 0 } ?? false
        }
    }

    /// The value the property shows before the animation starts: its start value (`from`, or the
    /// keyframe at time 0), else `current`. A jump or a zero duration changes it only at the start.
    public func valueBeforeStart(startingFrom current: AnimatableValue) -> AnimatableValue {
        switch self {
        case .tween(let from, _, _, _, _, _): return from ?? current
        case .keyframes(let keyframes): return keyframes.first.map { $0.time <= 0 ? $0.value : current } ?? current
        }
    }

    /// The value `localTime` seconds after the start, when the property was `current` at the start.
    public func value(atLocalTime localTime: Double, startingFrom current: AnimatableValue) -> AnimatableValue {
        switch self {
        case .tween(let from, let to, let duration, let easing, let repeatCount, let autoreverse):
            let start = from ?? current
            let total = duration * Double(repeatCount)
            if localTime < 0 { return start }
            if localTime >= total || duration <= 0 {
                let endsReversed = autoreverse && repeatCount % 2 == 0
                return endsReversed ? start : to
            }
            if localTime == 0 && !easing.jumpsAtStart { return start }
            let play = min(Int(clamping: localTime / duration), repeatCount - 1)
            let progress = (localTime - Double(play) * duration) / duration
            let fraction = autoreverse && play % 2 == 1 ? easing.value(at: 1 - progress) : easing.value(at: progress)
            return start.interpolated(to: to, fraction: fraction)
        case .keyframes(let keyframes):
            guard let first = keyframes.first else { return current }
            var previous = (time: 0.0, value: first.time <= 0 ? first.value : current)
            for keyframe in keyframes {
                if localTime < keyframe.time {
                    let span = keyframe.time - previous.time
                    let progress = span > 0 ? (localTime - previous.time) / span : 1
                    return previous.value.interpolated(
                        to: keyframe.value, fraction: keyframe.easing.value(at: progress))
                }
                previous = (keyframe.time, keyframe.value)
            }
            return previous.value
        }
    }
}

/// A keyframe with its easing prepared.
public struct CompiledKeyframe: Equatable, Sendable {
    public var time: Double
    public var value: AnimatableValue
    public var easing: EasingCurve
}

/// All animations of one property of one layer, evaluated as a pure function of time.
///
/// Animations never add up: the latest-starting animation that has begun decides the value, and
/// one whose `from` is omitted starts from the value the property had at its start (the base
/// value, or what earlier animations left). Before the first animation starts, the property
/// shows that animation's start value (so `"from": 0` on a delayed fade-in hides the layer until
/// then; with `from` omitted that is simply the base value).
public struct PropertyTrack: Sendable {
    public struct Segment: Sendable {
        public var start: Double
        public var motion: PropertyMotion
        /// The value the property had when this segment started.
        public var startingValue: AnimatableValue
    }

    public let base: AnimatableValue
    /// Sorted by start; ties keep the order of the scene.
    public let segments: [Segment]

    public init(base: AnimatableValue, motions: [(start: Double, motion: PropertyMotion)]) {
        self.base = base
        let ordered = motions.enumerated()
            .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            .map(\.element)
        var segments: [Segment] = []
        for entry in ordered {
            let current = Self.value(at: entry.start, segments: segments, base: base)
            segments.append(Segment(start: entry.start, motion: entry.motion, startingValue: current))
        }
        self.segments = segments
    }

    /// The property's value at `time` seconds from the scene start.
    public func value(at time: Double) -> AnimatableValue { Self.value(at: time, segments: segments, base: base) }

    /// Whether an animation decides the value at `time` (one has started, or the first one
    /// fills backwards with its own start value).
    public func isAnimating(at time: Double) -> Bool {
        guard let first = segments.first else { return false }
        return time >= first.start || first.motion.hasExplicitStartValue
    }

    private static func value(at time: Double, segments: [Segment], base: AnimatableValue) -> AnimatableValue {
        guard let first = segments.first else { return base }
        guard let index = segments.lastIndex(where: { $0.start <= time }) else {
            return first.motion.valueBeforeStart(startingFrom: first.startingValue)
        }
        let segment = segments[index]
        return segment.motion.value(atLocalTime: time - segment.start, startingFrom: segment.startingValue)
    }
}
