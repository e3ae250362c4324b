/// A typewriter compiled once: every key press (a unit typed or deleted) with its time, relative
/// to the animation's start. Looking up a moment is a binary search.
///
/// Timing convention (like SwiftUI typewriters driven by a timer): each key press comes one
/// interval after the previous one, so the first unit appears one interval after the start and,
/// at a fixed interval `i`, `floor(t / i)` units show `t` seconds after the start. A pause after a
/// unit delays the next key press; a pause after the very last unit is dropped (nothing follows).
/// Deleting (`delete`, `deleteAll`) removes one unit per key press at the same pace.
public struct TypewriterSchedule: Equatable, Sendable {
    /// A unit that was typed at some point. Units form a persistent stack: `below` is the unit
    /// under it when it was typed, so any past state is reachable from its top unit.
    public struct TypedUnit: Equatable, Sendable {
        public var text: String
        public var below: Int?
        /// Seconds after the start when it was typed.
        public var time: Double
        /// Characters (grapheme clusters) of the typed text up to and including this unit.
        public var characterCount: Int
    }

    /// One key press: afterwards the typed text is the stack whose top is `top` (nil = empty).
    public struct KeyPress: Equatable, Sendable {
        public var time: Double
        public var top: Int?
    }

    public let units: [TypedUnit]
    public let keyPresses: [KeyPress]
    /// The text when every step is done (the layer's text when there is no script).
    public let finalText: String
    public let finalCharacterCount: Int
    /// Seconds from the start to the last key press (when the cursor starts to blink).
    public let typingEnd: Double
    /// Seconds from the start until the animation ends: the last key press plus `fadeIn`, or the
    /// end of a script's trailing pause, whichever is later.
    public let activeDuration: Double
    public let fadeIn: Double
    /// The typewriter's `seed`, or the one derived from its text: what draws `intervalRange`'s
    /// intervals, and what varies its key sounds.
    public let seed: UInt64

    /// Tolerance for comparing key-press times with frame times (n / fps), which are not exact.
    static let timeTolerance = 1e-9

    private enum Action {
        case type(String)
        case delete
        case wait(Double)
    }

