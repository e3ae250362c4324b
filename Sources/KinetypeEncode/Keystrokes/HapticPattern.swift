import Foundation
import KinetypeCore

/// An Apple Haptic and Audio Pattern (AHAP, the JSON Core Haptics plays with
/// `CHHapticEngine.playPattern(from:)`): one `HapticTransient` event per keystroke, at its exact
/// time, with the intensity and sharpness of its kind of key (`feel(of:)`).
///
/// The bytes are a pure function of the keystrokes: keys in a fixed order, times rounded to the
/// microsecond as in every report (`ReportNumbers`), no creation date.
public struct HapticPattern: Equatable, Sendable {
    public struct Event: Equatable, Sendable {
        /// Seconds from the start of the animation.
        public var time: Double
        public var intensity: Double
        public var sharpness: Double
    }

    public let events: [Event]
    /// Says what the pattern is, in `Metadata.Description`.
    public let description: String

    /// What a key of each kind feels like: a letter a light crisp tap, a space a softer and duller
    /// one, a return the strongest and dullest (the carriage), a delete a light sharp tick.
    public static func feel(of kind: KeystrokeKind) -> (intensity: Double, sharpness: Double) {
        switch kind {
        case .character: (0.6, 0.7)
        case .space: (0.5, 0.4)
        case .return: (0.9, 0.3)
        case .delete: (0.45, 0.9)
        }
    }

    /// The events of `keystrokes`, which must be in time order (`KeystrokeSchedule`).
    public init(keystrokes: [Keystroke], description: String) {
        events = keystrokes.map { keystroke in
            let feel = Self.feel(of: keystroke.kind)
            return Event(
                time: ReportNumbers.seconds(keystroke.time), intensity: feel.intensity, sharpness: feel.sharpness)
        }
        self.description = description
    }

    /// The AHAP file's bytes: UTF-8 JSON, one event per line.
    public var data: Data {
        var lines = [
            "{",
            "  \"Version\": 1.0,",
            "  \"Metadata\": {\"Project\": \"kinetype\", \"Description\": \(Self.quoted(description))},",
            "  \"Pattern\": [",
        ]
        for (index, event) in events.enumerated() {
            let comma = index == events.count - 1 ? "" : ","
            lines.append(
                "    {\"Event\": {\"Time\": \(event.time), \"EventType\": \"HapticTransient\", \"EventParameters\": ["
                    + "{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": \(event.intensity)}, "
                    + "{\"ParameterID\": \"HapticSharpness\", \"ParameterValue\": \(event.sharpness)}]}}\(comma)")
        }
        lines += ["  ]", "}", ""]
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// A JSON string literal.
    private static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data()
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    /// Writes the pattern to `url` atomically (put in place with `group`'s other outputs when given).
    public func write(to url: URL, group: OutputGroup? = nil) throws {
        try AtomicFile.write(data, to: url, group: group)
    }
}
