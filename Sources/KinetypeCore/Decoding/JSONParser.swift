import Foundation

/// A strict JSON parser (RFC 8259) that keeps the line and column of every value and key.
///
/// It never crashes and never recurses: nesting is tracked on an explicit stack, limited to
/// `maximumDepth` levels. Beyond plain syntax it rejects invalid UTF-8, numbers outside the range
/// of `Double` (`1e400`), lone surrogates in `\u` escapes, unescaped control characters and
/// duplicate object keys, each with the position of the fault and a message a user can act on.
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    /// What a document is, for the message that says it must be JSON.
    public enum Document: Sendable {
        case scene
        case batchData

        /// `scenes are JSON`.
        var isJSON: String {
            switch self {
            case .scene: "scenes are JSON"
            case .batchData: "batch data is JSON"
            }
        }

        /// How to write it in JSON.
        var hint: String {
            switch self {
            case .scene: #"write it as JSON, {"canvas": {…}, "layers": […]}; kinetype schema prints every key"#
            case .batchData: #"write it as a JSON array of objects, [{"output": "card-en", "title": "…"}]"#
            }
        }
    }

    /// Parses one JSON document; throws a `DiagnosticList` holding the first syntax error. A
    /// document that does not parse and looks written in YAML or TOML is told so instead, at its
    /// first line, since JSON's first complaint (an unquoted word) would not name the cause. With
    /// `valueLimit`, a document of more values (numbers, strings, arrays, objects, `true`, `false`,
    /// `null`) than its maximum stops at the first value past it, so no larger tree is ever built.
    public static func parse(
        _ data: Data, fileName: String, document: Document = .scene, valueLimit: ContentLimit? = nil
    ) throws -> JSONValue {
        var count = 0
        return try parse(data, fileName: fileName, document: document, valueLimit: valueLimit, valueCount: &count)
    }

    /// `parse(_:fileName:document:valueLimit:)`, also giving how many values the document holds.
    public static func parse(
        _ data: Data, fileName: String, document: Document = .scene, valueLimit: ContentLimit?, valueCount: inout Int
    ) throws -> JSONValue {
        let bytes = [UInt8](data)
        var scanner = JSONScanner(bytes: bytes)
        scanner.valueLimit = valueLimit
        do {
            defer { valueCount = scanner.valueCount }
            return try scanner.parseDocument()
        } catch let error as JSONSyntaxError {
            if let (format, line) = OtherFormat.detect(bytes) {
                throw DiagnosticList([
                    Diagnostic(
                        kind: .invalidScene, file: fileName, position: SourcePosition(line: line, column: 1),
                        message: "this looks like \(format.rawValue), but \(document.isJSON)",
                        hint: document.hint)
                ])
            }
            let position = scanner.slowPosition(ofOffset: error.offset)
            throw DiagnosticList([
                Diagnostic(
                    kind: .invalidScene, file: fileName, position: position,
                    message: error.message, hint: error.hint)
            ])
        }
    }
}

/// A syntax error at a byte offset; turned into a `Diagnostic` with a line and column.
struct JSONSyntaxError: Error {
    var offset: Int
    var message: String
    var hint: String?
}

/// An array or object being built, while its members are parsed.
private final class ContainerBuilder {
    let isObject: Bool
    let position: SourcePosition
    var items: [JSONValue] = []
    var members: [JSONMember] = []
    var keyPositions: [String: SourcePosition] = [:]
    var pendingKey = ""
    var pendingKeyPosition = SourcePosition(line: 1, column: 1)

    init(isObject: Bool, position: SourcePosition) {
        self.isObject = isObject
        self.position = position
    }

    func build() -> JSONValue {
        JSONValue(isObject ? .object(members) : .array(items), position: position)
    }

    var noun: String { isObject ? "object" : "array" }
}

struct JSONScanner {
    private let bytes: [UInt8]
    /// The most values the document may hold (`JSONParser.parse`), and how many were begun so far.
    var valueLimit: ContentLimit?
    private(set) var valueCount = 0
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    private var columnCacheOffset = 0
    private var columnCacheColumn = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: Positions

