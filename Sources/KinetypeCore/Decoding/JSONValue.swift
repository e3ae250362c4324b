/// A parsed JSON document that remembers where every value and key stands in its file.
///
/// Object members keep their order; duplicate keys are rejected by `JSONParser`.
public struct JSONValue: Equatable, Sendable {
    public indirect enum Kind: Equatable, Sendable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    public var kind: Kind
    /// Where the value starts (its first character).
    public var position: SourcePosition

    public init(_ kind: Kind, position: SourcePosition) {
        self.kind = kind
        self.position = position
    }

    /// The JSON type as a user would call it, with an article: "a string", "an object", "null".
    public var typeDescription: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    public var stringValue: String? {
        if case .string(let string) = kind { return string }
        return nil
    }

    public var numberValue: Double? {
        if case .number(let number) = kind { return number.value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let bool) = kind { return bool }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let items) = kind { return items }
        return nil
    }

    public var objectMembers: [JSONMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// The value of `key` when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        objectMembers?.first(where: { $0.key == key })?.value
    }
}

/// A JSON number: its finite value and the literal as written (for exact integers).
public struct JSONNumber: Equatable, Sendable {
    public var value: Double
    public var literal: String
    public init(value: Double, literal: String) {
        self.value = value
        self.literal = literal
    }

    /// The number as an `Int` when it is a whole number that fits.
    public var intValue: Int? {
        if let exact = Int(literal) { return exact }
        guard value.rounded() == value, abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }

    /// The number as a `UInt64` when it is a whole number from 0 that fits.
    public var uint64Value: UInt64? {
        if let exact = UInt64(literal) { return exact }
        guard value.rounded() == value, value >= 0, value < 18_446_744_073_709_551_616.0 else { return nil }
        return UInt64(value)
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Equatable, Sendable {
    public var key: String
    public var keyPosition: SourcePosition
    public var value: JSONValue
    public init(key: String, keyPosition: SourcePosition, value: JSONValue) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}
