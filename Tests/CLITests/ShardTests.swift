import Foundation
import XCTest

@testable import Kinetype

/// `--shard auto` from CI variables, and `batch-report merge` of the shards' reports.
final class ShardTests: XCTestCase {
    func testAutoShardReadsEachSystemsVariables() throws {
        let cases: [([String: String], Int, Int, String)] = [
            (["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"], 2, 3, "GitLab CI"),
            (["BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "4"], 1, 4, "Buildkite"),
            (["CIRCLE_NODE_INDEX": "3", "CIRCLE_NODE_TOTAL": "4"], 4, 4, "CircleCI"),
            (["JOB_COMPLETION_INDEX": "1", "KINETYPE_SHARD_COUNT": "5"], 2, 5, "a Kubernetes indexed Job"),
            (
                ["KINETYPE_SHARD_INDEX": "1", "KINETYPE_SHARD_COUNT": "2", "CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2"],
                1, 2, "kinetype"
            ),
        ]
        for (environment, index, count, system) in cases {
            let found = try ShardEnvironment.shard(from: environment)
            XCTAssertEqual(found.shard, Shard(index: index, count: count), "\(environment)")
            XCTAssertEqual(found.system, system)
        }
    }

    func testAutoShardRefusesMissingOrInconsistentVariables() {
        let bad: [([String: String], String)] = [
            ([:], "found no parallel job variables"),
            (["CI_NODE_INDEX": "1"], "CI_NODE_INDEX is set (GitLab CI) but CI_NODE_TOTAL is not"),
            (["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "2"], "the index must be a whole number from 1 to CI_NODE_TOTAL"),
            (
                ["BUILDKITE_PARALLEL_JOB": "4", "BUILDKITE_PARALLEL_JOB_COUNT": "4"],
                "from 0 to BUILDKITE_PARALLEL_JOB_COUNT"
            ),
            (["KINETYPE_SHARD_INDEX": "x", "KINETYPE_SHARD_COUNT": "2"], #"KINETYPE_SHARD_INDEX="x""#),
            (["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "1000000000"], "and the count one from 1 to 10000"),
        ]
        for (environment, message) in bad {
            XCTAssertThrowsError(try ShardEnvironment.shard(from: environment)) { error in
                let text = DiagnosticList(describing: error).diagnostics.map(\.message).joined()
                XCTAssertTrue(text.contains(message), "\(environment): \(text)")
                XCTAssertEqual(DiagnosticList.exitStatus(for: error), .usage)
            }
        }
    }

    func testShardedBatchMergesIntoTheUnshardedReport() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let template = folder.appendingPathComponent("card.json").path
        let scene = """
            {"canvas": {"width": 60, "height": 20, "duration": 0.3, "fps": 10},
             "layers": [{"type": "text", "text": "{{name}}", "font": {"size": 10}}]}
            """
        try Data(scene.utf8).write(to: URL(fileURLWithPath: template))
        let data = folder.appendingPathComponent("data.json")
        let entries = (1...5).map { #"{"output": "card\#($0)", "name": "N\#($0)"}"# }.joined(separator: ", ")
        try Data("[\(entries)]".utf8).write(to: data)
        func batch(_ extra: [String], environment: [String: String] = [:], report: String) throws
            -> KinetypeProcess.Result
        {
            try KinetypeProcess.run(
                [
                    "batch", template, "--data", data.path, "--scale", "1,2", "--color-scheme", "light,dark", "-o",
                    folder.appendingPathComponent("out").path,
                    "--force", "--report", folder.appendingPathComponent(report).path,
                ] + extra,
                environment: environment)
        }
        let whole = try batch([], report: "whole.json")
        XCTAssertEqual(whole.status, 0, whole.stderr)
        for index in 1...3 {
            let shard = try batch(
                ["--shard", "auto"], environment: ["CI_NODE_INDEX": "\(index)", "CI_NODE_TOTAL": "3"],
                report: "shard\(index).json")
            XCTAssertEqual(shard.status, 0, shard.stderr)
            XCTAssertTrue(shard.stderr.contains("note: rendering shard \(index)/3 (from GitLab CI)"), shard.stderr)
        }
        let merged = folder.appendingPathComponent("merged.json").path
        let merge = try KinetypeProcess.run(
            ["batch-report", "merge"] + (1...3).map { folder.appendingPathComponent("shard\($0).json").path } + [
                "-o", merged,
            ])
        XCTAssertEqual(merge.status, 0, merge.stderr)
        XCTAssertTrue(
            merge.stdout.contains("Merged 3 reports into \(merged): 20 rendered, 0 unchanged, 0 failed"), merge.stdout)

        func summary(_ path: String) throws -> [String] {
            let object = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            XCTAssertNil(object["shard"], path)
            let outcomes = try XCTUnwrap(object["outcomes"] as? [[String: Any]])
            return outcomes.map {
                "\($0["entry"]!) \($0["name"]!) \($0["scale"]!) \(($0["output"] as! NSString).lastPathComponent) "
                    + "\($0["status"]!) \($0["bytes"]!)"
            }
        }
        XCTAssertEqual(try summary(merged), try summary(folder.appendingPathComponent("whole.json").path))

        let partial = try KinetypeProcess.run(
            [
                "batch-report", "merge", folder.appendingPathComponent("shard1.json").path,
                folder.appendingPathComponent("shard3.json").path, "-o", merged,
            ])
        XCTAssertEqual(partial.status, 1, "a missing shard is not a whole batch: \(partial.stderr)")
        XCTAssertTrue(partial.stderr.contains("error: shard 2/3 is missing"), partial.stderr)
        let accepted = try KinetypeProcess.run(
            [
                "batch-report", "merge", folder.appendingPathComponent("shard1.json").path,
                folder.appendingPathComponent("shard3.json").path, "-o", merged, "--allow-partial",
            ])
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
        XCTAssertTrue(accepted.stderr.contains("warning: shard 2/3 is missing"), accepted.stderr)

        let twice = try KinetypeProcess.run(
            [
                "batch-report", "merge", folder.appendingPathComponent("shard1.json").path,
                folder.appendingPathComponent("shard1.json").path, "-o", merged,
            ])
        XCTAssertEqual(twice.status, 65, twice.stderr)
        XCTAssertTrue(twice.stderr.contains("are both shard 1/3"), twice.stderr)

        let notAReport = try KinetypeProcess.run(["batch-report", "merge", data.path, "-o", merged])
        XCTAssertEqual(notAReport.status, 65)
        XCTAssertTrue(notAReport.stderr.contains("is not a kinetype batch report"), notAReport.stderr)
    }
}
