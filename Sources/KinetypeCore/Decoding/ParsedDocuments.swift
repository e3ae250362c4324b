import Foundation

/// The last JSON document parsed through it, kept for the next decode of the same bytes: a batch
/// decodes its template once per entry (and once more to plan its files), each time with other
/// values for the placeholders, which are filled in while decoding, after parsing. Parsing is the
/// same for the same bytes and file name, so it runs once. A failed parse is not kept (the next
/// decode reports it again).
public final class ParsedDocuments: Sendable {
    private struct Parsed: Sendable {
        var data: Data
        var fileName: String
        var root: JSONValue
        var valueCount: Int
    }

    private let last = Locked<Parsed?>(nil)

    public init() {}

    /// `JSONParser.parse(_:fileName:valueLimit:valueCount:)`, answered from the last document when
    /// it had the same bytes and name.
    func parse(_ data: Data, fileName: String, valueLimit: ContentLimit?, valueCount: inout Int) throws -> JSONValue {
        if let known = last.withLock({ $0 }), known.fileName == fileName, known.data == data {
            valueCount = known.valueCount
            return known.root
        }
        var count = 0
        let root = try JSONParser.parse(data, fileName: fileName, valueLimit: valueLimit, valueCount: &count)
        last.withLock { $0 = Parsed(data: data, fileName: fileName, root: root, valueCount: count) }
        valueCount = count
        return root
    }
}
