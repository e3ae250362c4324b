import Foundation
import TestSupport
import XCTest

/// `batch-report merge` and `verify-report merge` given hostile shard reports, as a CI pipeline
/// that merges other machines' artifacts would be (issue #39): a report that names a secret file
/// as its failure image, numbers no run writes, a shard count in the billions, and shards that
/// are missing or were interrupted.
final class ReportMergeAttackTests: XCTestCase {
    /// A failing verify report of one scene whose frames name `diffPaths` as their diff images.
    private func verifyReport(
        shard: String = "1/1", scene: String = "card", diffPaths: [String], interrupted: Bool = false
    ) throws -> Data {
        let frames: [[String: Any]] = diffPaths.enumerated().map { offset, path in
            [
                "frame": offset + 1, "time": 0.1, "status": "failed", "changedPixels": 4, "antialiasedPixels": 0,
                "maxDistance": 0.5, "diffPath": path, "expectedPath": path, "actualPath": path,
            ]
        }
        let report: [String: Any] = [
            "kinetype": "0", "shard": shard, "goldenFolder": "goldens", "artifactsFolder": "/ci/failures",
            "acceptArguments": ["--golden", "goldens", "--record", "failed"],
            "comparison": ["threshold": 0.1, "maxDiffPixels": 0, "maxDiffRatio": 0, "detectAntialiasing": true],
            "scenes": [
                [
                    "scenePath": "\(scene).json",
                    "result": [
                        "scene": scene, "golden": "goldens/\(scene)", "environmentChanges": [], "problems": [],
                        "frames": frames, "obsoleteFrames": [], "removedFrames": [], "recordingWithheld": false,
                    ] as [String: Any],
                ]
            ],
            "obsoleteSets": [], "removedSets": [], "interrupted": interrupted, "passed": frames.isEmpty,
        ]
        return try JSONSerialization.data(withJSONObject: report, options: [.prettyPrinted, .sortedKeys])
    }

    private func batchReport(shard: String = "1/1", seconds: String = "0.25", interrupted: Bool = false) -> Data {
        Data(
            """
            {"template": "card.json", "data": "card.data.json", "shard": "\(shard)",
             "outcomes": [{"entry": 1, "name": "card", "scale": 1, "output": "out/card-\(shard.replacingOccurrences(of: "/", with: "-")).gif",
                           "status": "rendered", "frames": 10, "bytes": 2048, "seconds": \(seconds)}],
             "rendered": 1, "unchanged": 0, "failed": 0\(interrupted ? #", "interrupted": true"# : "")}
            """.utf8)
    }

    func testAMergedPageNeverEmbedsAFileAReportNames() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let shard = folder.appendingPathComponent("shard")
        let card = shard.appendingPathComponent("failures/card")
        try FileManager.default.createDirectory(at: card, withIntermediateDirectories: true)
        let canary = "kinetype-canary-\(UUID().uuidString)"
        try Data("TOKEN=\(canary)\n".utf8).write(to: folder.appendingPathComponent("secret.txt"))
        let png = try Data(contentsOf: KinetypeProcess.packageRoot.appendingPathComponent("Fuzz/Inputs/image.png"))
        try png.write(to: card.appendingPathComponent("frame_0001.diff.png"))
        try FileManager.default.createSymbolicLink(
            atPath: card.appendingPathComponent("frame_0002.diff.png").path,
            withDestinationPath: folder.appendingPathComponent("secret.txt").path)
        try verifyReport(diffPaths: [
            "/ci/failures/card/frame_0001.diff.png", "/proc/self/environ", "../secret.txt",
            "/ci/failures/card/frame_0002.diff.png",
        ]).write(to: shard.appendingPathComponent("report.json"))

