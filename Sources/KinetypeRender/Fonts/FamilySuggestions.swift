import KinetypeCore

/// Finds the installed family names closest to a misspelled one.
enum FamilySuggestions {
    /// How fontconfig compares family names: case and blanks do not matter. Font libraries
    /// normalize every face's names (thousands), nearly all ASCII: those take a byte path with the
    /// same result, as Unicode's lowercase and white space agree with ASCII's there.
    static func normalized(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(name.utf8.count)
            for byte in name.utf8 where byte != 0x20 && !(0x09...0x0D).contains(byte) {
                bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(name.lowercased().filter { !$0.isWhitespace })
    }

    /// Up to `limit` names from `candidates`, closest first: names that contain the request (or are
    /// contained in it) rank before others, then by edit distance. A request too long to be a
    /// family name (see `Suggestion.isComparable`) gets no suggestions, so it costs nothing.
    static func closest(to request: String, in candidates: [String], limit: Int = 3) -> [String] {
        guard Suggestion.isComparable(request) else { return [] }
        let wanted = normalized(request)
        guard !wanted.isEmpty else { return Array(candidates.sorted().prefix(limit)) }
        let scored = candidates.map { candidate -> (name: String, score: Int) in
            let name = normalized(candidate)
            guard Suggestion.isComparable(name) else { return (candidate, Int.max) }
            var score = Suggestion.editDistance(wanted, name)
            if name.contains(wanted) || wanted.contains(name) { score -= 1000 }
            return (candidate, score)
        }
        return scored.sorted { ($0.score, $0.name) < ($1.score, $1.name) }.prefix(limit).map(\.name)
    }

    /// Whether `candidate` looks like a misspelling of `request` (or one contains the other).
    static func isNearSpelling(_ candidate: String, of request: String) -> Bool {
        let wanted = normalized(request)
        let name = normalized(candidate)
        guard Suggestion.isComparable(wanted), Suggestion.isComparable(name), !wanted.isEmpty else { return false }
        if name.contains(wanted) || wanted.contains(name) { return true }
        return Suggestion.editDistance(wanted, name) <= max(2, wanted.count / 4)
    }
}
