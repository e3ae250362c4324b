import Foundation

/// Reads a report kinetype wrote (`batch --report`, `verify --report`) back from its bytes, for a
/// merge. Shard reports come from other machines, so a report is read like a scene: parsed by the
/// strict `JSONParser`, decoded through `Decodable` from the parsed values, and every number read
/// checked against the range of its key (`ReportRanges`), so what a merge writes back stays finite.
/// Every problem is a diagnostic at the file, line, column and JSON path (exit 65), never a
/// Foundation error.
public struct ReportDecoder {
    /// The file name shown in messages.
    public let fileName: String
    /// What the file should be, for a message about the whole document: `a kinetype batch report
    /// (written by batch --report)`.
    public let expected: String
    /// The range of every numeric key, by JSON path pattern (`outcomes[].seconds`).
    public let ranges: [NumberRange]

    public init(fileName: String, expected: String, ranges: [NumberRange]) {
        self.fileName = fileName
        self.expected = expected
        self.ranges = ranges
    }

    /// The report in `data`, with its parsed document for positions of later checks.
    /// - Throws: a `DiagnosticList`: a syntax error, a missing key, a value of the wrong type, a
    ///   number outside its range.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> ReportDocument<T> {
        let root = try JSONParser.parse(data, fileName: fileName)
        let document = ReportDocument<Void>(value: (), root: root, fileName: fileName)
        let decoder = JSONValueDecoder(value: root, node: nil, pattern: RangePattern.tree(of: ranges))
        do {
            let value = try T(from: decoder)
            return ReportDocument(value: value, root: root, fileName: fileName)
        } catch let problem as ReportProblem {
            throw document.diagnostic(at: problem.path, problem.message, wholeDocument: expected).fail()
        } catch let error as DecodingError {
            // From `Decodable` code of the types themselves (an enum's unknown raw value).
            let (path, message) = Self.describe(error, in: document)
            throw document.diagnostic(at: path, message, wholeDocument: expected).fail()
        }
    }

    private static func describe(_ error: DecodingError, in document: ReportDocument<Void>) -> (
        [ReportPath], String
    ) {
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(ReportPath.init)
            guard let value = document.value(at: path) else { return (path, "has a value a report does not hold") }
            if let text = value.stringValue { return (path, "unknown value \(JSONText.quoted(text))") }
            return (path, "\(value.typeDescription) is not a value a report holds here")
        case .keyNotFound(let key, let context):
            return (context.codingPath.map(ReportPath.init), "missing required key \(JSONText.quoted(key.stringValue))")
        @unknown default:
            return ([], "is not a report kinetype can read")
        }
    }
}

/// One step of a JSON path into a report: an object's key or an array's index.
public enum ReportPath: Hashable, Sendable {
    case key(String)
    case index(Int)

    init(_ key: CodingKey) {
        if let index = key.intValue { self = .index(index) } else { self = .key(key.stringValue) }
    }

    /// `outcomes[3].seconds`, as messages show a path.
    public static func text(_ path: [ReportPath]) -> String {
        path.reduce("") { text, step in
            switch step {
            case .key(let key): return DecodingPath.member(text, key)
            case .index(let index): return DecodingPath.index(text, index)
            }
        }
    }

    /// `outcomes[].seconds`: the path with every index left out, as `NumberRange.keys` name keys.
    static func pattern(_ path: [ReportPath]) -> String {
        path.reduce("") { text, step in
            switch step {
            case .key(let key): return text.isEmpty ? key : text + "." + key
            case .index: return text + "[]"
            }
        }
    }
}

/// A decoded report and the document it was decoded from, so the checks after decoding (a shard
/// label, an image path) can point at their place in the file too. Keep it only while checking:
/// the document holds every value of the file.
public struct ReportDocument<Value> {
    public let value: Value
    let root: JSONValue
    public let fileName: String

    /// The parsed value at `path`, nil when there is none.
    func value(at path: [ReportPath]) -> JSONValue? {
        var current = root
        for step in path {
            switch step {
            case .key(let key):
                guard let next = current[key] else { return nil }
                current = next
            case .index(let index):
                guard let items = current.arrayValue, items.indices.contains(index) else { return nil }
                current = items[index]
            }
        }
        return current
    }

    /// Where the value at `path` starts in the file, nil when there is none.
    public func position(at path: [ReportPath]) -> SourcePosition? { value(at: path)?.position }

    /// A diagnostic at `path` of this file (at the nearest value that exists, for a missing key).
    /// A problem of the whole document (a missing key, an array instead of an object) says first
    /// what the file should have been (`wholeDocument`).
    public func diagnostic(
        _ severity: DiagnosticSeverity = .error, at path: [ReportPath], _ message: String, hint: String? = nil,
        kind: DiagnosticKind = .invalidScene, wholeDocument expected: String? = nil
    ) -> Diagnostic {
        var found = path
        while value(at: found) == nil, !found.isEmpty { found.removeLast() }
        let sentence = path.isEmpty ? expected.map { "\(fileName) is not \($0): \(message)" } ?? message : message
        return Diagnostic(
            severity, kind: kind, file: fileName, position: value(at: found)?.position, path: ReportPath.text(path),
            message: sentence, hint: hint)
    }
}

/// A problem found while decoding, at its path; `ReportDecoder` turns it into a positioned diagnostic.
struct ReportProblem: Error {
    var path: [ReportPath]
    var message: String
}

/// The key patterns of a report's ranges as a tree (`outcomes` → `[]` → `seconds`), so each value
/// finds its range by one step from its parent's node instead of spelling its whole path.
private final class RangePattern {
    var children: [String: RangePattern] = [:]
    var range: NumberRange?

