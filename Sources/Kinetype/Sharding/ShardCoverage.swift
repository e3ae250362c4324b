import Foundation

/// Which shards a set of shard reports covers, for `batch-report merge` and `verify-report merge`.
enum ShardCoverage {
    /// One report's claim: its name, the shard it says it is (nil for a whole run) and where its
    /// `shard` stands in its file.
    struct Claim {
        var name: String
        var shard: Shard?
        var position: SourcePosition?
    }

    /// What the reports cover.
    struct Coverage {
        /// The shard label of the merged report: nil when every shard is there (or one whole run),
        /// `1,3 of 4` (runs of three or more as `1-3`) when some are missing.
        var label: String?
        /// The error naming the missing shards (how many, and the first few): a merge without
        /// them is not the whole run. Nil when none is missing.
        var missing: Diagnostic?
    }

    /// At most this many missing shards are named; the rest are counted.
    static let namedMissing = 10

    /// - Parameter work: what was sharded, for messages (`batch`, `run`).
    /// - Throws: a `DiagnosticList` when a whole run is merged with others, the reports split the
    ///   work differently, or a shard is given twice.
    static func check(_ claims: [Claim], of work: String) throws -> Coverage {
        var present: [Int: String] = [:]
        var count: Int?
        for claim in claims {
            guard let shard = claim.shard else {
                guard claims.count == 1 else {
                    throw Diagnostic(
                        file: claim.name,
                        message: "\(claim.name) is a report of a whole \(work), not of a shard; merge shard reports"
                    )
                    .fail()
                }
                return Coverage(label: nil, missing: nil)
            }
            if let count, count != shard.count {
                throw Diagnostic(
                    file: claim.name, position: claim.position, path: "shard",
                    message:
                        "\(claim.name) is shard \(shard.label) but the other reports split the \(work) into \(count) shards"
                ).fail()
            }
            count = shard.count
            if let earlier = present[shard.index] {
                throw Diagnostic(
                    file: claim.name, position: claim.position, path: "shard",
                    message: "\(earlier) and \(claim.name) are both shard \(shard.label)"
                ).fail()
            }
            present[shard.index] = claim.name
        }
        let total = count ?? 1
        let missingCount = total - present.count
        guard missingCount > 0 else { return Coverage(label: nil, missing: nil) }
        // Only the first few missing shards are looked for: a count of 10,000 with one report
        // takes a few steps, not a list of 9,999.
        var named: [String] = []
        var index = 1
        while named.count < min(namedMissing, missingCount) {
            if present[index] == nil { named.append("\(index)/\(total)") }
            index += 1
        }
        let covered = present.keys.sorted()
        let label = runs(covered) + " of \(total)"
        let what =
            missingCount == 1
            ? "shard \(named[0]) is missing"
            : "\(missingCount) of \(total) shards are missing ("
                + named.joined(separator: ", ")
                + (missingCount > named.count ? " and \(missingCount - named.count) more" : "")
                + ")"
        let coveredText = covered.count <= 20 ? "shards \(label)" : "\(covered.count) of \(total) shards"
        return Coverage(
            label: label,
            missing: Diagnostic(
                kind: .renderFailure,
                message: "\(what): the merged report covers only \(coveredText)",
                hint:
                    "merge the report of every shard, or pass \(CommandLineOption.allowPartial.flag) to accept a "
                    + "partial \(work)"
            ))
    }

    /// `1-3,5,7,8`: sorted numbers, runs of three or more as a range.
    static func runs(_ numbers: [Int]) -> String {
        var parts: [String] = []
        var start = 0
        while start < numbers.count {
            var end = start
            while end + 1 < numbers.count, numbers[end + 1] == numbers[end] + 1 { end += 1 }
            if end - start >= 2 {
                parts.append("\(numbers[start])-\(numbers[end])")
            } else {
                parts += numbers[start...end].map(String.init)
            }
            start = end + 1
        }
        return parts.joined(separator: ",")
    }

    /// The `shard` of a report as a `Shard`, or nil for a whole run's report.
    /// - Throws: a positioned diagnostic when it is not `I/N` within `Shard.maximumCount`.
    static func shard<Value>(_ label: String?, in document: ReportDocument<Value>) throws -> Shard? {
        guard let label else { return nil }
        guard let shard = Shard(parsing: label) else {
            throw document.diagnostic(
                at: [.key("shard")],
                "\(JSONText.quoted(label)) is not a shard: a shard is \(Shard.syntax), as "
                    + "\(CommandLineOption.shard.flag) takes it"
            ).fail()
        }
        return shard
    }

    /// The error (or, with `--allow-partial`, warning) for a shard report whose run was stopped
    /// before it finished: its outputs or scenes after the last one listed are missing.
    static func interrupted<Value>(_ document: ReportDocument<Value>, shard: Shard?, work: String) -> Diagnostic {
        let which = shard.map { "shard \($0.label)" } ?? "the \(work)"
        return Diagnostic(
            kind: .renderFailure, file: document.fileName, position: document.position(at: [.key("interrupted")]),
            path: "interrupted",
            message: "\(which) was interrupted (Ctrl-C or SIGTERM) before it finished: what it did not reach is "
                + "missing from the merged report",
            hint: "run \(which) again, or pass \(CommandLineOption.allowPartial.flag) to accept a partial \(work)")
    }
}

extension Diagnostic {
    /// This problem as a warning, without its hint: a gap of a merge that `--allow-partial` accepts.
    public var downgraded: Diagnostic {
        var warning = self
        warning.severity = .warning
        warning.hint = nil
        return warning
    }
}
