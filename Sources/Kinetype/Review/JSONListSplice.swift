import Foundation

/// A report's long list, encoded element by element into the report's bytes exactly where and as
/// `JSONEncoder` (pretty-printed, two spaces a level) would have put the whole list: the report is
/// encoded with `mark` as the list's value, each element on its own, indented to the list's depth
/// (a top-level key's, so two levels), and the mark replaced by them. JSON text has no line break
/// inside a string, so every line break of an element's text is one the encoder put between values.
/// Sendable, as a value of `JSONEncoder.userInfo` must be: the list it takes is kept under a lock.
final class JSONListSplice: Sendable {
    /// Where `JSONReport.encodeList` finds the splice in the encoder's `userInfo`.
    static let key = CodingUserInfoKey(rawValue: "kinetype.jsonListSplice")!
    /// The value encoded in the list's place; no JSON text holds it but as that value.
    static let mark = "\u{0}kinetype-list\u{0}"
    /// `mark` as `JSONEncoder` writes it (control characters as `\u00XX`).
    private static let markJSON = #""\u0000kinetype-list\u0000""#

    /// The list taken, under its top-level key.
    private struct List: Sendable {
        let key: String
        let encodeElements: @Sendable (JSONEncoder, (Data) throws -> Void) throws -> Void
    }

    private let list = Locked<List?>(nil)

    /// Keeps `list`, under the top-level key `key`, for `data(outline:encoder:)`.
    func take<Element: Encodable & Sendable>(_ list: [Element], key: String) {
        let taken = List(key: key) { encoder, add in
            for element in list { try add(encoder.encode(element)) }
        }
        self.list.withLock { $0 = taken }
    }

    /// Keeps a list encoded already, each element by `JSONReport`'s encoder: `forEachElement`
    /// hands over each element's JSON in order.
    func take(encoded forEachElement: @escaping @Sendable ((Data) throws -> Void) throws -> Void, key: String) {
        let taken = List(key: key) { _, add in try forEachElement(add) }
        list.withLock { $0 = taken }
    }

    /// `outline`, the report encoded with the mark for its list, with the list's elements in its
    /// place; `outline` itself when the report has no list, nil when the mark is not where it goes.
    func data(outline: Data, encoder: JSONEncoder) throws -> Data? {
        var data = Data()
        data.reserveCapacity(outline.count)
        return try write(outline: outline, encoder: encoder) { data.append($0) } ? data : nil
    }

    /// Hands `sink` the bytes of `data(outline:encoder:)` in parts (the outline's, then each
    /// element's), so that they need not be held together; false, having handed nothing, when the
    /// mark is not where it goes.
    func write(outline: Data, encoder: JSONEncoder, to sink: (Data) throws -> Void) throws -> Bool {
        guard let (key, encodeElements) = list.withLock({ $0.map { ($0.key, $0.encodeElements) } }) else {
            try sink(outline)
            return true
        }
        // `"key" : "\u0000kinetype-list\u0000"` on a line of the top level (two spaces in): the
        // quotes around a key are never escaped, and a deeper key's line starts further in.
        let markText = Data(("\n  \"\(key)\" : " + Self.markJSON).utf8)
        guard let found = outline.range(of: markText) else { return false }
        try sink(outline[..<found.lowerBound] + Data("\n  \"\(key)\" : [\n".utf8))
        var first = true
        try encodeElements(encoder) { element in
            var data = Data()
            if !first { data.append(contentsOf: ",\n".utf8) }
            first = false
            Self.append(element, indentedBy: 4, to: &data)
            try sink(data)
        }
        // After the last element, or for an empty list after an empty line: `]` at the key's depth.
        try sink(Data("\n  ]".utf8) + outline[found.upperBound...])
        return true
    }

    /// `text` with `spaces` spaces before each of its lines that is not empty.
    private static func append(_ text: Data, indentedBy spaces: Int, to data: inout Data) {
        let indent = [UInt8](repeating: 0x20, count: spaces)
        var lineStart = text.startIndex
        while lineStart < text.endIndex {
            let lineEnd = text[lineStart...].firstIndex(of: 0x0A).map { $0 + 1 } ?? text.endIndex
            if text[lineStart] != 0x0A { data.append(contentsOf: indent) }
            data.append(text[lineStart..<lineEnd])
            lineStart = lineEnd
        }
    }
}
