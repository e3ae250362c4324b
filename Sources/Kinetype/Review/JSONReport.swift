import Foundation
import KinetypeEncode

/// Writes machine-readable reports (`--report`) as pretty, key-sorted JSON, atomically (put in
/// place with `group`'s other outputs when given).
public enum JSONReport {
    public static func write<Report: Encodable>(_ report: Report, to url: URL, group: OutputGroup? = nil) throws {
        try AtomicFile.write(data(of: report), to: url, group: group)
    }

    /// Writes the report unless `url` holds exactly its bytes already (left as it is, its
    /// modification time too); returns whether it wrote. The bytes go to the temporary file as
    /// they are encoded (`ReportFileWriter`), so a batch's long report is never held whole.
    @discardableResult
    public static func writeIfChanged<Report: Encodable>(_ report: Report, to url: URL) throws -> Bool {
        guard let file = try? AtomicFile(destination: url) else {
            // Where no temporary can be made, an unchanged report is still left as it is.
            return try AtomicFile.writeIfChanged(data(of: report), to: url)
        }
        do {
            let writer = try ReportFileWriter(file.temporaryURL, destination: url)
            let encoder = Self.encoder()
            let splice = JSONListSplice()
            encoder.userInfo[JSONListSplice.key] = splice
            let outline = try encoder.encode(report)
            if try !splice.write(outline: outline, encoder: Self.encoder(), to: writer.add) {
                try writer.add(Self.encoder().encode(report))
            }
            try writer.finish()
        } catch {
            file.discard()
            throw error
        }
        if IdenticalFiles.same(file.temporaryURL, url) {
            file.discard()
            return false
        }
        try file.commit()
        return true
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
    static func encodeList<Key: CodingKey, Element: Encodable & Sendable>(
        _ list: [Element], forKey key: Key, in container: inout KeyedEncodingContainer<Key>, encoder: Encoder
    ) throws {
        guard let splice = encoder.userInfo[JSONListSplice.key] as? JSONListSplice else {
            return try container.encode(list, forKey: key)
        }
        splice.take(list, key: key.stringValue)
        try container.encode(JSONListSplice.mark, forKey: key)
    }

    /// Encodes the outcomes `spool` holds under `key`, as `encodeList` encodes a list. Only
    /// `JSONReport` can: any other encoder gets an error.
    static func encodeList<Key: CodingKey>(
        _ spool: BatchOutcomeSpool, forKey key: Key, in container: inout KeyedEncodingContainer<Key>,
        encoder: Encoder
    ) throws {
        guard let splice = encoder.userInfo[JSONListSplice.key] as? JSONListSplice else {
            throw EncodingError.invalidValue(
                spool,
                EncodingError.Context(
                    codingPath: container.codingPath + [key],
                    debugDescription: "a batch report that keeps only its failed outcomes is written by JSONReport"))
        }
        splice.take(encoded: spool.forEachEncoded, key: key.stringValue)
        try container.encode(JSONListSplice.mark, forKey: key)
    }

    /// The encoder of every report, and of each element of its list: pretty, keys sorted, slashes
    /// as they are.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
