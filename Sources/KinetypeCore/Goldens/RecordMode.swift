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
