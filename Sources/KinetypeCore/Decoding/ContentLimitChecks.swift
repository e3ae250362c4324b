extension DecodingContext {
    /// `items` when there are at most `limit.maximum` of them; else reports it at `path`.
    func limited(_ items: [JSONValue], _ limit: ContentLimit, path: String, at position: SourcePosition?)
        -> [JSONValue]?
    {
        guard items.count > limit.maximum else { return items }
        report(
            "has \(items.count) items; at most \(limit.maximum) \(limit.meaning) are allowed", path: path,
            at: position, hint: limit.reason)
        return nil
    }

    /// `items` when there are at most `limit.maximum` of them and, with the scene's items of `total`
    /// counted so far, at most `total.maximum`; else reports it at `path`. Past the total, no
    /// further array of that kind is decoded (and only the first is reported), so the work stops
    /// where the limit is.
    func limited(
        _ items: [JSONValue], _ limit: ContentLimit, within total: ContentLimit, path: String,
        at position: SourcePosition?
    ) -> [JSONValue]? {
        guard let items = limited(items, limit, path: path, at: position) else { return nil }
        let before = sceneTotals[total.meaning, default: 0]
        let after = before + items.count
        sceneTotals[total.meaning] = after
        guard after > total.maximum else { return items }
        if before <= total.maximum {
            report(
                "has \(items.count) items, which bring the scene to \(after); at most \(total.maximum) "
                    + "\(total.meaning) are allowed",
                path: path, at: position, hint: total.reason)
        }
        return nil
    }

    /// Counts `text` toward the scene's Unicode scalars and checks each of its characters; false
    /// when a problem was reported.
    func checkSceneText(_ text: String, path: String) -> Bool {
        let count = text.unicodeScalars.count
        sceneTextScalars += count
        let limit = ContentLimits.sceneText.maximum
        if sceneTextScalars > limit, sceneTextScalars - count <= limit {
            report(
                "the scene's text reaches \(sceneTextScalars) Unicode scalars here; at most \(limit) "
                    + ContentLimits.sceneText.meaning + " are allowed",
                path: path, at: positions[path], hint: "split the scene, or shorten its texts")
            return false
        }
        return checkCharacters(text, path: path)
    }

    /// Reports the first character made of more Unicode scalars than `ContentLimits.characterScalars`.
    private func checkCharacters(_ text: String, path: String) -> Bool {
        let limit = ContentLimits.characterScalars.maximum
        guard text.unicodeScalars.count > limit else { return true }
        for (index, character) in text.enumerated() where character.unicodeScalars.count > limit {
            report(
                "character \(index + 1) is made of \(character.unicodeScalars.count) Unicode scalars (a base and "
                    + "its combining marks or joiners); at most \(limit) make one character",
                path: path, at: positions[path], hint: ContentLimits.characterScalars.reason)
            return false
        }
        return true
    }

    /// Reports a word longer than `ContentLimits.wordLength` in a text that wraps by words (a frame
    /// width and a `wrap` other than `char`).
    func checkWordLength(_ text: String, path: String) {
        let limit = ContentLimits.wordLength.maximum
        guard text.count > limit, let word = LineBreakOpportunities.longestWord(in: text), word.length > limit
        else { return }
        report(
            "a word of \(word.length) characters (from character \(word.start + 1)) has no place where a line may "
                + "break; a wrapped text's words may be at most \(limit) characters",
            path: path, at: positions[path],
            hint: "add spaces, or set \"wrap\": \"char\" to break lines between any two characters")
    }
}

/// Where a line may break, as far as the cost of laying a text out goes: after white space, a
/// hyphen, a slash or a zero-width space, and around every character of the scripts written
/// without spaces (Chinese, Japanese, Korean; Thai, Lao, Khmer and Burmese, which Pango breaks by
/// dictionary). It errs towards finding breaks, so only a real run of letters counts as long.
enum LineBreakOpportunities {
    /// The longest run of characters without a break, and where it starts (0-based).
    static func longestWord(in text: String) -> (length: Int, start: Int)? {
        var longest: (length: Int, start: Int)?
        var runStart = 0
        var runLength = 0
        for (index, character) in text.enumerated() {
            if breaksAround(character) {
                runLength = 0
                runStart = index + 1
                continue
            }
            runLength += 1
            if runLength > (longest?.length ?? 0) { longest = (runLength, runStart) }
        }
        return longest
    }

    static func breaksAround(_ character: Character) -> Bool {
        if character.isWhitespace { return true }
        guard let scalar = character.unicodeScalars.first else { return true }
        switch scalar.value {
        case 0x2D, 0x2F, 0x200B, 0x2010, 0x2013, 0x2014: return true
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF: return true // Thai, Lao, Burmese, Khmer
        case 0x1100...0x11FF, 0x2E80...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF: return true
        case 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF: return true // CJK forms, fullwidth, ideographs
        default: return false
        }
    }
}
