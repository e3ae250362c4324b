import Foundation

/// Merges the `--report` files of a sharded `verify` (`--shard I/N` on several machines) into the
/// report of the whole run: every scene in the order one unsharded run would have verified them,
/// with the failure images of each shard found where its report is.
public enum VerifyReportMerge {
    /// One report to merge: its path (for messages, and to find its images) and bytes.
    public struct Input {
        public var path: String
        public var bytes: Data

        public init(path: String, bytes: Data) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// The merged report, and warnings (shards that are missing).
    /// - Throws: a `DiagnosticList` when a report is not a verify report, the reports are of
    ///   different runs, a shard appears twice, or a scene is in two reports.
    public static func merge(_ inputs: [Input]) throws -> (report: VerifyReport, warnings: [Diagnostic]) {
        let decoded = try inputs.map { input in (path: input.path, report: try decode(input)) }
        guard let first = decoded.first else {
            throw Diagnostic(kind: .usage, message: "there are no reports to merge").fail()
        }
        for other in decoded.dropFirst() {
            if other.report.goldenFolder != first.report.goldenFolder
                || other.report.acceptArguments != first.report.acceptArguments
            {
                throw Diagnostic(
                    message: "\(other.path) is a report of another run than \(first.path) (its golden folder or "
                        + "options differ); merge the shard reports of one run"
                ).fail()
            }
        }
        let shards = try ShardCoverage.check(decoded.map { ($0.path, $0.report.shard) }, of: "run")
        var merged = VerifyReport(
            shard: nil, goldenFolder: first.report.goldenFolder,
            artifactsFolder: Set(decoded.map(\.report.artifactsFolder)).count == 1 ? first.report.artifactsFolder : "",
            acceptArguments: first.report.acceptArguments, comparison: first.report.comparison)
        merged.shard = shards.label
        var owners: [String: String] = [:]
        var queues: [[[VerifyReport.Entry]]] = []
        for (path, report) in decoded.sorted(by: { shardIndex($0.report) < shardIndex($1.report) }) {
            let locator = ArtifactLocator(reportPath: path, artifactsFolder: report.artifactsFolder)
            var groups: [[VerifyReport.Entry]] = []
            for entry in report.scenes {
                if let owner = owners[entry.scenePath], owner != path {
                    throw Diagnostic(
                        message: "scene \(JSONText.quoted(entry.scenePath)) is in both \(owner) and \(path); "
                            + "each scene belongs to one shard"
                    ).fail()
                }
                owners[entry.scenePath] = path
                let located = locator.locate(entry)
                if groups.last?.last?.scenePath == entry.scenePath {
                    groups[groups.count - 1].append(located)
                } else {
                    groups.append([located])
                }
            }
            queues.append(groups)
        }
        // Shards take scenes round-robin, so taking one scene of each shard in turn restores the order.
        for round in 0..<(queues.map(\.count).max() ?? 0) {
            for queue in queues where round < queue.count { merged.scenes += queue[round] }
        }
        merged.obsoleteSets = Array(Set(decoded.flatMap(\.report.obsoleteSets))).sorted()
        merged.removedSets = Array(Set(decoded.flatMap(\.report.removedSets))).sorted()
        merged.interrupted = decoded.contains { $0.report.interrupted }
        return (merged, shards.warnings)
    }

    private static func shardIndex(_ report: VerifyReport) -> Int {
        report.shard.flatMap(Shard.init(parsing:))?.index ?? 0
    }

    private static func decode(_ input: Input) throws -> VerifyReport {
        do {
            return try JSONDecoder().decode(VerifyReport.self, from: input.bytes)
        } catch {
            throw Diagnostic(
                file: input.path,
                message: "\(input.path) is not a kinetype verify report (written by verify --report): "
                    + ReportDecoding.reason(error)
            ).fail()
        }
    }
}

/// Finds a shard's failure images on the machine that merges: where the report says, or beside
/// the report (the artifacts folder downloaded next to it, or its contents in the report's folder).
struct ArtifactLocator {
    let reportFolder: URL
    let artifactsFolder: String

    init(reportPath: String, artifactsFolder: String) {
        reportFolder = URL(fileURLWithPath: reportPath).deletingLastPathComponent()
        self.artifactsFolder = artifactsFolder
    }

    /// `entry` with each image path replaced by where the image is found (unchanged when it is not).
    func locate(_ entry: VerifyReport.Entry) -> VerifyReport.Entry {
        var entry = entry
        for index in entry.result.frames.indices {
            entry.result.frames[index].expectedPath = entry.result.frames[index].expectedPath.map(find)
            entry.result.frames[index].actualPath = entry.result.frames[index].actualPath.map(find)
            entry.result.frames[index].diffPath = entry.result.frames[index].diffPath.map(find)
        }
        return entry
    }

    func find(_ path: String) -> String {
        var candidates = [path]
        let prefix = artifactsFolder.hasSuffix("/") ? artifactsFolder : artifactsFolder + "/"
        if !artifactsFolder.isEmpty, path.hasPrefix(prefix) {
            let inside = String(path.dropFirst(prefix.count))
            let folderName = URL(fileURLWithPath: artifactsFolder).lastPathComponent
            candidates.append(reportFolder.appendingPathComponent(folderName).appendingPathComponent(inside).path)
            candidates.append(reportFolder.appendingPathComponent(inside).path)
        }
        if !path.hasPrefix("/") { candidates.append(reportFolder.appendingPathComponent(path).path) }
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? path
    }
}
