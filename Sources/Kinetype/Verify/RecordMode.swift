/// When goldens are written instead of only compared: by `verify`, `assertScene` and kinetype's
/// own golden-image tests alike.
public enum RecordMode: String, CaseIterable, Sendable {
    /// Record frames that have no golden yet; compare the rest (the default outside CI).
    case missing
    /// Record every frame, replacing existing goldens.
    case all
    /// Replace the goldens of frames that fail; record missing ones.
    case failed
    /// Never write goldens: a missing golden is a failure (the default when `CI` is set).
    case never

    /// The mode to use when none is given: `never` when the `CI` environment variable is set, so CI
    /// can never silently accept new goldens; else `KINETYPE_RECORD`, else `missing`.
    public static func fromEnvironment(_ environment: [String: String]) -> RecordMode {
        if let value = environment["CI"], !value.isEmpty, value != "0", value.lowercased() != "false" { return .never }
        return environment["KINETYPE_RECORD"].flatMap(RecordMode.init(rawValue:)) ?? .missing
    }
}

/// What becomes of one frame checked against its golden: the same outcomes, by the same rule
/// (`RecordMode.outcome`), for `verify`, `assertScene` and kinetype's own golden-image tests.
public enum GoldenFrameOutcome: String, Sendable, Codable {
    /// It matches its golden.
    case passed
    /// It differs from its golden, which is kept.
    case failed
    /// It had no golden (or every golden is re-recorded): the render is written as its golden.
    case recorded
    /// It differed, and `failed` mode replaced its golden with the render.
    case updated
    /// It has no golden, and this mode records none.
    case missing
}

extension RecordMode {
    /// The outcome of one frame under this mode, from whether it has a golden and, asked only when
    /// the frame must be compared, whether the render matches it. After `recorded` and `updated`
    /// the render is to be written as the frame's golden.
    public func outcome(hasGolden: Bool, matches: () throws -> Bool) rethrows -> GoldenFrameOutcome {
        if self == .all { return .recorded }
        guard hasGolden else { return self == .never ? .missing : .recorded }
        if try matches() { return .passed }
        return self == .failed ? .updated : .failed
    }
}
