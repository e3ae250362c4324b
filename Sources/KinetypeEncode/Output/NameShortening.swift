import KinetypeCore

/// Cuts a file name that is too long for the name kinetype builds from it (a temporary, a batch
/// fingerprint): the longest prefix of whole Unicode scalars, so it stays valid UTF-8, and a short
/// hash of the whole name, so different long names stay apart.
public enum NameShortening {
    /// How many hex digits of the hash a shortened name carries.
    public static let hashLength = 16

    /// The first `hashLength` lowercase hex digits of the SHA-256 of `name`'s UTF-8 bytes.
    public static func hash(of name: String) -> String {
        String(SHA256.hex(of: name.utf8).prefix(hashLength))
    }

    /// The longest start of `name` that is at most `bytes` bytes of UTF-8 and ends between two
    /// Unicode scalars (empty when `bytes` is 0 or less).
    public static func prefix(of name: String, bytes: Int) -> String {
        var used = 0
        var end = name.unicodeScalars.startIndex
        for index in name.unicodeScalars.indices {
            let length = UTF8.width(name.unicodeScalars[index])
            guard used + length <= bytes else { break }
            used += length
            end = name.unicodeScalars.index(after: index)
        }
        return String(name.unicodeScalars[..<end])
    }

    /// Whether `text` is a hash made by `hash(of:)`: `hashLength` lowercase hex digits.
    static func isHash(_ text: Substring) -> Bool {
        text.utf8.count == hashLength
            && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
