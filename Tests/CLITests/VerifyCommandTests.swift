import Foundation
import XCTest

/// `kinetype verify` as CI runs it: scenes that would share a set are refused, obsolete goldens
/// are named (a warning under CI, an error with --strict) and pruned, a failing run says how to
/// accept, a passing one removes the stale review page, and shards merge into one report and page.
final class VerifyCommandTests: XCTestCase {
    /// A folder with `tiny.json` copied in under each of `names`.
    private func scenes(_ names: [String]) throws -> URL {
        let folder = try KinetypeProcess.temporaryFolder(self)
        for name in names {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: KinetypeProcess.fixtures.appendingPathComponent("tiny.json"), to: url)
        }
        return folder
    }

    private func verify(_ arguments: [String], in folder: URL, ci: Bool = false) throws -> KinetypeProcess.Result {
        try KinetypeProcess.run(["verify"] + arguments, in: folder, environment: ["CI": ci ? "true" : ""])
    }

    func testScenesThatWouldShareAGoldenSetAreAUsageErrorBeforeAnythingRenders() throws {
        let folder = try scenes(["a/card.json", "b/card.json"])
        let run = try verify(["a", "b", "--golden", "goldens", "--record", "all"], in: folder)
        XCTAssertEqual(run.status, 64, run.stderr)
        XCTAssertTrue(
            run.stderr.contains("a/card.json and b/card.json would both use the golden set \"card\""), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens").path))
    }

    func testObsoleteGoldensAreANoteAWarningUnderCIAnErrorWithStrictAndPruneRemovesThem() throws {
        let folder = try scenes(["card.json", "old.json"])
        let frames = ["--frames", "0,0.5"]
        XCTAssertEqual(
            try verify(["card.json", "old.json", "--golden", "goldens", "--record", "all"] + frames, in: folder).status,
            0)
        try Data("keep me".utf8).write(to: folder.appendingPathComponent("goldens/README.md"))

        let local = try verify(["card.json", "--golden", "goldens", "--frames", "0"], in: folder)
        XCTAssertEqual(local.status, 0, local.stderr)
        XCTAssertTrue(
            local.stderr.contains(
                "kinetype: note: 1 obsolete golden set(s) in goldens that no scene of this run uses: \"old/\"; remove them with --prune"
            ), local.stderr)
        XCTAssertTrue(
            local.stderr.contains(
                "kinetype: note: 1 obsolete golden frame(s) in \"card\", frames this run does not compare"),
            local.stderr)

        let ci = try verify(["card.json", "--golden", "goldens", "--frames", "0"], in: folder, ci: true)
        XCTAssertEqual(ci.status, 0, ci.stderr)
        XCTAssertTrue(ci.stderr.contains("kinetype: warning: 1 obsolete golden set(s)"), ci.stderr)

        let strict = try verify(
            ["card.json", "--golden", "goldens", "--frames", "0", "--strict"], in: folder, ci: true)
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertTrue(strict.stderr.contains("kinetype: error: 1 obsolete golden set(s)"), strict.stderr)

        let prune = try verify(["card.json", "--golden", "goldens", "--frames", "0", "--prune"], in: folder, ci: true)
        XCTAssertEqual(prune.status, 0, prune.stderr)
        XCTAssertTrue(prune.stderr.contains("removed 1 obsolete golden set(s): \"old/\""), prune.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("goldens").path).sorted(),
            ["README.md", "card"], "only the obsolete set went")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("goldens/card").path)
                .sorted(), ["environment.json", "frame_0001.png"])
        let after = try verify(["card.json", "--golden", "goldens", "--frames", "0", "--strict"], in: folder, ci: true)
        XCTAssertEqual(after.status, 0, after.stderr)
        XCTAssertFalse(after.stderr.contains("obsolete"), after.stderr)

        let sharded = try verify(["card.json", "--golden", "goldens", "--prune", "--shard", "1/2"], in: folder)
        XCTAssertEqual(sharded.status, 64, sharded.stderr)
    }

    func testAFailingRunEndsWithTheAcceptCommandAndAPassingRunRemovesTheStaleReviewPage() throws {
        let folder = try scenes(["card.json"])
        let frames = ["--frames", "0.5"]
        XCTAssertEqual(
            try verify(["card.json", "--golden", "goldens", "--record", "all"] + frames, in: folder).status, 0)
        let scene = folder.appendingPathComponent("card.json")
        let original = try String(contentsOf: scene, encoding: .utf8)
        try original.replacingOccurrences(of: "\"Hello\"", with: "\"Jello\"").write(
            to: scene, atomically: false, encoding: .utf8)

        let failing = try verify(["card.json", "--golden", "goldens"] + frames, in: folder, ci: true)
        XCTAssertEqual(failing.status, 1, failing.stderr)
        let lines = failing.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            Array(lines.suffix(3)),
            [
                "kinetype: review the results in \(folder.appendingPathComponent("Output/verify-failures/report.html").path)",
                "kinetype: if the changes are intended, accept them with:",
                "  kinetype verify card.json --golden goldens --frames 0.5 --record failed",
            ])
        let artifacts = folder.appendingPathComponent("Output/verify-failures")
        XCTAssertTrue(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("card").path))

        try original.write(to: scene, atomically: false, encoding: .utf8)
        let passing = try verify(["card.json", "--golden", "goldens"] + frames, in: folder, ci: true)
        XCTAssertEqual(passing.status, 0, passing.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: artifacts.path), [],
            "the stale page and the scene's failure images are gone")

        try Data("<p>mine</p>".utf8).write(to: artifacts.appendingPathComponent("report.html"))
        XCTAssertEqual(try verify(["card.json", "--golden", "goldens"] + frames, in: folder, ci: true).status, 0)
        XCTAssertEqual(
            try String(contentsOf: artifacts.appendingPathComponent("report.html"), encoding: .utf8), "<p>mine</p>",
            "a page kinetype did not write stays")
    }

    func testShardsVerifyDisjointScenesAndMergeIntoOneReportAndOnePage() throws {
        let names = (1...5).map { "scenes/scene\($0).json" }
        let folder = try scenes(names)
        let frames = ["--frames", "0.5"]
        XCTAssertEqual(try verify(["scenes", "--golden", "goldens", "--record", "all"] + frames, in: folder).status, 0)
        let scene = folder.appendingPathComponent("scenes/scene4.json")
        try String(contentsOf: scene, encoding: .utf8).replacingOccurrences(of: "\"Hello\"", with: "\"Jello\"")
            .write(to: scene, atomically: false, encoding: .utf8)

        var covered: [String] = []
        for index in 1...2 {
            // Each shard as on its own CI machine: its own artifacts and report, in its own folder.
            let shard = folder.appendingPathComponent("shard\(index)")
            try FileManager.default.createDirectory(at: shard, withIntermediateDirectories: true)
            let run = try KinetypeProcess.run(
                [
                    "verify", "../scenes", "--golden", "../goldens", "--shard", "auto", "--report", "report.json",
                    "--artifacts", "failures",
                ] + frames, in: shard,
                environment: ["CI": "true", "KINETYPE_SHARD_INDEX": "\(index)", "KINETYPE_SHARD_COUNT": "2"])
            XCTAssertTrue(run.stderr.contains("kinetype: note: verifying shard \(index)/2"), run.stderr)
            let report =
                try JSONSerialization.jsonObject(with: Data(contentsOf: shard.appendingPathComponent("report.json")))
                as? [String: Any]
            XCTAssertEqual(report?["shard"] as? String, "\(index)/2")
            let paths = (report?["scenes"] as? [[String: Any]] ?? []).compactMap { $0["scenePath"] as? String }
            XCTAssertTrue(Set(paths).isDisjoint(with: covered))
            covered += paths
            XCTAssertEqual(run.status, paths.contains("../scenes/scene4.json") ? 1 : 0, run.stderr)
        }
        XCTAssertEqual(covered.sorted(), names.map { "../\($0)" })

        // The merge job downloads each shard's report with its artifacts folder beside it.
        let merge = folder.appendingPathComponent("merge")
        try FileManager.default.createDirectory(at: merge, withIntermediateDirectories: true)
        for index in 1...2 {
            try FileManager.default.moveItem(
                at: folder.appendingPathComponent("shard\(index)"), to: merge.appendingPathComponent("shard\(index)"))
        }
        let merged = try KinetypeProcess.run(
            [
                "verify-report", "merge", "shard1/report.json", "shard2/report.json", "-o", "all.json", "--html",
                "all.html",
            ], in: merge)
        XCTAssertEqual(merged.status, 1, merged.stderr)
        XCTAssertTrue(merged.stdout.contains("Merged 2 reports into all.json: 5 verification(s), 1 failing"))
        let report =
            try JSONSerialization.jsonObject(with: Data(contentsOf: merge.appendingPathComponent("all.json")))
            as? [String: Any]
        XCTAssertEqual(
            (report?["scenes"] as? [[String: Any]])?.compactMap { $0["scenePath"] as? String },
            names.map { "../\($0)" }, "the order of one unsharded run")
        XCTAssertNil(report?["shard"], "every shard is there")

        let chromium = try HeadlessChromium.installed()
        let dom = try chromium.dumpDOM(
            of: merge.appendingPathComponent("all.html").absoluteString, profile: folder.appendingPathComponent("p"))
        let body = try XCTUnwrap(DOM.attributes(ofFirst: "body", in: dom), dom)
        XCTAssertEqual(body["data-state"], "ready", body["data-errors"] ?? "")
        let sections = DOM.tags("section", in: dom).map(DOM.attributes(in:))
        XCTAssertEqual(sections.count, 5)
        XCTAssertEqual(sections.first?["data-scene"], "scene4", "the failing scene first")
        let images = DOM.tags("img", in: dom).map(DOM.attributes(in:))
        XCTAssertEqual(images.count, 3)
        XCTAssertEqual(Set(images.map { $0["data-natural-width"] }), ["160"], "the shard's images were found")
    }

    func testTheMergedPageOfTwoThousandScenesShowsEveryScene() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        // Two shard reports of a large run, written as verify writes them: 2,000 scenes of 17
        // frames, three failing with their images in the shard's artifacts folder beside its report.
        let still = folder.appendingPathComponent("still.png")
        XCTAssertEqual(
            try KinetypeProcess.run([
                "render", KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path, "--still", "1", "-o",
                still.path,
            ]).status, 0)
        for index in 1...2 {
            for number in stride(from: index - 1, to: 2000, by: 2) where number % 700 == 0 {
                let images = folder.appendingPathComponent("failures/card-\(number)")
                try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
                for kind in ["expected", "actual", "diff"] {
                    try FileManager.default.copyItem(
                        at: still, to: images.appendingPathComponent("frame_0009.\(kind).png"))
                }
            }
        }
        for index in 1...2 {
            var scenes: [[String: Any]] = []
            for number in stride(from: index - 1, to: 2000, by: 2) {
                let failing = number % 700 == 0
                let frames: [[String: Any]] = (1...17).map { frame in
                    var verdict: [String: Any] = [
                        "frame": frame, "time": Double(frame) / 20,
                        "status": failing && frame == 9 ? "failed" : "passed",
                        "changedPixels": failing && frame == 9 ? 42 : 0, "antialiasedPixels": 0, "maxDistance": 0,
                    ]
                    if failing && frame == 9 {
                        for kind in ["expected", "actual", "diff"] {
                            verdict["\(kind)Path"] = "/ci/failures/card-\(number)/frame_0009.\(kind).png"
                        }
                    }
                    return verdict
                }
                let result: [String: Any] = [
                    "scene": "card-\(number)", "golden": "goldens/card-\(number)", "environmentChanges": [],
                    "problems": [], "frames": frames, "obsoleteFrames": [], "removedFrames": [],
                    "recordingWithheld": false,
                ]
                scenes.append(["scenePath": "cards/card-\(number).json", "result": result])
            }
            let report: [String: Any] = [
                "kinetype": "0", "shard": "\(index)/2", "goldenFolder": "goldens", "artifactsFolder": "/ci/failures",
                "acceptArguments": ["--golden", "goldens", "--record", "failed"],
                "comparison": ["threshold": 0.1, "maxDiffPixels": 0, "maxDiffRatio": 0, "detectAntialiasing": true],
                "scenes": scenes, "obsoleteSets": [], "removedSets": [], "interrupted": false, "passed": false,
            ]
            try JSONSerialization.data(withJSONObject: report).write(to: folder.appendingPathComponent("\(index).json"))
        }
        let merged = try KinetypeProcess.run(
            ["verify-report", "merge", "1.json", "2.json", "-o", "all.json", "--html", "all.html"], in: folder)
        XCTAssertEqual(merged.status, 1, merged.stderr)
        XCTAssertTrue(merged.stdout.contains("2000 verification(s), 3 failing"), merged.stdout)

        let dom = try HeadlessChromium.installed().dumpDOM(
            of: folder.appendingPathComponent("all.html").absoluteString, profile: folder.appendingPathComponent("p"))
        let body = try XCTUnwrap(DOM.attributes(ofFirst: "body", in: dom), dom)
        XCTAssertEqual(body["data-state"], "ready", body["data-errors"] ?? "")
        let sections = DOM.tags("section", in: dom).map(DOM.attributes(in:))
        XCTAssertEqual(
            sections.filter { $0["class"] == "scene failed" }.map { $0["data-scene"] },
            [
                "card-0", "card-700", "card-1400",
            ])
        let rows = DOM.tags("tr", in: dom).map(DOM.attributes(in:)).compactMap { $0["data-scene"] }
        XCTAssertEqual(rows.count, 1997, "every passing scene has its row")
        XCTAssertEqual(Set(rows).count, 1997)
        XCTAssertEqual(body["data-images"], "9")
    }
}
