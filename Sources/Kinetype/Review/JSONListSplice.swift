import Foundation

/// A report's long list, encoded element by element into the report's bytes exactly where and as
/// `JSONEncoder` (pretty-printed, two spaces a level) would have put the whole list: the report is
/// encoded with `mark` as the list's value, each element on its own, indented to the list's depth
/// (a top-level key's, so two levels), and the mark replaced by them. JSON text has no line break
/// inside a string, so every line break of an element's text is one the encoder put between values.
final class JSONListSplice {
    /// Where `JSONReport.encodeList` finds the splice in the encoder's `userInfo`.
    static let key = CodingUserInfoKey(rawValue: "kinetype.jsonListSplice")!
    /// The value encoded in the list's place; no JSON text holds it but as that value.
    static let mark = "\u{0}kinetype-list\u{0}"
    /// `mark` as `JSONEncoder` writes it (control characters as `\u00XX`).
    private static let markJSON = #""\u0000kinetype-list\u0000""#

    private var key: String?
    private var encodeElements: ((JSONEncoder, (Data) throws -> Void) throws -> Void)?

    /// Keeps `list`, under the top-level key `key`, for `data(outline:encoder:)`.
    func take<Element: Encodable>(_ list: [Element], key: String) {
        self.key = key
        encodeElements = { encoder, add in
            for element in list { try add(encoder.encode(element)) }
        }
    }

    /// `outline`, the report encoded with the mark for its list, with the list's elements in its
    /// place; `outline` itself when the report has no list, nil when the mark is not where it goes.
    func data(outline: Data, encoder: JSONEncoder) throws -> Data? {
        guard let key, let encodeElements else { return outline }
        // `"key" : "\u0000kinetype-list\u0000"` on a line of the top level (two spaces in): the
        // quotes around a key are never escaped, and a deeper key's line starts further in.
        let markText = Data(("\n  \"\(key)\" : " + Self.markJSON).utf8)
        guard let found = outline.range(of: markText) else { return nil }
        var data = Data()
        data.reserveCapacity(outline.count)
        data.append(outline[..<found.lowerBound])
        data.append(contentsOf: "\n  \"\(key)\" : [\n".utf8)
        var first = true
        try encodeElements(encoder) { element in
            if !first { data.append(contentsOf: ",\n".utf8) }
            first = false
            Self.append(element, indentedBy: 4, to: &data)
        }
        // After the last element, or for an empty list after an empty line: `]` at the key's depth.
        data.append(contentsOf: "\n  ]".utf8)
        data.append(outline[found.upperBound...])
        return data
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
