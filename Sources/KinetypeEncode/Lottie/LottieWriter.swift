import Foundation
import KinetypeCore

/// Writes Lottie's JSON the same way every time: no spaces, members in the order each model type
/// writes them, numbers with at most four decimals (coordinates are rounded to 1/100 of a point
/// before; colors keep their 8 bits), so the same animation always gives the same bytes.
///
/// Each model type writes its own keys (`LottieEncodable.write(to:)`); the writer only places the
/// commas, colons and brackets between them.
public struct LottieWriter {
    /// The UTF-8 JSON written so far.
    private(set) var bytes: [UInt8] = []
    /// Whether a value was written last in the current object or array, so the next member or
    /// element needs a comma before it.
    private var followsValue = false

    init() {}

    /// Writes `{`, the members `body` writes, and `}`.
    mutating func object(_ body: (inout LottieWriter) -> Void) {
        open(UInt8(ascii: "{"))
        body(&self)
        close(UInt8(ascii: "}"))
    }

    /// Writes `[`, each element, and `]`.
    mutating func array<Element: LottieEncodable>(_ elements: [Element]) {
        open(UInt8(ascii: "["))
        for element in elements { element.write(to: &self) }
        close(UInt8(ascii: "]"))
    }

    /// Writes the member `"key":value` of the current object.
    mutating func member<Value: LottieEncodable>(_ key: String, _ value: Value) {
        separate()
        Self.quote(key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        followsValue = false
        value.write(to: &self)
    }

    /// Writes the member `"key":value` when there is a value, and nothing when it is nil.
    mutating func member<Value: LottieEncodable>(_ key: String, _ value: Value?) {
        if let value { member(key, value) }
    }

    /// A number (`format`).
    mutating func number(_ value: Double) {
        separate()
        Self.write(value, into: &bytes)
        followsValue = true
    }

    /// `true` or `false`.
    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        followsValue = true
    }

    /// A string, quoted and escaped.
    mutating func string(_ text: String) {
        separate()
        Self.quote(text, into: &bytes)
        followsValue = true
    }

    /// A value written before (`LottieWritten`), as its bytes.
    mutating func raw(_ written: [UInt8]) {
        separate()
        bytes.append(contentsOf: written)
        followsValue = true
    }

    private mutating func separate() {
        if followsValue { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        followsValue = false
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        followsValue = true
    }

    /// `12`, `-0.5`, `0.5451`: rounded to ten-thousandths, trailing zeros dropped, never `-0`.
    static func format(_ value: Double) -> String {
        var out: [UInt8] = []
        write(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes `format(value)`'s digits straight into the output: a large animation has hundreds of
    /// thousands of numbers, and a string for each was a fifth of the export's time.
    private static func write(_ value: Double, into out: inout [UInt8]) {
        guard value.isFinite, abs(value) < 1e12 else { return out.append(UInt8(ascii: "0")) }
        let units = Int((value * 10_000).rounded())
        if units < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = units.magnitude
        writeDigits(of: magnitude / 10_000, count: digitCount(of: magnitude / 10_000), into: &out)
        var fraction = magnitude % 10_000
        guard fraction > 0 else { return }
        var count = 4
        while fraction % 10 == 0 {
            fraction /= 10
            count -= 1
        }
        out.append(UInt8(ascii: "."))
        writeDigits(of: fraction, count: count, into: &out)
    }

    private static func digitCount(of value: UInt) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// `value` in `count` decimal digits, zero-padded on the left.
    private static func writeDigits(of value: UInt, count: Int, into out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        var rest = value
        var index = start + count - 1
        while rest > 0 {
            out[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
    }

    private static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: Array("\\\"".utf8))
            case UInt8(ascii: "\\"): out.append(contentsOf: Array("\\\\".utf8))
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                out.append(contentsOf: Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8))
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// A value of the Lottie model: it writes itself, its members in the order Lottie files from
/// kinetype have always had them.
public protocol LottieEncodable: Sendable {
    /// Writes the value as JSON.
    func write(to writer: inout LottieWriter)
}

extension LottieEncodable {
    /// The value as UTF-8 JSON.
    public var json: Data {
        var writer = LottieWriter()
        write(to: &writer)
        return Data(writer.bytes)
    }
}

extension Double: LottieEncodable {
    public func write(to writer: inout LottieWriter) { writer.number(self) }
}

extension Int: LottieEncodable {
    public func write(to writer: inout LottieWriter) { writer.number(Double(self)) }
}

extension Bool: LottieEncodable {
    public func write(to writer: inout LottieWriter) { writer.bool(self) }
}

extension String: LottieEncodable {
    public func write(to writer: inout LottieWriter) { writer.string(self) }
}

extension Array: LottieEncodable where Element: LottieEncodable {
    public func write(to writer: inout LottieWriter) { writer.array(self) }
}

/// A point as Lottie writes a 2D value: `[x, y]`.
extension Point: LottieEncodable {
    public func write(to writer: inout LottieWriter) { writer.array([x, y]) }
}

/// A Lottie enumeration (a fill rule, a line cap, …) is written as its number.
extension LottieEncodable where Self: RawRepresentable, RawValue == Int {
    public func write(to writer: inout LottieWriter) { writer.number(Double(rawValue)) }
}