    /// The position of `offset` on the current line, counted incrementally (offsets only grow).
    private mutating func position(at target: Int) -> SourcePosition {
        if columnCacheOffset < lineStart || columnCacheOffset > target {
            columnCacheOffset = lineStart
            columnCacheColumn = 1
        }
        let slice = bytes[columnCacheOffset..<target]
        if slice.allSatisfy({ $0 < 0x80 }) {
            columnCacheColumn += slice.count
        } else {
            columnCacheColumn += String(decoding: slice, as: UTF8.self).count
        }
        columnCacheOffset = target
        return SourcePosition(line: line, column: columnCacheColumn)
    }

    private mutating func currentPosition() -> SourcePosition { position(at: offset) }

    /// The position of any offset, counted from the start of the file (used for errors).
    func slowPosition(ofOffset target: Int) -> SourcePosition {
        let end = min(max(target, 0), bytes.count)
        var line = 1
        var start = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            start = index + 1
        }
        let column = String(decoding: bytes[start..<end], as: UTF8.self).count + 1
        return SourcePosition(line: line, column: column)
    }

    // MARK: Document

    mutating func parseDocument() throws -> JSONValue {
        try validateUTF8()
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
            lineStart = 3
        }
        skipWhitespace()
        guard offset < bytes.count else {
            throw JSONSyntaxError(offset: offset, message: "the file is empty; expected a JSON value")
        }
        var stack: [ContainerBuilder] = []
        while true {
            skipWhitespace()
            var completed: JSONValue
            guard offset < bytes.count else {
                throw JSONSyntaxError(
                    offset: offset, message: "unexpected end of file; expected a value",
                    hint: unclosedHint(stack))
            }
            valueCount += 1
            if let valueLimit, valueCount > valueLimit.maximum {
                throw JSONSyntaxError(
                    offset: offset,
                    message:
                        "the file holds more than \(valueLimit.maximum) JSON values, the first one past them here; "
                        + "at most \(valueLimit.maximum) \(valueLimit.meaning) are allowed",
                    hint: valueLimit.reason)
            }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                guard stack.count < JSONParser.maximumDepth else {
                    throw JSONSyntaxError(
                        offset: offset,
                        message: "nesting is too deep (more than \(JSONParser.maximumDepth) levels)")
                }
                let isObject = byte == UInt8(ascii: "{")
                let builder = ContainerBuilder(isObject: isObject, position: currentPosition())
                offset += 1
                stack.append(builder)
                skipWhitespace()
                let closer = UInt8(ascii: isObject ? "}" : "]")
                if offset < bytes.count, bytes[offset] == closer {
                    offset += 1
                    completed = stack.removeLast().build()
                } else {
                    if isObject { try parseKey(into: builder, afterComma: false, stack: stack) }
                    continue
                }
            } else {
                completed = try parseScalar(stack: stack)
            }
            // Attach the completed value to its container, closing containers as they end.
            while true {
                guard let top = stack.last else {
                    skipWhitespace()
                    if offset < bytes.count {
                        throw JSONSyntaxError(
                            offset: offset, message: "unexpected \(describeByte(at: offset)) after the JSON value",
                            hint: "a file holds exactly one JSON value")
                    }
                    return completed
                }
                if top.isObject {
                    top.members.append(
                        JSONMember(key: top.pendingKey, keyPosition: top.pendingKeyPosition, value: completed))
                } else {
                    top.items.append(completed)
                }
                skipWhitespace()
                let expected =
                    top.isObject
                    ? "expected ',' or '}' after an object member"
                    : "expected ',' or ']' after an array element"
                guard offset < bytes.count else {
                    throw JSONSyntaxError(
                        offset: offset, message: "unexpected end of file; " + expected,
                        hint: unclosedHint(stack))
                }
                let next = bytes[offset]
                if next == UInt8(ascii: ",") {
                    offset += 1
                    if top.isObject {
                        try parseKey(into: top, afterComma: true, stack: stack)
                    } else {
                        skipWhitespace()
                        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                            throw JSONSyntaxError(
                                offset: offset, message: "expected a value after ','",
                                hint: "trailing commas are not allowed in JSON")
                        }
                    }
                    break
                } else if next == UInt8(ascii: top.isObject ? "}" : "]") {
                    offset += 1
                    completed = stack.removeLast().build()
                } else {
                    throw JSONSyntaxError(
                        offset: offset, message: expected,
                        hint: next == UInt8(ascii: "\"") ? "is a ',' missing before it?" : nil)
                }
            }
        }
    }

    private func unclosedHint(_ stack: [ContainerBuilder]) -> String? {
        guard let top = stack.last else { return nil }
        return "the \(top.noun) opened at \(top.position.line):\(top.position.column) is not closed"
    }

    private mutating func parseKey(into builder: ContainerBuilder, afterComma: Bool, stack: [ContainerBuilder]) throws {
        skipWhitespace()
        guard offset < bytes.count else {
            throw JSONSyntaxError(
                offset: offset, message: "unexpected end of file; expected an object key",
                hint: unclosedHint(stack))
        }
        let byte = bytes[offset]
        guard byte == UInt8(ascii: "\"") else {
            if afterComma, byte == UInt8(ascii: "}") {
                throw JSONSyntaxError(
                    offset: offset, message: "expected an object key after ','",
                    hint: "trailing commas are not allowed in JSON")
            }
            throw JSONSyntaxError(
                offset: offset, message: "expected an object key in double quotes, found \(describeByte(at: offset))")
        }
        let keyPosition = currentPosition()
        let keyOffset = offset
        let key = try parseString()
        if let first = builder.keyPositions[key] {
            throw JSONSyntaxError(
                offset: keyOffset, message: "duplicate key \(quoted(key))",
                hint: "it is first written at \(first.line):\(first.column); a key may appear once per object")
        }
        builder.keyPositions[key] = keyPosition
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
            throw JSONSyntaxError(offset: offset, message: "expected ':' after the key \(quoted(key))")
        }
        offset += 1
        builder.pendingKey = key
        builder.pendingKeyPosition = keyPosition
    }

    // MARK: Scalars

    private mutating func parseScalar(stack: [ContainerBuilder]) throws -> JSONValue {
        let position = currentPosition()
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "\""):
            return JSONValue(.string(try parseString()), position: position)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try parseNumber()), position: position)
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            let start = offset
            while offset < bytes.count, isWordByte(bytes[offset]) { offset += 1 }
            let word = String(decoding: bytes[start..<offset], as: UTF8.self)
            switch word {
            case "true": return JSONValue(.bool(true), position: position)
            case "false": return JSONValue(.bool(false), position: position)
            case "null": return JSONValue(.null, position: position)
            case "NaN", "Infinity":
                throw JSONSyntaxError(
                    offset: start, message: "\(word) is not a JSON number",
                    hint: "JSON numbers must be finite")
            default:
                throw JSONSyntaxError(
                    offset: start, message: "unexpected word \(quoted(word)); expected a value",
                    hint: "strings must be written in double quotes")
            }
        case UInt8(ascii: "'"):
            throw JSONSyntaxError(offset: offset, message: "strings must use double quotes, not single quotes")
        case UInt8(ascii: "/"):
            throw JSONSyntaxError(offset: offset, message: "comments are not allowed in JSON")
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw JSONSyntaxError(
                offset: offset, message: "unexpected \(describeByte(at: offset)); expected a value",
                hint: stack.isEmpty ? nil : "is there a trailing comma before it?")
        default:
            throw JSONSyntaxError(offset: offset, message: "unexpected \(describeByte(at: offset)); expected a value")
        }
    }

    private func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    private func isDigit(at index: Int) -> Bool {
        index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
    }

    private mutating func parseNumber() throws -> JSONNumber {
        let start = offset
        if bytes[offset] == UInt8(ascii: "-") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "I") {
                throw JSONSyntaxError(
                    offset: start, message: "-Infinity is not a JSON number", hint: "JSON numbers must be finite")
            }
        }
        guard isDigit(at: offset) else {
            throw JSONSyntaxError(offset: offset, message: "expected a digit after '-'")
        }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if isDigit(at: offset) {
                throw JSONSyntaxError(offset: start, message: "a number cannot start with a leading zero")
            }
        } else {
            while isDigit(at: offset) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard isDigit(at: offset) else {
                throw JSONSyntaxError(offset: offset, message: "expected a digit after the decimal point")
            }
            while isDigit(at: offset) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard isDigit(at: offset) else {
                throw JSONSyntaxError(offset: offset, message: "expected a digit in the exponent")
            }
            while isDigit(at: offset) { offset += 1 }
        }
        let literal = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(literal), value.isFinite else {
            throw JSONSyntaxError(
                offset: start, message: "number is out of range",
                hint: "numbers must fit a 64-bit floating-point value (about ±1.8e308)")
        }
        return JSONNumber(value: value, literal: literal)
    }

    /// Parses a string starting at its opening quote; returns its decoded contents.
    private mutating func parseString() throws -> String {
        let open = offset
        offset += 1
        var buffer: [UInt8] = []
        while true {
            guard offset < bytes.count else {
                throw JSONSyntaxError(offset: open, message: "unterminated string", hint: "add the closing '\"'")
            }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw JSONSyntaxError(
                    offset: open, message: "unterminated string",
                    hint: "the line ends before the closing '\"'; write a line break inside a string as \\n")
            case 0..<0x20:
                throw JSONSyntaxError(
                    offset: offset,
                    message: "control character \(scalarName(UInt32(byte))) must be escaped in a string",
                    hint: byte == 0x09 ? "write a tab as \\t" : "write it as \\u\(hex4(UInt32(byte)))")
            default:
                buffer.append(byte)
                offset += 1
            }
        }
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws {
        let escapeStart = offset
        offset += 1
        guard offset < bytes.count else {
            throw JSONSyntaxError(offset: escapeStart, message: "unterminated string", hint: "add the closing '\"'")
        }
        let byte = bytes[offset]
        offset += 1
        let simple: UInt8?
        switch byte {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            throw JSONSyntaxError(
                offset: escapeStart, message: "invalid escape \\\(describeEscapedByte(byte)) in a string",
                hint: "valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
        if let simple {
            buffer.append(simple)
            return
        }
        var scalar = try parseHex4(escapeStart: escapeStart)
        if (0xDC00...0xDFFF).contains(scalar) {
            throw JSONSyntaxError(
                offset: escapeStart, message: "lone surrogate \\u\(hex4(scalar)) in a string",
                hint: "a low surrogate must follow a high surrogate \\uD800…\\uDBFF")
        }
        if (0xD800...0xDBFF).contains(scalar) {
            let high = scalar
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
            else {
                throw JSONSyntaxError(
                    offset: escapeStart, message: "lone surrogate \\u\(hex4(high)) in a string",
                    hint: "a high surrogate must be followed by a low surrogate \\uDC00…\\uDFFF")
            }
            let lowStart = offset
            offset += 2
            let low = try parseHex4(escapeStart: lowStart)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw JSONSyntaxError(
                    offset: escapeStart, message: "lone surrogate \\u\(hex4(high)) in a string",
                    hint: "a high surrogate must be followed by a low surrogate \\uDC00…\\uDFFF")
            }
            scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        }
        // Every remaining value is a valid scalar (surrogates were handled above).
        let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        buffer.append(contentsOf: Array(String(Character(character)).utf8))
    }

    private mutating func parseHex4(escapeStart: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = hexDigitValue(bytes[offset]) else {
                throw JSONSyntaxError(offset: escapeStart, message: "expected 4 hex digits after \\u")
            }
            value = value * 16 + digit
            offset += 1
        }
        return value
    }

    private func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    // MARK: Whitespace, UTF-8 and descriptions

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                offset += 1
            case UInt8(ascii: "\n"):
                offset += 1
                line += 1
                lineStart = offset
            default:
                return
            }
        }
    }

    private func validateUTF8() throws {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var position = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                position += encoded.count
            case .emptyInput:
                return
            case .error:
                throw JSONSyntaxError(
                    offset: position,
                    message: "invalid UTF-8 byte 0x\(String(bytes[position], radix: 16, uppercase: true))",
                    hint: "save the file as UTF-8 text")
            }
        }
    }

    /// What stands at `index`, for messages: `'x'`, `U+0007`, or "end of file".
    private func describeByte(at index: Int) -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte < 0x80 {
            return byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : scalarName(UInt32(byte))
        }
        var iterator = bytes[index...].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        if case .valid(let encoded) = parser.parseScalar(from: &iterator) {
            let scalar = Unicode.UTF8.decode(encoded)
            return "'\(Character(scalar))' (\(scalarName(scalar.value)))"
        }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func describeEscapedByte(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : scalarName(UInt32(byte))
    }

    private func scalarName(_ value: UInt32) -> String { "U+" + hex4(value) }

    private func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private func quoted(_ text: String) -> String { JSONText.quoted(text) }
}
