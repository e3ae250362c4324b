import KinetypeEncode

/// The name of an output's fingerprint in the output folder's `.kinetype/`: `NAME.sha256`, or,
/// when that is longer than the file system takes, `.PREFIX-HASH.sha256` (NAME cut between two
/// Unicode scalars to fill the longest name, HASH the first 16 hex digits of NAME's SHA-256).
/// The short form is hidden and no output name starts with a dot, so it is never the readable
/// fingerprint of a named output.
enum FingerprintFileName {
    static let suffix = ".sha256"

    static func of(_ outputFileName: String, nameLimit: Int) -> String {
        let readable = outputFileName + suffix
        if readable.utf8.count <= nameLimit { return readable }
        let ending = "-" + NameShortening.hash(of: outputFileName) + suffix
        return "." + NameShortening.prefix(of: outputFileName, bytes: nameLimit - 1 - ending.utf8.count) + ending
    }
}
