import Foundation

/// A JSON value with its keys in the order they were given, written the same way every time:
/// no spaces, numbers with at most four decimals (coordinates are rounded to 1/100 of a point
/// before; colors keep their 8 bits), so the same animation always gives the same bytes.
public indirect enum LottieJSON: Equatable, Sendable {
    case number(Double)
    case bool(Bool)
    case string(String)
    case array([LottieJSON])
    case object([(String, LottieJSON)])
    /// A value already written (`written(_:)`): its bytes, kept as they are.
    case raw([UInt8])

    public static func == (lhs: LottieJSON, rhs: LottieJSON) -> Bool {
        lhs.bytes == rhs.bytes
    }

    /// The value as UTF-8 JSON.
    public var bytes: Data {
        var out: [UInt8] = []
        write(into: &out)
        return Data(out)
    }

    /// The same value, written now: a large document built from many of these holds its bytes
    /// (about as many as the file will have) instead of a tree of values many times that size,
    /// and each piece's size is known as it is added.
    public var written: LottieJSON {
        if case .raw = self { return self }
        var out: [UInt8] = []
        write(into: &out)
        return .raw(out)
    }

    /// The number of bytes of `bytes` (counted without writing them when the value is `.raw`).
    public var byteCount: Int {
        if case .raw(let out) = self { return out.count }
        var out: [UInt8] = []
        write(into: &out)
        return out.count
    }

    private func write(into out: inout [UInt8]) {
        switch self {
        case .raw(let bytes): out.append(contentsOf: bytes)
        case .number(let value): Self.write(value, into: &out)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .string(let text): Self.quote(text, into: &out)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                value.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.quote(key, into: &out)
                out.append(UInt8(ascii: ":"))
                value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
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