        let merge = try KinetypeProcess.run(
            ["verify-report", "merge", "shard/report.json", "-o", "all.json", "--html", "all.html"], in: folder,
            environment: ["CI_SECRET": canary])
        XCTAssertEqual(merge.status, 1, "a failing scene: \(merge.stderr)")
        XCTAssertTrue(merge.stderr.hasPrefix("kinetype: warning: shard/report.json:"), merge.stderr)
        XCTAssertTrue(
            merge.stderr.contains(
                ": scenes[0].result.frames[1].expectedPath: \"/proc/self/environ\" is not inside the report's "
                    + "artifactsFolder \"/ci/failures\"; it is not shown (and 8 more image path(s) of this report)"),
            merge.stderr)
        let html = try String(contentsOf: folder.appendingPathComponent("all.html"), encoding: .utf8)
        let inlined = html.components(separatedBy: "data:image/png;base64,").dropFirst().compactMap {
            Data(base64Encoded: String($0.prefix { $0 != "\"" }))
        }
        XCTAssertEqual(inlined, [png, png, png], "expected, actual and diff of frame 1, nothing else")
        XCTAssertFalse(html.contains(canary))
        XCTAssertFalse(inlined.contains { String(decoding: $0, as: UTF8.self).contains(canary) })
        let merged = try String(contentsOf: folder.appendingPathComponent("all.json"), encoding: .utf8)
        XCTAssertFalse(
            merged.contains("/proc/self/environ") || merged.contains("secret"), "the merged report names none of them")
    }

    func testANumberNoRunWritesIsAPositionedInputError() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try batchReport(shard: "1/2", seconds: "1e308").write(to: folder.appendingPathComponent("b1.json"))
        try batchReport(shard: "2/2").write(to: folder.appendingPathComponent("b2.json"))
        let batch = try KinetypeProcess.run(
            ["batch-report", "merge", "b1.json", "b2.json", "-o", "merged.json"], in: folder)
        XCTAssertEqual(batch.status, 65, batch.stderr)
        XCTAssertEqual(
            batch.stderr,
            "kinetype: error: b1.json:3:78: outcomes[0].seconds: must be between 0 and 31536000, found 1e+308\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("merged.json").path))

        let verify = try String(
            decoding: verifyReport(diffPaths: ["/ci/failures/card/frame_0001.diff.png"]), as: UTF8.self
        )
        .replacingOccurrences(of: "\"time\" : 0.1", with: "\"time\" : 1e308")
        try Data(verify.utf8).write(to: folder.appendingPathComponent("v.json"))
        let merge = try KinetypeProcess.run(["verify-report", "merge", "v.json", "-o", "merged.json"], in: folder)
        XCTAssertEqual(merge.status, 65, merge.stderr)
        XCTAssertTrue(
            merge.stderr.contains("scenes[0].result.frames[0].time: must be between 0 and 2147483647, found 1e+308"),
            merge.stderr)
    }

    /// Today's main enumerated a billion missing shards (gigabytes, never ending); the address
    /// space is capped so such a run fails instead of taking the machine's memory.
    func testAShardCountInTheBillionsIsRefusedAtOnce() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try batchReport(shard: "1/1000000000").write(to: folder.appendingPathComponent("b.json"))
        try verifyReport(shard: "1/1000000000", diffPaths: []).write(to: folder.appendingPathComponent("v.json"))
        for arguments in [
            ["batch-report", "merge", "b.json", "-o", "merged.json"],
            ["verify-report", "merge", "v.json", "-o", "merged.json"],
        ] {
            let run = try ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"),
                ["-c", #"ulimit -v 2000000; exec "$0" "$@""#, KinetypeProcess.executable.path] + arguments,
                in: folder, timeout: 120)
            XCTAssertFalse(run.timedOut, "\(arguments)")
            XCTAssertEqual(run.status, 65, "\(arguments): \(run.stderrText)")
            XCTAssertTrue(
                run.stderrText.contains(
                    #"shard: "1/1000000000" is not a shard: a shard is I/N with 1 ≤ I ≤ N ≤ 10000, as --shard takes it"#
                ),
                run.stderrText)
            XCTAssertLessThan(run.stderr.count, 1000)
        }
        let option = try KinetypeProcess.run(["batch", "x.json", "--data", "d.json", "--shard", "1/10001"], in: folder)
        XCTAssertEqual(option.status, 64)
        XCTAssertTrue(option.stderr.contains("--shard takes I/N with 1 ≤ I ≤ N ≤ 10000"), option.stderr)
    }

    func testAnIncompleteRunIsNeverGreenUnlessPartialIsAllowed() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try batchReport(shard: "1/3").write(to: folder.appendingPathComponent("b1.json"))
        try batchReport(shard: "2/3", interrupted: true).write(to: folder.appendingPathComponent("b2.json"))
        try verifyReport(shard: "1/2", diffPaths: []).write(to: folder.appendingPathComponent("v1.json"))
        try verifyReport(shard: "2/2", scene: "notes", diffPaths: [], interrupted: true).write(
            to: folder.appendingPathComponent("v2.json"))

        let batch = try KinetypeProcess.run(
            ["batch-report", "merge", "b1.json", "b2.json", "-o", "merged.json"], in: folder)
        XCTAssertEqual(batch.status, 1, batch.stderr)
        XCTAssertTrue(batch.stdout.contains("2 rendered, 0 unchanged, 0 failed (incomplete)"), batch.stdout)
        XCTAssertTrue(
            batch.stderr.contains("error: shard 3/3 is missing: the merged report covers only shards 1,2 of 3"),
            batch.stderr)
        XCTAssertTrue(
            batch.stderr.contains("error: b2.json:4:61: interrupted: shard 2/3 was interrupted (Ctrl-C or SIGTERM)"),
            batch.stderr)
        let written =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("merged.json")))
            as? [String: Any]
        XCTAssertEqual(written?["shard"] as? String, "1,2 of 3", "the merged report is written and says so")
        XCTAssertEqual(written?["interrupted"] as? Bool, true)

        let verify = try KinetypeProcess.run(
            ["verify-report", "merge", "v1.json", "v2.json", "-o", "v.json"], in: folder)
        XCTAssertEqual(verify.status, 1, verify.stderr)
        XCTAssertTrue(verify.stderr.contains("error: v2.json:"), verify.stderr)
        XCTAssertTrue(verify.stderr.contains("interrupted: shard 2/2 was interrupted"), verify.stderr)
        let missing = try KinetypeProcess.run(["verify-report", "merge", "v1.json", "-o", "v.json"], in: folder)
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("error: shard 2/2 is missing"), missing.stderr)

        for arguments in [
            ["batch-report", "merge", "b1.json", "b2.json", "-o", "merged.json"],
            ["verify-report", "merge", "v1.json", "v2.json", "-o", "v.json"],
            ["verify-report", "merge", "v1.json", "-o", "v.json"],
        ] {
            let accepted = try KinetypeProcess.run(arguments + ["--allow-partial"], in: folder)
            XCTAssertEqual(accepted.status, 0, "\(arguments): \(accepted.stderr)")
            XCTAssertFalse(accepted.stderr.contains("error:"), accepted.stderr)
            XCTAssertTrue(accepted.stderr.contains("warning: "), accepted.stderr)
        }
    }
}
