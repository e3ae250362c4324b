import Foundation

/// A model value written at once: a large animation built from many of these holds its bytes
/// (about as many as the file will have) instead of the values, many times that size, and each
/// piece's size is known as it is added. It sits in a larger value as those bytes.
public struct LottieWritten<Value: LottieEncodable>: LottieEncodable {
    private let bytes: [UInt8]

    /// `value`, written now.
    public init(_ value: Value) {
        var writer = LottieWriter()
        value.write(to: &writer)
        bytes = writer.bytes
    }

    /// The number of bytes the value takes.
    public var byteCount: Int { bytes.count }

    /// The value's UTF-8 JSON.
    public var data: Data { Data(bytes) }

    public func write(to writer: inout LottieWriter) { writer.raw(bytes) }
}
