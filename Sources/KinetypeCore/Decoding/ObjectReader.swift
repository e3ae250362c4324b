/// Reads the members of one JSON object at a known path.
///
/// Creating it reports every key outside the allowed list as unknown, with a "did you mean"
/// suggestion; the typed accessors read a key's value (recording its position) and report a
/// wrong type or an out-of-range value at that key's path.
struct ObjectReader {
    let context: DecodingContext
    let path: String
    let value: JSONValue
    let members: [JSONMember]

    init(
        context: DecodingContext, path: String, value: JSONValue, members: [JSONMember], allowed: [String],
        unknownKeyHint: ((String) -> String?)? = nil
    ) {
        self.context = context
        self.path = path
        self.value = value
        self.members = members
        // A long list (every key of `vars`) is looked up as a set: one pass, not one per key.
        let allowedSet = allowed.count > 16 ? Set(allowed) : nil
        for member in members where !(allowedSet?.contains(member.key) ?? allowed.contains(member.key)) {
            let suggestion = Suggestion.didYouMean(member.key, among: allowed)
            let hint =
                unknownKeyHint?(member.key)
                ?? (suggestion.isEmpty
                    ? "allowed keys here: " + allowed.filter { $0 != "$schema" }.joined(separator: ", ") : nil)
            context.report(
                "unknown key \(JSONText.quoted(member.key))" + suggestion, path: path,
                at: member.keyPosition, hint: hint)
        }
    }

    var position: SourcePosition { value.position }

    func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    func member(_ key: String) -> JSONMember? { members.first { $0.key == key } }

    /// The value of `key`, or nil when it is absent.
    subscript(key: String) -> JSONValue? { member(key)?.value }

    func path(_ key: String) -> String { DecodingPath.member(path, key) }

    /// The value of a required key; a missing key is reported at the object.
    func required(_ key: String, hint: String? = nil) -> JSONValue? {
        if let value = self[key] { return value }
        context.report("missing required key \(JSONText.quoted(key))", path: path, at: value.position, hint: hint)
        return nil
    }

    /// The number at `key`, checked against its range from `FormatRanges`.
    func number(_ key: String, _ range: NumberRange?) -> Double? {
        self[key].flatMap { context.number($0, path: path(key), range) }
    }

    /// The whole number at `key`, checked against its range from `FormatRanges`.
    func integer(_ key: String, _ range: NumberRange?) -> Int? {
        self[key].flatMap { context.integer($0, path: path(key), range) }
    }

    func bool(_ key: String) -> Bool? {
        self[key].flatMap { context.bool($0, path: path(key)) }
    }

    func string(_ key: String, nonEmpty: Bool = false) -> String? {
        self[key].flatMap { context.string($0, path: path(key), nonEmpty: nonEmpty) }
    }

    func enumeration<E: RawRepresentable & CaseIterable>(_ key: String, noun: String) -> E? where E.RawValue == String {
        self[key].flatMap { context.enumeration($0, path: path(key), noun: noun) }
    }

    func array(_ key: String, nonEmpty: Bool = false) -> [JSONValue]? {
        self[key].flatMap { context.array($0, path: path(key), nonEmpty: nonEmpty) }
    }

    func object(_ key: String, allowed: [String]) -> ObjectReader? {
        self[key].flatMap { context.object($0, path: path(key), allowed: allowed) }
    }

    /// Reports that `key` and `other` were both given when only one of them may be.
    /// Returns true when both are present.
    @discardableResult
    func exclusive(_ key: String, _ other: String) -> Bool {
        guard let second = member(other), has(key) else { return false }
        context.report(
            "\(JSONText.quoted(key)) and \(JSONText.quoted(other)) cannot both be given", path: path,
            at: second.keyPosition, hint: "keep one of them")
        return true
    }
}
