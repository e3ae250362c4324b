import Foundation
import KinetypeEncode

/// Writes machine-readable reports (`--report`) as pretty, key-sorted JSON, atomically.
public enum JSONReport {
    public static func write<Report: Encodable>(_ report: Report, to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(encoder.encode(report), to: url)
    }
}
