/// The 64-bit FNV-1a hash: a fixed, platform-independent hash for deriving default seeds
/// (Swift's `Hasher` is randomly seeded per process and must never be used for that).
public enum FNV1a {
    public static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash of `bytes`.
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash = offsetBasis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }

    /// The hash of the UTF-8 bytes of `string`.
    public static func hash(_ string: String) -> UInt64 { hash(string.utf8) }
}
