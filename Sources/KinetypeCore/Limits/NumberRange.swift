/// The allowed values of one or more numeric keys of the scene format: a lower bound (inclusive
/// or exclusive), an inclusive upper bound, whether the value is a whole number, what the key
/// means and why the bounds are where they are. `FormatRanges` lists every one; the decoder, the
/// schema, the manual and the command-line overrides all read their bounds from there.
public struct NumberRange: Sendable, Equatable {
    /// How a value below the minimum is reported.
    public enum Lower: Sendable, Equatable {
        /// `minimum…maximum`: "must be between 1 and 120".
        case between
        /// `≥ minimum`: "must be 0 or more".
        case atLeast
        /// `> minimum`: "must be greater than 0".
        case above
    }

    /// JSON path patterns, `[]` standing for any index: `layers[].frame.x`.
    public let keys: [String]
    public let minimum: Double
    public let lower: Lower
    public let maximum: Double
    public let wholeNumber: Bool
    /// What the number is, in a few words.
    public let meaning: String
    /// Why the bounds are there.
    public let reason: String
    /// The maximum as written in messages and tables when a Double cannot spell it exactly.
    public let maximumText: String?

    public init(
        _ keys: [String], _ lower: Lower, _ minimum: Double, _ maximum: Double, whole: Bool = false,
        meaning: String, reason: String, maximumText: String? = nil
    ) {
        self.keys = keys
        self.lower = lower
        self.minimum = minimum
        self.maximum = maximum
        self.wholeNumber = whole
        self.meaning = meaning
        self.reason = reason
        self.maximumText = maximumText
    }

    public var minimumIsExclusive: Bool { lower == .above }

    /// Whether `value` is allowed (its wholeness is checked by the decoder).
    public func contains(_ value: Double) -> Bool {
        guard value.isFinite, value <= maximum else { return false }
        return minimumIsExclusive ? value > minimum : value >= minimum
    }

    /// The bounds as `ClosedRange`, for the command-line overrides (inclusive ranges only).
    public var closedRange: ClosedRange<Double> { minimum...maximum }

    /// `1…120`, `> 0 and ≤ 3600`, `whole, 0…65535`.
    public var text: String {
        let high = maximumText ?? JSONText.number(maximum)
        let bounds =
            minimumIsExclusive ? "> \(JSONText.number(minimum)) and ≤ \(high)" : "\(JSONText.number(minimum))…\(high)"
        return wholeNumber ? "whole, " + bounds : bounds
    }

    /// The sentence that explains why `value` is not allowed, or nil when it is.
    public func violation(_ value: Double) -> String? {
        guard !contains(value) else { return nil }
        let found = "found " + JSONText.number(value)
        let low = JSONText.number(minimum)
        let high = maximumText ?? JSONText.number(maximum)
        let tooLow = value.isNaN || (minimumIsExclusive ? value <= minimum : value < minimum)
        guard tooLow else {
            return lower == .between
                ? "must be between \(low) and \(high), \(found)" : "must be at most \(high), \(found)"
        }
        switch lower {
        case .between: return "must be between \(low) and \(high), \(found)"
        case .atLeast: return "must be \(low) or more, \(found)"
        case .above: return "must be greater than \(low), \(found)"
        }
    }
}

extension Sequence where Element == NumberRange {
    /// These ranges as a table of the manual (Markdown): keys, range, meaning and the reason for
    /// the bound, a row each.
    public var markdownTable: String {
        var lines = ["| key | range | meaning | why this bound |", "|---|---|---|---|"]
        for range in self {
            let keys = range.keys.map { "`\($0)`" }.joined(separator: ", ")
            lines.append("| \(keys) | \(range.text) | \(range.meaning) | \(range.reason) |")
        }
        return lines.joined(separator: "\n")
    }
}
