/// "Did you mean" suggestions by edit distance: the one place every part of kinetype (decoding,
/// timeline references, font families, command-line options) gets them from.
///
/// The work is bounded: words longer than `maximumWordLength` get no suggestion, and a candidate
/// whose length differs from the word's by more than the tolerated edits is skipped unread, so a
/// megabyte-long mistake costs nothing.
public enum Suggestion {
    /// The longest word (in characters) that gets a "did you mean"; longer ones are no typos.
    public static let maximumWordLength = 64

    /// Whether `word` is short enough to compare by edit distance.
    public static func isComparable(_ word: String) -> Bool {
        word.utf8.count <= maximumWordLength || word.dropFirst(maximumWordLength).first == nil
    }

    /// The candidate closest to `word` when it is close enough to be a likely typo.
    /// Case is ignored; a swap of two neighbouring letters counts as one edit.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        guard isComparable(word) else { return nil }
        let target = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        var compared = 0
        defer { WorkCounter.add(compared, to: .suggestionComparisons) }
        for candidate in candidates where isComparable(candidate) {
            let letters = Array(candidate.lowercased())
            guard abs(letters.count - target.count) <= 3 else { continue }
            compared += 1
            let distance = editDistance(target, letters)
            let tolerance = max(1, min(3, max(letters.count, target.count) / 3))
            guard distance <= tolerance, distance < letters.count else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// `; did you mean "x"?` or an empty string.
    static func didYouMean(_ word: String, among candidates: [String]) -> String {
        guard let match = closest(to: word, among: candidates) else { return "" }
        return "; did you mean \(JSONText.quoted(match))?"
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transpositions), by characters.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        editDistance(Array(a), Array(b))
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