    /// The step a key takes: `[]` for any index.
    static func step(_ key: CodingKey) -> String { key.intValue == nil ? key.stringValue : "[]" }

    static func tree(of ranges: [NumberRange]) -> RangePattern {
        let root = RangePattern()
        for range in ranges {
            for key in range.keys {
                var node = root
                for part in key.replacingOccurrences(of: "[]", with: ".[]").split(separator: ".") {
                    let next = node.children[String(part)] ?? RangePattern()
                    node.children[String(part)] = next
                    node = next
                }
                if node.range == nil { node.range = range }
            }
        }
        return root
    }
}

/// One step of a decoder's coding path, linked to its parent, so a child decoder costs one small
/// allocation rather than a copy of the whole path.
private final class PathNode {
    let parent: PathNode?
    let key: CodingKey
    init(parent: PathNode?, key: CodingKey) {
        self.parent = parent
        self.key = key
    }
}

/// A `Decoder` over a parsed `JSONValue`: strict about types (a whole number is a whole number),
/// and every number checked against the range of its key.
private struct JSONValueDecoder: Decoder {
    let value: JSONValue
    let node: PathNode?
    /// Where the path stands in the range patterns; nil when no range lies below.
    let pattern: RangePattern?
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var codingPath: [CodingKey] {
        var keys: [CodingKey] = []
        var current = node
        while let step = current {
            keys.append(step.key)
            current = step.parent
        }
        return keys.reversed()
    }

    var path: [ReportPath] { codingPath.map(ReportPath.init) }

    func problem(_ message: String) -> ReportProblem { ReportProblem(path: path, message: message) }

    func wrongType(_ expected: String) -> ReportProblem {
        problem("expected \(expected), found \(value.typeDescription)")
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let members = value.objectMembers else { throw wrongType("an object") }
        return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self, members: members))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard let items = value.arrayValue else { throw wrongType("an array") }
        return UnkeyedContainer(decoder: self, items: items)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { SingleValue(decoder: self) }

    func child(_ value: JSONValue, key: CodingKey) -> JSONValueDecoder {
        JSONValueDecoder(
            value: value, node: PathNode(parent: node, key: key), pattern: pattern?.children[RangePattern.step(key)])
    }

    // MARK: Values

    func decodeNil() -> Bool { value.kind == .null }

    func decodeBool() throws -> Bool {
        guard let bool = value.boolValue else { throw wrongType("true or false") }
        return bool
    }

    func decodeString() throws -> String {
        guard let string = value.stringValue else { throw wrongType("a string") }
        return string
    }

    /// The number, checked against its key's range.
    func decodeNumber(whole: Bool) throws -> Double {
        guard case .number(let number) = value.kind else { throw wrongType(whole ? "a whole number" : "a number") }
        guard let range = pattern?.range else {
            // Every number a report holds has a range; one without is a mistake in ReportRanges.
            assertionFailure("ReportRanges has no range for \(ReportPath.pattern(path))")
            throw problem("is a number where a report holds none")
        }
        if let violation = range.violation(number.value) { throw problem(violation) }
        if whole || range.wholeNumber {
            guard number.intValue != nil else { throw problem("expected a whole number, found \(number.literal)") }
        }
        return number.value
    }

    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let number = try decodeNumber(whole: true)
        guard let exact = T(exactly: number) else { throw problem("must fit a whole number, found \(number)") }
        return exact
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is Double.Type: return try decodeNumber(whole: false) as! T
        case is Float.Type: return Float(try decodeNumber(whole: false)) as! T
        case is Int.Type: return try decodeInteger(Int.self) as! T
        case is Int8.Type: return try decodeInteger(Int8.self) as! T
        case is Int16.Type: return try decodeInteger(Int16.self) as! T
        case is Int32.Type: return try decodeInteger(Int32.self) as! T
        case is Int64.Type: return try decodeInteger(Int64.self) as! T
        case is UInt.Type: return try decodeInteger(UInt.self) as! T
        case is UInt8.Type: return try decodeInteger(UInt8.self) as! T
        case is UInt16.Type: return try decodeInteger(UInt16.self) as! T
        case is UInt32.Type: return try decodeInteger(UInt32.self) as! T
        case is UInt64.Type: return try decodeInteger(UInt64.self) as! T
        case is String.Type: return try decodeString() as! T
        case is Bool.Type: return try decodeBool() as! T
        default: return try T(from: self)
        }
    }
}

private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONValueDecoder
    let members: [JSONMember]

    var codingPath: [CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

    func child(_ key: Key) throws -> JSONValueDecoder {
        guard let member = members.first(where: { $0.key == key.stringValue }) else {
            throw decoder.problem("missing required key \(JSONText.quoted(key.stringValue))")
        }
        return decoder.child(member.value, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> Decoder { try child(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: JSONValueDecoder
    let items: [JSONValue]
    var currentIndex = 0

    var codingPath: [CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func next() throws -> JSONValueDecoder {
        guard !isAtEnd else { throw decoder.problem("has too few items") }
        defer { currentIndex += 1 }
        return decoder.child(items[currentIndex], key: IndexKey(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex].kind == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> Decoder { try next() }
}

private struct SingleValue: SingleValueDecodingContainer {
    let decoder: JSONValueDecoder
    var codingPath: [CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.decodeNil() }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decode(type) }
    func decode(_ type: String.Type) throws -> String { try decoder.decode(type) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decode(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.decode(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decode(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decode(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decode(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decode(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decode(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decode(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decode(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decode(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decode(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decode(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
}
