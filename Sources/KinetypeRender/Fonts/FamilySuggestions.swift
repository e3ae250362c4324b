/// Finds the installed family names closest to a misspelled one.
enum FamilySuggestions {
    /// How fontconfig compares family names: case and blanks do not matter.
    static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { !$0.isWhitespace })
    }

    /// Up to `limit` names from `candidates`, closest first: names that contain the request (or are
    /// contained in it) rank before others, then by edit distance.
    static func closest(to request: String, in candidates: [String], limit: Int = 3) -> [String] {
        let wanted = normalized(request)
        guard !wanted.isEmpty else { return Array(candidates.sorted().prefix(limit)) }
        let scored = candidates.map { candidate -> (name: String, score: Int) in
            let name = normalized(candidate)
            var score = editDistance(wanted, name)
            if name.contains(wanted) || wanted.contains(name) { score -= 1000 }
            return (candidate, score)
        }
        return scored.sorted { ($0.score, $0.name) < ($1.score, $1.name) }.prefix(limit).map(\.name)
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
