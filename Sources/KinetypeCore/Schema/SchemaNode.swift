/// A JSON value with ordered object keys, for writing the schema in a readable order.
enum SchemaNode: Sendable {
    case object([(String, SchemaNode)])
    case array([SchemaNode])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// Pretty-printed JSON, two spaces per level; short arrays of scalars stay on one line.
    func prettyPrinted(indent: String = "") -> String {
        switch self {
        case .string(let text): return JSONText.literal(text)
        case .number(let value): return JSONText.number(value)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy(\.isScalar) {
                let line = "[" + items.map { $0.prettyPrinted() }.joined(separator: ", ") + "]"
                if line.count + indent.count <= 100 { return line }
            }
            let inner = indent + "  "
            return "[\n" + items.map { inner + $0.prettyPrinted(indent: inner) }.joined(separator: ",\n") + "\n"
                + indent + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let inner = indent + "  "
            return "{\n"
                + members.map { key, value in
                    inner + JSONText.literal(key) + ": " + value.prettyPrinted(indent: inner)
                }.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .object, .array: return false
        case .string, .number, .bool, .null: return true
        }
    }
}

/// Builders for schema nodes, so each definition reads close to the format's tables.
enum Schema {
    static func object(
        _ description: String?, _ properties: [(String, SchemaNode)], required: [String] = [],
        extra: [(String, SchemaNode)] = []
    ) -> SchemaNode {
        var members: [(String, SchemaNode)] = [("type", .string("object"))]
        if let description { members.append(("description", .string(description))) }
        members.append(("properties", .object(properties)))
        if !required.isEmpty { members.append(("required", .array(required.map(SchemaNode.string)))) }
        members.append(("additionalProperties", .bool(false)))
        return .object(members + extra)
    }

    static func number(
        _ description: String, minimum: Double? = nil, exclusiveMinimum: Double? = nil,
        maximum: Double? = nil, default value: Double? = nil, integer: Bool = false
    ) -> SchemaNode {
        var members: [(String, SchemaNode)] = [
            ("type", .string(integer ? "integer" : "number")),
            ("description", .string(description)),
        ]
        if let minimum { members.append(("minimum", .number(minimum))) }
        if let exclusiveMinimum { members.append(("exclusiveMinimum", .number(exclusiveMinimum))) }
        if let maximum { members.append(("maximum", .number(maximum))) }
        if let value { members.append(("default", .number(value))) }
        return .object(members)
    }

    static func integer(_ description: String, minimum: Double? = nil, default value: Double? = nil) -> SchemaNode {
        number(description, minimum: minimum, default: value, integer: true)
    }

    /// A number (an integer for whole-number ranges) bounded by `range` from `FormatRanges`.
    static func number(_ description: String, _ range: NumberRange, default value: Double? = nil) -> SchemaNode {
        .object(bounds(range, description: description) + (value.map { [("default", SchemaNode.number($0))] } ?? []))
    }

    /// `type`, `description` and the bounds of `range`, for building number nodes by hand.
    static func bounds(_ range: NumberRange, description: String? = nil) -> [(String, SchemaNode)] {
        var members: [(String, SchemaNode)] = [("type", .string(range.wholeNumber ? "integer" : "number"))]
        if let description { members.append(("description", .string(description))) }
        members.append((range.minimumIsExclusive ? "exclusiveMinimum" : "minimum", .number(range.minimum)))
        members.append(("maximum", .number(range.maximum)))
        return members
    }

    static func boolean(_ description: String, default value: Bool? = nil) -> SchemaNode {
        var members: [(String, SchemaNode)] = [("type", .string("boolean")), ("description", .string(description))]
        if let value { members.append(("default", .bool(value))) }
        return .object(members)
    }

    static func string(_ description: String, nonEmpty: Bool = false, default value: String? = nil) -> SchemaNode {
        var members: [(String, SchemaNode)] = [("type", .string("string")), ("description", .string(description))]
        if nonEmpty { members.append(("minLength", .number(1))) }
        if let value { members.append(("default", .string(value))) }
        return .object(members)
    }

    /// One of `values`, or a string with `{{placeholders}}` (checked after expansion).
    static func names(_ description: String, _ values: [String], default value: String? = nil) -> SchemaNode {
        var members: [(String, SchemaNode)] = [("description", .string(description))]
        if let value { members.append(("default", .string(value))) }
        members.append(
            ("anyOf", .array([.object([("enum", .array(values.map(SchemaNode.string)))]), ref("placeholder")])))
        return .object(members)
    }

    static func constant(_ value: String) -> SchemaNode {
        .object([("const", .string(value))])
    }

    static func ref(_ name: String) -> SchemaNode {
        .object([("$ref", .string("#/$defs/" + name))])
    }

    /// A reference with its own description and default (siblings of `$ref` are allowed in 2020-12).
    static func ref(_ name: String, _ description: String, default value: SchemaNode? = nil) -> SchemaNode {
        var members: [(String, SchemaNode)] = [
            ("$ref", .string("#/$defs/" + name)), ("description", .string(description)),
        ]
        if let value { members.append(("default", value)) }
        return .object(members)
    }

    static func array(
        _ description: String, of items: SchemaNode, minItems: Int? = nil, maxItems: Int? = nil,
        default value: SchemaNode? = nil
    ) -> SchemaNode {
        var members: [(String, SchemaNode)] = [
            ("type", .string("array")), ("description", .string(description)),
            ("items", items),
        ]
        if let minItems { members.append(("minItems", .number(Double(minItems)))) }
        if let maxItems { members.append(("maxItems", .number(Double(maxItems)))) }
        if let value { members.append(("default", value)) }
        return .object(members)
    }

    static func anyOf(_ description: String, _ options: [SchemaNode], default value: SchemaNode? = nil) -> SchemaNode {
        var members: [(String, SchemaNode)] = [("description", .string(description))]
        if let value { members.append(("default", value)) }
        members.append(("anyOf", .array(options)))
        return .object(members)
    }

    /// `"not": {"anyOf": [{"required": [a, b]}, …]}`: no two of each group together.
    static func exclusive(_ groups: [[String]]) -> (String, SchemaNode) {
        var pairs: [SchemaNode] = []
        for group in groups {
            for (index, first) in group.enumerated() {
                for second in group[(index + 1)...] {
                    pairs.append(.object([("required", .array([.string(first), .string(second)]))]))
                }
            }
        }
        return ("not", .object([("anyOf", .array(pairs))]))
    }
}
