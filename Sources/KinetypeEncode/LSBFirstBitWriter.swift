/// Codes packed the way GIF's LZW data and deflate streams pack them: each code least significant
/// bit first, bytes filled from their low bit.
struct LSBFirstBitWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// The whole bytes written so far.
    var byteCount: Int { bytes.count }

    /// Appends the low `bits` bits of `value` (bits ≤ 32).
    @inline(__always) mutating func write(_ value: UInt32, bits: Int) {
        buffer |= UInt64(value) << UInt64(count)
        count += bits
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// Pads the last byte with zero bits and returns every byte written.
    mutating func finish() -> [UInt8] {
        if count > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer = 0
            count = 0
        }
        return bytes
    }
}
