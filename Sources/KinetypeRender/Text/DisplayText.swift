import KinetypeCore

/// The text a layer lays out, as grapheme clusters that remember where they came from: the run
/// that styles them and their index in the layer's full text (the reveal and cursor count those).
/// Truncation removes elements and inserts an ellipsis that stands for the first removed one.
struct DisplayText: Hashable {
    struct Element: Hashable {
        var text: String
        /// Grapheme index in the layer's full text.
        var original: Int
        /// Index of the `TextRun` that styles it.
        var run: Int
    }

    var elements: [Element]

    /// Splits the concatenated runs into grapheme clusters (clusters are counted in the joined
    /// text, so a combining mark that starts a run joins the previous run's last character).
    init(runs: [TextRun]) {
        var runEnds: [Int] = []
        var total = 0
        for run in runs {
            total += run.text.utf8.count
            runEnds.append(total)
        }
        var elements: [Element] = []
        var byte = 0
        var runIndex = 0
        for (index, character) in runs.map(\.text).joined().enumerated() {
            while runIndex < runEnds.count - 1 && byte >= runEnds[runIndex] { runIndex += 1 }
            let text = String(character)
            elements.append(Element(text: text, original: index, run: runIndex))
            byte += text.utf8.count
        }
        self.elements = elements
    }

    init(elements: [Element]) { self.elements = elements }

    var string: String { elements.map(\.text).joined() }

    /// The UTF-8 byte offset where each element starts, plus the total length at the end.
    var byteOffsets: [Int] {
        var offsets = [0]
        offsets.reserveCapacity(elements.count + 1)
        for element in elements { offsets.append(offsets.last! + element.text.utf8.count) }
        return offsets
    }

    /// Consecutive elements that share a key, as UTF-8 byte ranges.
    func byteRanges<Key: Equatable>(by key: (Element) -> Key) -> [(range: Range<Int>, key: Key)] {
        var ranges: [(range: Range<Int>, key: Key)] = []
        var start = 0
        var offset = 0
        var current: Key?
        for element in elements {
            let elementKey = key(element)
            if let currentKey = current, currentKey != elementKey {
                ranges.append((start..<offset, currentKey))
                start = offset
            }
            current = elementKey
            offset += element.text.utf8.count
        }
        if let current { ranges.append((start..<offset, current)) }
        return ranges
    }

    /// The UTF-8 offset of the first element whose original index is at least `original` (the end
    /// of the text when none is): where a cursor before that character stands.
    func byteOffset(beforeOriginal original: Int) -> Int {
        let offsets = byteOffsets
        for (index, element) in elements.enumerated() where element.original >= original { return offsets[index] }
        return offsets.last!
    }
}
