/// A big-endian bit reader over a FLAC file's bytes (RFC 9639): every read is bounds-checked and a
/// read past the end is a `WAVFile.Problem`, never a trap.
struct FLACBitReader {
    let bytes: [UInt8]
    /// The position, in bits from the start.
    private(set) var bit: Int

    init(_ bytes: [UInt8], byte: Int = 0) {
        self.bytes = bytes
        self.bit = byte * 8
    }

    /// The position in bytes; only meaningful when `isAligned`.
    var byte: Int { bit >> 3 }
    var isAligned: Bool { bit & 7 == 0 }
    var bitsLeft: Int { bytes.count * 8 - bit }

    static let cutShort = WAVFile.Problem(reason: "is cut short (the FLAC stream ends early)")

    /// `count` (0…64) bits as an unsigned number.
    mutating func read(_ count: Int) throws(WAVFile.Problem) -> UInt64 {
        precondition((0...64).contains(count))
        guard count <= bitsLeft else { throw Self.cutShort }
        var value: UInt64 = 0
        var remaining = count
        while remaining > 0 {
            let used = bit & 7
            let available = 8 - used
            let take = min(available, remaining)
            let chunk = (UInt64(bytes[bit >> 3]) >> UInt64(available - take)) & ((1 << UInt64(take)) - 1)
            value = take == 64 ? chunk : value << UInt64(take) | chunk
            remaining -= take
            bit += take
        }
        return value
    }

    /// `count` (0…64) bits as a two's-complement signed number.
    mutating func readSigned(_ count: Int) throws(WAVFile.Problem) -> Int64 {
        guard count > 0 else { return 0 }
        let value = try read(count)
        let shift = UInt64(64 - count)
        return Int64(bitPattern: value << shift) >> Int64(shift)
    }

    /// The number of 0 bits before the next 1 bit (which is consumed); more than `limit` zeros is a
    /// problem, so a run of zeros costs no more than the caller allows.
    mutating func unary(limit: Int) throws(WAVFile.Problem) -> Int {
        var zeros = 0
        while true {
            guard bit < bytes.count * 8 else { throw Self.cutShort }
            if bit & 7 == 0, bytes[bit >> 3] == 0 {
                zeros += 8
                bit += 8
            } else if bytes[bit >> 3] & (0x80 >> UInt8(bit & 7)) != 0 {
                bit += 1
                guard zeros <= limit else { throw FLACFile.damaged("a Rice code is too long") }
                return zeros
            } else {
                zeros += 1
                bit += 1
            }
            guard zeros <= limit else { throw FLACFile.damaged("a Rice code is too long") }
        }
    }

    /// Skips to the next byte boundary.
    mutating func align() { bit = (bit + 7) & ~7 }
}
