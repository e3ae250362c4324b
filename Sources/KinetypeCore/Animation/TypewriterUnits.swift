extension TypewriterUnit {
    /// Splits `text` into the pieces a typewriter reveals one at a time; they concatenate back to `text`.
    ///
    /// - `character`: one grapheme cluster (Swift `Character`), so flags, ZWJ sequences and
    ///   combining marks stay whole.
    /// - `word`: a word with the whitespace that follows it (`"Hello, "`, `"world."`); whitespace
    ///   at the very start joins the first word.
    /// - `line`: a line with its line break.
    public func split(_ text: String) -> [String] {
        switch self {
        case .character:
            return text.map(String.init)
        case .word:
            var units: [String] = []
            var current = ""
            var hasWord = false
            var inTrailingSpace = false
            for character in text {
                if character.isWhitespace {
                    if hasWord { inTrailingSpace = true }
                } else if inTrailingSpace {
                    units.append(current)
                    current = ""
                    inTrailingSpace = false
                } else {
                    hasWord = true
                }
                current.append(character)
            }
            if !current.isEmpty { units.append(current) }
            return units
        case .line:
            var units: [String] = []
            var current = ""
            for character in text {
                current.append(character)
                if character.isNewline {
                    units.append(current)
                    current = ""
                }
            }
            if !current.isEmpty { units.append(current) }
            return units
        }
    }
}

extension Typewriter {
    /// Extra seconds after typing `unit`: the pauses of its last visible character and of the
    /// whitespace after it (`"Hello, "` pauses for `","` and `" "`). Characters inside a word or
    /// line unit appear together, so there is no moment "after" them.
    func pause(after unit: String) -> Double {
        guard !pauses.isEmpty else { return 0 }
        var total = 0.0
        for character in unit.reversed() {
            total += pauses[String(character)] ?? 0
            if !character.isWhitespace { break }
        }
        return total
    }
}
