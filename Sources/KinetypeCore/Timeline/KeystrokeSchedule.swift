/// What a key press sounds and feels like: the kind of key it is.
public enum KeystrokeKind: String, CaseIterable, Equatable, Sendable, Encodable {
    /// A unit with something other than white space (a letter, a word, a line of text).
    case character
    /// A unit of white space without a line break.
    case space
    /// A unit of white space with a line break.
    case `return`
    /// A press that deletes a unit (`delete`, `deleteAll` of a script).
    case delete

    /// The kind of the key that types `unit`.
    public init(typing unit: String) {
        if unit.isEmpty || !unit.allSatisfy(\.isWhitespace) {
            self = .character
        } else if unit.contains(where: \.isNewline) {
            self = .return
        } else {
            self = .space
        }
    }
}

/// One key press of a typewriter, at its exact time in the scene.
public struct Keystroke: Equatable, Sendable {
    /// Seconds from the scene start (the typewriter's start plus the press's time in its schedule).
    public var time: Double
    public var kind: KeystrokeKind
    /// Index of the layer in the scene's `layers`.
    public var layer: Int
    /// Index of the typewriter in the layer's `animations`.
    public var animation: Int
    /// 0-based position of the press in its typewriter's presses.
    public var press: Int
    /// The typewriter's seed (`TypewriterSchedule.seed`).
    public var seed: UInt64
    /// The typewriter's `sound`; nil = silent.
    public var sound: KeySound?

    public init(
        time: Double, kind: KeystrokeKind, layer: Int, animation: Int, press: Int, seed: UInt64,
        sound: KeySound? = nil
    ) {
        self.sound = sound
        self.time = time
        self.kind = kind
        self.layer = layer
        self.animation = animation
        self.press = press
        self.seed = seed
    }
}

/// Every key press of every typewriter of a scene: the one source of keystroke times for
/// `info --json`, haptics (AHAP) and key sounds. Sorted by time; presses at the same moment keep
/// the scene's order (layer, then animation, then press).
public struct KeystrokeSchedule: Equatable, Sendable {
    public let keystrokes: [Keystroke]

    public init(keystrokes: [Keystroke]) {
        self.keystrokes = keystrokes.enumerated().sorted { left, right in
            left.element.time != right.element.time
                ? left.element.time < right.element.time : left.offset < right.offset
        }.map(\.element)
    }

    /// The presses of a typewriter that starts at `start` (seconds from the scene start), in order.
    static func keystrokes(
        of schedule: TypewriterSchedule, start: Double, layer: Int, animation: Int, sound: KeySound?
    ) -> [Keystroke] {
        zip(schedule.keyPresses, schedule.pressedUnits).enumerated().map { index, pair in
            let (press, unit) = pair
            return Keystroke(
                time: start + press.time, kind: unit.map { KeystrokeKind(typing: $0.text) } ?? .delete,
                layer: layer, animation: animation, press: index, seed: schedule.seed, sound: sound)
        }
    }

    /// Whether any press has a sound.
    public var hasSound: Bool { keystrokes.contains { $0.sound != nil } }

    /// The presses of layer `index`, in time order.
    public func keystrokes(ofLayer index: Int) -> [Keystroke] {
        keystrokes.filter { $0.layer == index }
    }

    /// The presses that happen within a video of `duration` seconds: from its start up to, not
    /// including, its end.
    public func keystrokes(within duration: Double) -> [Keystroke] {
        keystrokes.filter { $0.time >= 0 && $0.time < duration - TypewriterSchedule.timeTolerance }
    }
}
