extension TypewriterUnit {
    /// Splits `text` into the pieces a typewriter reveals one at a time; they concatenate back to `text`.
    ///
    /// - `character`: one grapheme cluster (Swift `Character`), so flags, ZWJ sequences and
    ///   combining marks stay whole.
    /// - `word`: a word with the white space and punctuation that follow it (`"Hello, "`,
    ///   `"world."`), words as `words` finds them; white space at the very start joins the first
    ///   word.
    /// - `line`: a line with its line break.
    public func split(_ text: String, words: any WordSegmentation = WhitespaceWords()) -> [String] {
        switch self {
        case .character:
            return text.map(String.init)
        case .word:
            // A unit runs from one word's start to the next: white space and punctuation after a
            // word stay with it, and white space at the very start joins the first word.
            let starts = words.wordStarts(in: text).dropFirst()
            var units: [String] = []
            var current = ""
            var next = starts.makeIterator()
            var boundary = next.next()
            for (offset, character) in text.enumerated() {
                if offset == boundary {
                    units.append(current)
                    current = ""
                    boundary = next.next()
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
