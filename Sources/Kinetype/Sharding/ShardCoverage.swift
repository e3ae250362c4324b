import Foundation

/// Which shards a set of shard reports covers, for `batch-report merge` and `verify-report merge`.
enum ShardCoverage {
    /// The shard label of the merged report (nil when every shard is there, `1,3 of 4` when some
    /// are missing) and a warning naming the missing ones.
    /// - Parameters:
    ///   - reports: each report's name and the shard it says it is (`2/4`), nil for a whole run.
    ///   - work: what was sharded, for messages (`batch`, `run`).
    /// - Throws: a `DiagnosticList` when a whole run is merged with others, a shard label is not
    ///   `I/N`, the reports split the work differently, or a shard is given twice.
    static func check(_ reports: [(name: String, shard: String?)], of work: String) throws -> (
        label: String?, warnings: [Diagnostic]
    ) {
        var present: [Int: String] = [:]
        var count: Int?
        for (name, text) in reports {
            guard let text else {
                guard reports.count == 1 else {
                    throw Diagnostic(
                        message: "\(name) is a report of a whole \(work), not of a shard; merge shard reports"
                    )
                    .fail()
                }
                return (nil, [])
            }
            guard let shard = Shard(parsing: text) else {
                throw Diagnostic(message: "\(name) names the shard \(JSONText.quoted(text)), not I/N").fail()
            }
            if let count, count != shard.count {
                throw Diagnostic(
                    message: "\(name) is shard \(text) but the other reports split the \(work) into \(count) shards"
                ).fail()
            }
            count = shard.count
            if let earlier = present[shard.index] {
                throw Diagnostic(message: "\(earlier) and \(name) are both shard \(text)").fail()
            }
            present[shard.index] = name
        }
        let total = count ?? 1
        let missing = (1...total).filter { present[$0] == nil }
        guard !missing.isEmpty else { return (nil, []) }
        let list = missing.map { "\($0)/\(total)" }.joined(separator: ", ")
        let label = present.keys.sorted().map(String.init).joined(separator: ",") + " of \(total)"
        let verb = missing.count == 1 ? "is" : "are"
        return (
            label,
            [Diagnostic(.warning, message: "shard \(list) \(verb) missing; the merged report covers shards \(label)")]
        )
    }
}

/// Why a report file did not decode, in words.
enum ReportDecoding {
    static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "it has no \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        case DecodingError.dataCorrupted: return "it is not valid JSON"
        default: return "\(error)"
        }
    }
}
