import KinetypeCore
import _FoundationICU

/// Unicode's word boundaries (UAX #29) with ICU's dictionaries for the scripts written without
/// spaces: Chinese and Japanese (ICU's CJ dictionary), Thai, Lao, Khmer and Burmese. A sentence
/// such as `今日は新しい機能を紹介します。` splits into `今日 は 新しい 機能 を 紹介 し ます 。`, and
/// `It's`, `3.14`, `e.g` and `U.S.A` stay whole.
///
/// The segmenter is ICU's word break iterator, from the ICU that Swift's Foundation carries
/// (`_FoundationICU`, ICU 76 with its data built in), so it adds nothing to the binary or the
/// bundle. It runs ICU's Finnish and Swedish word rules (`word_fi_sv`), which are its root rules
/// with the colon left in MidLetter, as UAX #29 has it: CLDR's root tailoring takes the colon out,
/// so `a:b` would split. With them every line of Unicode 15's WordBreakTest.txt gives exactly its
/// boundaries (`UnicodeWordsTests`). Dictionaries do not depend on the locale.
///
/// A character starts a word when a segment that ICU calls a word (a number, letters, kana or
/// ideographs: rule status 100 and up) starts with it; white space, punctuation and symbols start
/// none, so they join the word before them.
public struct UnicodeWords: WordSegmentation {
    public init() {}

    /// The locale whose word rules are UAX #29's exactly (see above).
    static let ruleLocale = "sv"

    public func wordStarts(in text: String) -> [Int] {
        let starts = Self.wordStartOffsets(text)
        guard let starts else { return WhitespaceWords().wordStarts(in: text) }
        var result: [Int] = []
        var utf16Offset = 0
        for (offset, character) in text.enumerated() {
            if starts.contains(utf16Offset) { result.append(offset) }
            utf16Offset += character.utf16.count
        }
        return result
    }

    /// The UTF-16 offsets where ICU's word segments start, or nil when ICU cannot open its word
    /// break iterator (its data is built into the binary, so only when memory runs out; white
    /// space then stands in).
    static func wordStartOffsets(_ text: String) -> Set<Int>? {
        segments(text)?.filter(\.isWord).reduce(into: Set<Int>()) { $0.insert($1.start) }
    }

    /// One segment between two of ICU's word boundaries: its UTF-16 range and whether ICU calls it
    /// a word.
    struct Segment: Equatable {
        var start: Int
        var end: Int
        var isWord: Bool
    }

    /// Every segment of `text`, in order, or nil when the iterator cannot be opened.
    static func segments(_ text: String) -> [Segment]? {
        let count = text.utf16.count
        guard count > 0 else { return [] }
        // ICU reads the text in place while it iterates, so it lives in memory of its own.
        let units = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: count)
        defer { units.deallocate() }
        _ = units.initialize(from: text.utf16)
        var status = U_ZERO_ERROR
        guard let iterator = swift_ubrk_open(UBRK_WORD, ruleLocale, units.baseAddress, Int32(clamping: count), &status),
            status.rawValue <= U_ZERO_ERROR.rawValue
        else { return nil }
        defer { swift_ubrk_close(iterator) }
        var segments: [Segment] = []
        var start = Int(swift_ubrk_first(iterator))
        while true {
            let end = Int(swift_ubrk_next(iterator))
            // UBRK_DONE (-1) after the last boundary.
            if end < 0 || end <= start { break }
            let rule = swift_ubrk_getRuleStatus(iterator)
            segments.append(Segment(start: start, end: end, isWord: rule >= Int32(UBRK_WORD_NONE_LIMIT.rawValue)))
            start = end
        }
        return segments
    }
}
