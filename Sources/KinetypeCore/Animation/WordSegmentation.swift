/// Where a text's words start, for typewriters that type a word at a time (`unit: word`). The
/// timeline asks it; KinetypeCore itself knows only white space (`WhitespaceWords`), and the
/// loader gives Unicode's word boundaries (`UnicodeWords`: UAX #29, with ICU's dictionaries for
/// Chinese, Japanese, Thai, Lao, Khmer and Burmese), which split a sentence written without spaces.
public protocol WordSegmentation: Sendable {
    /// The 0-based offsets, in `Character`s, of the characters that start a word, ascending.
    func wordStarts(in text: String) -> [Int]
}

/// Words as white space separates them: each non-space character after a space (or at the
/// start) starts one.
public struct WhitespaceWords: WordSegmentation {
    public init() {}

    public func wordStarts(in text: String) -> [Int] {
        var starts: [Int] = []
        var afterSpace = true
        for (offset, character) in text.enumerated() {
            if character.isWhitespace {
                afterSpace = true
            } else if afterSpace {
                starts.append(offset)
                afterSpace = false
            }
        }
        return starts
    }
}
