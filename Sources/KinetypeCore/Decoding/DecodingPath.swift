/// JSON paths as shown in messages: `layers[1].animations[0].easing`, `pauses[","]`.
public enum DecodingPath {
    /// `path.key` for a key that is an identifier of at most `JSONText.quotedCharacterLimit`
    /// characters, else `path["key"]` with the key quoted by the rule of every message (cut past
    /// that limit), so a path never echoes a megabyte-long key.
    public static func member(_ path: String, _ key: String) -> String {
        guard key.utf8.count <= JSONText.quotedCharacterLimit, isIdentifier(key) else {
            return path + "[" + JSONText.quoted(key) + "]"
        }
        return path.isEmpty ? key : path + "." + key
    }

    public static func index(_ path: String, _ index: Int) -> String {
        path + "[\(index)]"
    }

    /// ASCII letters, digits, `_` and `$`, not starting with a digit.
    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return key.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "$")
        }
    }
}