    /// Compiles `typewriter` for `text` (ignored when the typewriter has a script); `words` finds
    /// the words of a word-at-a-time typewriter.
    public init(_ typewriter: Typewriter, text: String, words: any WordSegmentation = WhitespaceWords()) {
        let unit = typewriter.unit
        var actions: [Action] = []
        var finalUnits: [String] = []
        var pendingPause = 0.0
        func press(_ action: Action) {
            if pendingPause > 0 { actions.append(.wait(pendingPause)) }
            pendingPause = 0
            actions.append(action)
        }
        let seedText: String
        if let script = typewriter.script {
            for step in script {
                switch step {
                case .type(let string):
                    for piece in unit.split(string, words: words) {
                        press(.type(piece))
                        finalUnits.append(piece)
                        pendingPause = typewriter.pause(after: piece)
                    }
                case .pause(let seconds):
                    actions.append(.wait(max(0, seconds)))
                case .delete(let count):
                    for _ in 0..<min(max(0, count), finalUnits.count) {
                        press(.delete)
                        finalUnits.removeLast()
                    }
                case .deleteAll:
                    for _ in finalUnits {
                        press(.delete)
                    }
                    finalUnits.removeAll()
                }
            }
            seedText = script.compactMap { step -> String? in
                if case .type(let string) = step { return string }
                return nil
            }.joined(separator: "\u{1F}")
        } else {
            for piece in unit.split(text, words: words) {
                press(.type(piece))
                pendingPause = typewriter.pause(after: piece)
            }
            finalUnits = unit.split(text, words: words)
            seedText = text
        }

        let pressCount = actions.reduce(0) { count, action in
            if case .wait = action { return count } else { return count + 1 }
        }
        let waiting = actions.reduce(0.0) { total, action in
            if case .wait(let seconds) = action { return total + seconds } else { return total }
        }
        let seed = typewriter.seed ?? FNV1a.hash(seedText)
        var generator = SplitMix64(seed: seed)
        let fixedInterval: Double
        switch typewriter.pacing {
        case .interval(let seconds): fixedInterval = seconds
        case .speed(let unitsPerSecond): fixedInterval = unitsPerSecond > 0 ? 1 / unitsPerSecond : 0
        case .totalDuration(let seconds):
            fixedInterval = pressCount > 0 ? max(0, seconds - waiting) / Double(pressCount) : 0
        }
        func nextInterval() -> Double {
            if let range = typewriter.intervalRange { return max(0, generator.next(in: range)) }
            return max(0, fixedInterval)
        }

        var units: [TypedUnit] = []
        var lastCharacters: [Character?] = []
        var keyPresses: [KeyPress] = []
        var top: Int?
        var clock = 0.0
        for action in actions {
            switch action {
            case .wait(let seconds):
                clock += seconds
            case .type(let piece):
                clock += nextInterval()
                // Only the boundary can merge grapheme clusters (a combining mark typed alone), so
                // count the piece together with the last character below it.
                let last = top.flatMap { lastCharacters[$0] }
                let boundary = (last.map { String($0) } ?? "") + piece
                let count = (top.map { units[$0].characterCount } ?? 0) + boundary.count - (last == nil ? 0 : 1)
                units.append(TypedUnit(text: piece, below: top, time: clock, characterCount: count))
                lastCharacters.append(boundary.last)
                top = units.count - 1
                keyPresses.append(KeyPress(time: clock, top: top))
            case .delete:
                clock += nextInterval()
                top = top.flatMap { units[$0].below }
                keyPresses.append(KeyPress(time: clock, top: top))
            }
        }
        self.units = units
        self.keyPresses = keyPresses
        self.finalText = finalUnits.joined()
        self.finalCharacterCount = finalText.count
        self.fadeIn = max(0, typewriter.fadeIn)
        self.seed = seed
        self.typingEnd = keyPresses.last?.time ?? 0
        self.activeDuration = max(typingEnd + fadeIn, clock)
    }

    /// Whether nothing is ever deleted, so the typed text is always a prefix of the final text.
    public var isAppendOnly: Bool { keyPresses.count == units.count }

    /// Each key press in order: the unit it types, or nil when it deletes one. A press types when
    /// its top is the next unit of `units` (typing appends one); a delete always moves the top to
    /// a unit below it, which was typed earlier.
    public var pressedUnits: [TypedUnit?] {
        var typed = 0
        return keyPresses.map { press in
            guard press.top == typed else { return nil }
            typed += 1
            return units[typed - 1]
        }
    }

    /// How many units were typed in all (deleted ones included).
    public var typedUnitCount: Int { units.count }

    /// How many key presses have happened `localTime` seconds after the start.
    public func keyPressCount(atLocalTime localTime: Double) -> Int {
        var low = 0
        var high = keyPresses.count
        while low < high {
            let mid = (low + high) / 2
            if keyPresses[mid].time <= localTime + Self.timeTolerance { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The units on screen `localTime` seconds after the start, first to last, each with its
    /// opacity (0…1; below 1 while fading in).
    public func visibleUnits(atLocalTime localTime: Double) -> [(unit: TypedUnit, alpha: Double)] {
        let count = keyPressCount(atLocalTime: localTime)
        guard count > 0 else { return [] }
        var result: [(unit: TypedUnit, alpha: Double)] = []
        var index = keyPresses[count - 1].top
        while let current = index {
            let unit = units[current]
            let elapsed = localTime - unit.time
            let alpha = elapsed + Self.timeTolerance >= fadeIn ? 1 : max(0, elapsed / fadeIn)
            result.append((unit, alpha))
            index = unit.below
        }
        return result.reversed()
    }
}
