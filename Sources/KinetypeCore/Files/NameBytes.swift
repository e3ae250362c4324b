/// A path or name that reached kinetype as bytes: a command-line argument, a file name read from a
/// folder. Swift would decode invalid UTF-8 with U+FFFD, which names another file, so kinetype
/// refuses such a name and shows its bytes instead.
public enum NameBytes {
    /// The bytes as text when they are valid UTF-8, else nil.
    public static func decoded(_ bytes: some Collection<UInt8>) -> String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// `caf\xE9.gif`: valid UTF-8 as text, escaped as every echoed value is (controls and bidi
    /// characters); every other byte as `\xHH` and a backslash as `\\`, so the bytes can be read
    /// back exactly. Cut past `JSONText.quotedPathLimit` bytes: `aaaa… (131072 bytes)`.
    public static func escaped(_ bytes: some Collection<UInt8>) -> String {
        let shown = Array(bytes.prefix(JSONText.quotedPathLimit))
        var result = ""
        var index = 0
        while index < shown.count {
            var parser = Unicode.UTF8.ForwardParser()
            var rest = shown[index...].makeIterator()
            switch parser.parseScalar(from: &rest) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                result += scalar == "\\" ? "\\\\" : JSONText.escaped(String(scalar), quoting: false)
                index += encoded.count
            case .error(let length):
                for byte in shown[index..<index + length] {
                    let digits = String(byte, radix: 16, uppercase: true)
                    result += "\\x" + (digits.count == 1 ? "0" : "") + digits
                }
                index += length
            case .emptyInput:
                index = shown.count
            }
        }
        return shown.count < bytes.count ? result + "… (\(bytes.count) bytes)" : result
    }
}
