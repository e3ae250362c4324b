import CPangoCairo
import KinetypeCore

/// Unicode's word boundaries (UAX #29) as Pango finds them, with its dictionaries for Thai, Lao,
/// Khmer and Burmese: a Japanese, Chinese or Thai sentence written without spaces splits into its
/// words, not one unit. A character starts a word when its first Unicode scalar does; every
/// ideograph starts one, as UAX #29 has it (Pango keeps a run of ideographs together, and has no
/// dictionary for Chinese words).
public struct UnicodeWords: WordSegmentation {
    public init() {}

    public func wordStarts(in text: String) -> [Int] {
        let scalars = text.unicodeScalars.count
        guard scalars > 0 else { return [] }
        var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: scalars + 1)
        var utf8 = text
        utf8.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                pango_get_log_attrs(
                    characters.baseAddress, Int32(clamping: characters.count), 0, pango_language_from_string("und"),
                    &attributes, Int32(clamping: attributes.count))
            }
        }
        var starts: [Int] = []
        var scalar = 0
        for (offset, character) in text.enumerated() {
            if attributes[scalar].is_word_start != 0 || Self.isIdeograph(character) { starts.append(offset) }
            scalar += character.unicodeScalars.count
        }
        return starts
    }

    private static func isIdeograph(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return scalar.properties.isIdeographic
    }
}
