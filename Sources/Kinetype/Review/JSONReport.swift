import Foundation
import KinetypeEncode

/// Writes machine-readable reports (`--report`) as pretty, key-sorted JSON, atomically (put in
/// place with `group`'s other outputs when given).
public enum JSONReport {
    public static func write<Report: Encodable>(_ report: Report, to url: URL, group: OutputGroup? = nil) throws {
        try AtomicFile.write(data(of: report), to: url, group: group)
    }

    /// Writes the report unless `url` holds exactly its bytes already (left as it is, its
    /// modification time too); returns whether it wrote.
    @discardableResult
    public static func writeIfChanged<Report: Encodable>(_ report: Report, to url: URL) throws -> Bool {
        try AtomicFile.writeIfChanged(data(of: report), to: url)
    }

    /// The report's bytes. A long list in it (`encodeList`) is encoded an element at a time and
    /// put in place, so the encoder never holds the whole report as one tree of values: a batch
    /// of 10,000 outputs would need many times the memory of its report for that.
    static func data<Report: Encodable>(of report: Report) throws -> Data {
        let encoder = Self.encoder()
        let splice = JSONListSplice()
        encoder.userInfo[JSONListSplice.key] = splice
        let outline = try encoder.encode(report)
        // Were the list anywhere but at the top level, the report is encoded whole.
        return try splice.data(outline: outline, encoder: Self.encoder()) ?? Self.encoder().encode(report)
    }

    /// Encodes `list` under `key` of a report's top level; when the report is written by
    /// `JSONReport`, its elements are encoded one at a time instead (`JSONListSplice`). One list per
    /// report.
    static func encodeList<Key: CodingKey, Element: Encodable>(
        _ list: [Element], forKey key: Key, in container: inout KeyedEncodingContainer<Key>, encoder: Encoder
    ) throws {
        guard let splice = encoder.userInfo[JSONListSplice.key] as? JSONListSplice else {
            return try container.encode(list, forKey: key)
        }
        splice.take(list, key: key.stringValue)
        try container.encode(JSONListSplice.mark, forKey: key)
    }

    /// The encoder of every report: pretty, keys sorted, slashes as they are.
    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
