import Foundation

/// Merges the `--report` files of a sharded `verify` (`--shard I/N` on several machines) into the
/// report of the whole run: every scene in the order one unsharded run would have verified them,
/// with the failure images of each shard found in its artifacts folder beside its report.
///
/// Reports come from other machines, so each is read as untrusted input (`ReportDecoder`: strict
/// JSON, every number within its `ReportRanges` range, positioned errors), an image path it names
/// is only a name to look for inside its artifacts folder (`ArtifactLocator`), and a merge that
/// is not the whole run (a shard missing, or interrupted) says so in `gaps`.
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

    /// What a merge gives.
    public struct Merged {
        /// The report of the whole run; each image path is where the merge found the image on this
        /// machine, and absent when it found none it may show.
        public var report: VerifyReport
        /// The images the merged report names, each to be read only beneath its shard's artifacts
        /// folder (`VerifyHTMLReport.images`).
        public var images: [String: ArtifactImage]
        /// Problems that do not stop the merge: images that are not shown, and why.
        public var warnings: [Diagnostic]
        /// Why the merged report is not the whole run: shards that are missing, shards that were
        /// interrupted. Errors (`verify-report merge` exits 1) unless partial runs are accepted.
        public var gaps: [Diagnostic]
    }

    /// What a verify report is, for messages about a file that is not one.
    static let expected = "a kinetype verify report (written by verify \(CommandLineOption.report.flag))"

    /// The merged report, its images, and what it lacks.
    /// - Throws: a `DiagnosticList` when a report is not a verify report (at its line, column and
    ///   JSON path: a number out of its range, a shard that is not `I/N`), the reports are of
    ///   different runs, a shard appears twice, or a scene is in two reports.
    public static func merge(_ inputs: [Input]) throws -> Merged {
        var decoded: [(path: String, report: VerifyReport, shard: Shard?)] = []
        var claims: [ShardCoverage.Claim] = []
        var gaps: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        var images: [String: ArtifactImage] = [:]
        for input in inputs {
            let document = try ReportDecoder(fileName: input.path, expected: expected, ranges: ReportRanges.verify)
                .decode(VerifyReport.self, from: input.bytes)
            let shard = try ShardCoverage.shard(document.value.shard, in: document)
            claims.append(.init(name: input.path, shard: shard, position: document.position(at: [.key("shard")])))
            if document.value.interrupted {
                gaps.append(ShardCoverage.interrupted(document, shard: shard, work: "run"))
            }
            var report = document.value
            warnings += locateImages(of: &report, in: document, reportPath: input.path, into: &images)
            decoded.append((input.path, report, shard))
        }
        guard let first = decoded.first else {
            throw Diagnostic(kind: .usage, message: "there are no reports to merge").fail()
        }
        for other in decoded.dropFirst() {
            if other.report.goldenFolder != first.report.goldenFolder
                || other.report.acceptArguments != first.report.acceptArguments
            {
                throw Diagnostic(
                    file: other.path,
                    message: "\(other.path) is a report of another run than \(first.path) (its golden folder or "
                        + "options differ); merge the shard reports of one run"
                ).fail()
            }
        }
        let coverage = try ShardCoverage.check(claims, of: "run")
        if let missing = coverage.missing { gaps.insert(missing, at: 0) }
        var merged = VerifyReport(
            shard: nil, goldenFolder: first.report.goldenFolder,
            artifactsFolder: Set(decoded.map(\.report.artifactsFolder)).count == 1 ? first.report.artifactsFolder : "",
            acceptArguments: first.report.acceptArguments, comparison: first.report.comparison)
        merged.shard = coverage.label
        var owners: [String: String] = [:]
        var queues: [[[VerifyReport.Entry]]] = []
        for (path, report, _) in decoded.sorted(by: { ($0.shard?.index ?? 0) < ($1.shard?.index ?? 0) }) {
            var groups: [[VerifyReport.Entry]] = []
            for entry in report.scenes {
                if let owner = owners[entry.scenePath], owner != path {
                    throw Diagnostic(
                        file: path,
                        message: "scene \(JSONText.quoted(entry.scenePath)) is in both \(owner) and \(path); "
                            + "each scene belongs to one shard"
                    ).fail()
                }
                owners[entry.scenePath] = path
                if groups.last?.last?.scenePath == entry.scenePath {
                    groups[groups.count - 1].append(entry)
                } else {
                    groups.append([entry])
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
        return Merged(report: merged, images: images, warnings: warnings, gaps: gaps)
    }

    /// Replaces each image path of `report` by where its image is on this machine, inside the
    /// shard's artifacts folder (`ArtifactLocator`), or removes it; returns the warnings that say
    /// how many were not found or refused, naming the first refused one at its place in the file.
    private static func locateImages(
        of report: inout VerifyReport, in document: ReportDocument<VerifyReport>, reportPath: String,
        into images: inout [String: ArtifactImage]
    ) -> [Diagnostic] {
        let locator = ArtifactLocator(reportPath: reportPath, artifactsFolder: report.artifactsFolder)
        var missing = 0
        var refused: [(path: [ReportPath], reported: String, reason: String)] = []
        func locate(_ reported: String?, at path: [ReportPath]) -> String? {
            guard let reported else { return nil }
            switch locator.locate(reported) {
            case .found(let image):
                images[image.path] = image
                return image.path
            case .missing:
                missing += 1
            case .refused(let reason):
                refused.append((path, reported, reason))
            }
            return nil
        }
        for (sceneIndex, entry) in report.scenes.enumerated() {
            for (frameIndex, verdict) in entry.result.frames.enumerated() {
                let base: [ReportPath] = [
                    .key("scenes"), .index(sceneIndex), .key("result"), .key("frames"), .index(frameIndex),
                ]
                var located = verdict
                located.expectedPath = locate(verdict.expectedPath, at: base + [.key("expectedPath")])
                located.actualPath = locate(verdict.actualPath, at: base + [.key("actualPath")])
                located.diffPath = locate(verdict.diffPath, at: base + [.key("diffPath")])
                report.scenes[sceneIndex].result.frames[frameIndex] = located
            }
        }
        var warnings: [Diagnostic] = []
        if let example = refused.first {
            let others = refused.count > 1 ? " (and \(refused.count - 1) more image path(s) of this report)" : ""
            warnings.append(
                document.diagnostic(
                    .warning, at: example.path,
                    "\(JSONText.quotedPath(example.reported)) \(example.reason); it is not shown\(others)",
                    hint: "a merge shows only the PNG images verify wrote into each shard's artifacts folder, read "
                        + "from that folder beside the report"))
        }
        if missing > 0 {
            let places = locator.folders.map(JSONText.quotedPath).joined(separator: " or ")
            warnings.append(
                Diagnostic(
                    .warning, kind: .missingInput, file: reportPath,
                    message: "\(missing) failure image(s) of this report were not found in \(places); the page "
                        + "shows them as missing",
                    hint:
                        "keep each shard's artifacts folder (\(CommandLineOption.artifacts.flag)) next to its "
                        + "report, as one CI artifact"
                ))
        }
        return warnings
    }
}
