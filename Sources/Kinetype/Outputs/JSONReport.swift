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
}
