/// SHA-256 (FIPS 180-4), for content hashes of inputs (batch incremental renders, golden
/// environments). Foundation on Linux has no digest API, and no outside package can be fetched.
public struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    private var buffer: [UInt8] = []
    private var length: UInt64 = 0

    public init() {}

    /// Adds bytes to the message. Contiguous bytes (`Data`, arrays) are compressed a whole
    /// 64-byte block at a time, straight from their storage.
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { update(contiguous: $0) }
        guard handled == nil else { return }
        for byte in bytes {
            buffer.append(byte)
            length &+= 1
            if buffer.count == 64 {
                buffer.withUnsafeBufferPointer { compress($0) }
                buffer.removeAll(keepingCapacity: true)
            }
        }
    }

    private mutating func update(contiguous bytes: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        length &+= UInt64(bytes.count)
        if !buffer.isEmpty {
            let taken = min(64 - buffer.count, bytes.count)
            buffer.append(contentsOf: bytes[0..<taken])
            offset = taken
            guard buffer.count == 64 else { return }
            buffer.withUnsafeBufferPointer { compress($0) }
            buffer.removeAll(keepingCapacity: true)
        }
        while bytes.count - offset >= 64 {
            compress(UnsafeBufferPointer(rebasing: bytes[offset..<offset + 64]))
            offset += 64
        }
        buffer.append(contentsOf: bytes[offset...])
    }

    /// Adds a string's UTF-8 bytes.
    public mutating func update(_ string: String) {
        var string = string
        string.withUTF8 { update(contiguous: $0) }
    }

    /// The digest as 64 lowercase hex digits.
    public func hexDigest() -> String {
        var copy = self
        // The padding: 0x80, zeros up to 56 bytes past a block's start, the length in bits.
        let bitLength = length &* 8
        var padding = [UInt8](repeating: 0, count: (buffer.count < 56 ? 64 : 128) - buffer.count)
        padding[0] = 0x80
        for index in 0..<8 {
            padding[padding.count - 1 - index] = UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(index)))
        }
        padding.withUnsafeBufferPointer { copy.update(contiguous: $0) }
        let words = [
            copy.state.0, copy.state.1, copy.state.2, copy.state.3, copy.state.4, copy.state.5, copy.state.6,
            copy.state.7,
        ]
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 64) { text in
            for (index, word) in words.enumerated() {
                for nibble in 0..<8 {
                    text[8 * index + nibble] = digits[Int(word >> UInt32(28 - 4 * nibble) & 0xF)]
                }
            }
            return 64
        }
    }

    /// The hex digest of `bytes`.
    public static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.hexDigest()
    }

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// One 64-byte block. Written over raw buffers, so that even an unoptimized build hashes a
    /// font file in milliseconds.
    private mutating func compress(_ block: UnsafeBufferPointer<UInt8>) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            Self.k.withUnsafeBufferPointer { k in
                compress(block, schedule: w, constants: k)
            }
        }
    }

    private mutating func compress(
        _ block: UnsafeBufferPointer<UInt8>, schedule w: UnsafeMutableBufferPointer<UInt32>,
        constants k: UnsafeBufferPointer<UInt32>
    ) {
        for i in 0..<16 {
            w[i] =
                UInt32(block[4 * i]) << 24 | UInt32(block[4 * i + 1]) << 16
                | UInt32(block[4 * i + 2]) << 8 | UInt32(block[4 * i + 3])
        }
        for i in 16..<64 {
            let s0 = (w[i - 15] &>> 7 | w[i - 15] &<< 25) ^ (w[i - 15] &>> 18 | w[i - 15] &<< 14) ^ (w[i - 15] &>> 3)
            let s1 = (w[i - 2] &>> 17 | w[i - 2] &<< 15) ^ (w[i - 2] &>> 19 | w[i - 2] &<< 13) ^ (w[i - 2] &>> 10)
            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        for i in 0..<64 {
            let s1 = (e &>> 6 | e &<< 26) ^ (e &>> 11 | e &<< 21) ^ (e &>> 25 | e &<< 7)
            let choice = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
            let s0 = (a &>> 2 | a &<< 30) ^ (a &>> 13 | a &<< 19) ^ (a &>> 22 | a &<< 10)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ majority
            h = g
            g = f
            f = e
            e = d &+ t1
            d = c
            c = b
            b = a
            a = t1 &+ t2
        }
        state = (
            state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g,
            state.7 &+ h
        )
    }
}
