import Foundation
import KinetypeEncode

/// Writes machine-readable reports (`--report`) as pretty, key-sorted JSON, atomically (put in
/// place with `group`'s other outputs when given).
public enum JSONReport {
    public static func write<Report: Encodable>(_ report: Report, to url: URL, group: OutputGroup? = nil) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(encoder.encode(report), to: url, group: group)
    }

    /// Writes the report unless `url` holds exactly its bytes already (left as it is, its
    /// modification time too); returns whether it wrote.
    @discardableResult
    public static func writeIfChanged<Report: Encodable>(_ report: Report, to url: URL) throws -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try AtomicFile.writeIfChanged(encoder.encode(report), to: url)
    }
}
