/// One animation of a layer: when it starts and what it does.
public struct Animation: Equatable, Sendable {
    public var start: AnimationStart = .time(0)
    public var kind: AnimationKind
    public init(start: AnimationStart = .time(0), kind: AnimationKind) {
        self.start = start
        self.kind = kind
    }
}

/// `"start": seconds`, or `"after": "layerId"` plus `"delay"`.
public enum AnimationStart: Equatable, Sendable {
    case time(Double)
    /// Starts `delay` seconds after every animation of the layer `layer` has ended.
    case after(layer: String, delay: Double)
}

public enum AnimationKind: Equatable, Sendable {
    case typewriter(Typewriter)
    case animate(PropertyAnimation)
    case keyframes(KeyframeAnimation)

    /// Its type in the scene format.
    public var type: AnimationType {
        switch self {
        case .typewriter: .typewriter
        case .animate: .animate
        case .keyframes: .keyframes
        }
    }

    /// The `type` string of the scene format.
    public var typeName: String { type.rawValue }
}

// MARK: - Typewriter

/// Reveals a text layer unit by unit.
public struct Typewriter: Equatable, Sendable {
    public var pacing: TypewriterPacing = .interval(0.06)
    /// Each unit's interval drawn from this range (human typing), replacing `pacing`'s interval.
    public var intervalRange: ClosedRange<Double>?
    /// Seed for `intervalRange`; nil = derived from the text.
    public var seed: UInt64?
    /// Extra seconds after the given characters (keys are single characters).
    public var pauses: [String: Double] = [:]
    public var unit: TypewriterUnit = .character
    /// Seconds each unit takes to fade in; 0 = hard reveal.
    public var fadeIn: Double = 0
    public var mode: TypewriterMode = .stable
    public var cursor: Cursor?
    /// Steps to type instead of the layer's text.
    public var script: [ScriptStep]?
    /// The sound of every key press in video outputs; nil = silent.
    public var sound: KeySound?

    public init() {}
}

/// `"sound"` of a typewriter: a synthesized preset or a sound file, at a volume.
public struct KeySound: Equatable, Sendable {
    public enum Preset: String, CaseIterable, Equatable, Sendable {
        /// A computer keyboard: a short click with a small resonant body.
        case keyboard
        /// A mechanical typewriter: a heavier thunk, and a bell on return.
        case typewriter
    }

    public enum Source: Equatable, Sendable {
        case preset(Preset)
        /// A WAV file, as written in the scene (relative to the scene's folder).
        case file(String)
    }

    public var source: Source = .preset(.keyboard)
    /// 0…1, the level of every key.
    public var volume: Double = 1

    public init(source: Source = .preset(.keyboard), volume: Double = 1) {
        self.source = source
        self.volume = volume
    }
}

/// How fast a typewriter types: one of three equivalent spellings.
public enum TypewriterPacing: Equatable, Sendable {
    /// Seconds per unit.
    case interval(Double)
    /// Units per second.
    case speed(Double)
    /// Total seconds for the whole text.
    case totalDuration(Double)
}

public enum TypewriterUnit: String, CaseIterable, Equatable, Sendable {
    case character, word, line
}

public enum TypewriterMode: String, CaseIterable, Equatable, Sendable {
    /// The final text is laid out once and units are revealed in place.
    case stable
    /// Only the typed prefix is laid out, as a growing string.
    case flow
}

/// A typewriter's cursor.
public struct Cursor: Equatable, Sendable {
    public var shape: CursorShape = .bar
    /// nil = the text color.
    public var color: Color?
    /// Points; nil = a shape-dependent default.
    public var width: Double?
    /// Seconds per blink period; 0 = steady.
    public var blink: Double = 1.0
    /// Seconds after typing ends when the cursor disappears; nil = it stays.
    public var hideWhenDone: Double?
    public init() {}
}

public enum CursorShape: String, CaseIterable, Equatable, Sendable {
    case bar, block, underline
}

/// One step of a typewriter `script`.
public enum ScriptStep: Equatable, Sendable {
    case type(String)
    case pause(Double)
    /// Delete n units back.
    case delete(Int)
    case deleteAll
}

// MARK: - Property animation

/// `animate`: one property from a value to another.
public struct PropertyAnimation: Equatable, Sendable {
    public var property: AnimatableProperty
    /// nil = the property's value at the moment the animation starts.
    public var from: AnimatableValue?
    public var to: AnimatableValue
    /// Seconds; nil = the easing's natural duration (a spring's settle time) or 0.35 s.
    public var duration: Double?
    public var easing: Easing = .easeInOut
    /// How many times it plays (1 = once).
    public var repeatCount: Int = 1
    /// Whether every second play runs backwards.
    public var autoreverse: Bool = false

    public init(property: AnimatableProperty, from: AnimatableValue? = nil, to: AnimatableValue) {
        self.property = property
        self.from = from
        self.to = to
    }

    /// The duration used when none is given and the easing has no natural one (SwiftUI's default).
    public static let defaultDuration = 0.35
}

/// `keyframes`: a property through a list of values.
public struct KeyframeAnimation: Equatable, Sendable {
    public var property: AnimatableProperty
    /// Sorted by time; times are relative to the animation's start.
    public var keyframes: [Keyframe]
    public init(property: AnimatableProperty, keyframes: [Keyframe]) {
        self.property = property
        self.keyframes = keyframes
    }
}

public struct Keyframe: Equatable, Sendable {
    public var time: Double
    public var value: AnimatableValue
    /// Shapes the segment that ends at this keyframe.
    public var easing: Easing = .easeInOut
    public init(time: Double, value: AnimatableValue, easing: Easing = .easeInOut) {
        self.time = time
        self.value = value
        self.easing = easing
    }
}

public enum AnimatableProperty: String, CaseIterable, Equatable, Sendable {
    case fontSize = "font.size"
    case fontWeight = "font.weight"
    case color
    case opacity
    case offsetX = "offset.x"
    case offsetY = "offset.y"
    case scale
    case rotation
    case letterSpacing
    case background
    case cornerRadius

    /// Whether values of this property are colors (else numbers).
    public var isColor: Bool { self == .color || self == .background }
}

/// A value of an animatable property: a number (font weights as 1…1000) or a color.
public enum AnimatableValue: Equatable, Sendable {
    case number(Double)
    case color(Color)
}

// MARK: - Easing

/// Easing curves of the scene format.
public enum Easing: Equatable, Sendable {
    case linear
    /// A CSS-style cubic Bézier from (0,0) to (1,1) with control points (x1,y1), (x2,y2).
    case cubicBezier(Double, Double, Double, Double)
    /// SwiftUI's spring: response (seconds) and damping fraction.
    case spring(response: Double, dampingFraction: Double)
    case steps(Int)
    /// Keeps the start value until the end, then jumps.
    case hold
    /// Jumps to the end value at the start (CSS `step-start`): a change at once. Without a
    /// `duration` the animation ends where it starts.
    case jump

    public static let easeIn = Easing.cubicBezier(0.42, 0, 1, 1)
    public static let easeOut = Easing.cubicBezier(0, 0, 0.58, 1)
    public static let easeInOut = Easing.cubicBezier(0.42, 0, 0.58, 1)
}
