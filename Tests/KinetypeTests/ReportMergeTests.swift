import Foundation
import KinetypeCore
import KinetypeEncode
import XCTest

@testable import Kinetype

/// Shard reports come from other machines: a merge reads them as untrusted input, shows only the
/// failure images inside each shard's artifacts folder, bounds the shards it looks for, and never
/// calls an incomplete run whole (issue #39).
final class ReportMergeTests: XCTestCase {
    // MARK: Reports as verify and batch write them

    static func verifyReport(
        shard: String? = "1/1", artifactsFolder: String = "/ci/failures", frames: [[String: Any]] = [],
        interrupted: Bool = false
    ) -> [String: Any] {
        var report: [String: Any] = [
            "kinetype": "0", "goldenFolder": "goldens", "artifactsFolder": artifactsFolder,
            "acceptArguments": ["--golden", "goldens", "--record", "failed"],
            "comparison": ["threshold": 0.1, "maxDiffPixels": 0, "maxDiffRatio": 0, "detectAntialiasing": true],
            "scenes": [
                [
                    "scenePath": "card.json",
                    "result": [
                        "scene": "card", "golden": "goldens/card", "environmentChanges": [], "problems": [],
                        "frames": frames, "obsoleteFrames": [], "removedFrames": [], "recordingWithheld": false,
                    ] as [String: Any],
                ]
            ],
            "obsoleteSets": [], "removedSets": [], "interrupted": interrupted, "passed": frames.isEmpty,
        ]
        report["shard"] = shard
        return report
    }

    static func failedFrame(_ number: Int, expected: String? = nil, actual: String? = nil, diff: String? = nil)
        -> [String: Any]
    {
        var frame: [String: Any] = [
            "frame": number, "time": 0.1, "status": "failed", "changedPixels": 4, "antialiasedPixels": 0,
            "maxDistance": 0.5,
        ]
        frame["expectedPath"] = expected
        frame["actualPath"] = actual
        frame["diffPath"] = diff
        return frame
    }

    static func batchReport(shard: String? = "1/1", outcome: [String: Any] = [:], interrupted: Bool = false)
        -> [String: Any]
    {
        var entry: [String: Any] = [
            "entry": 1, "name": "card", "scale": 1, "output": "out/card.gif", "status": "rendered", "frames": 10,
            "bytes": 2048, "seconds": 0.25,
        ]
        entry.merge(outcome) { $1 }
        var report: [String: Any] = [
            "template": "card.json", "data": "card.data.json", "outcomes": [entry], "rendered": 1, "unchanged": 0,
            "failed": 0,
        ]
        report["shard"] = shard
        if interrupted { report["interrupted"] = true }
        return report
    }

    static func json(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    private func mergeError(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            try body()
            XCTFail("merged", file: file, line: line)
        } catch let list as DiagnosticList {
            XCTAssertEqual(
                DiagnosticList.exitStatus(for: list), .invalidInput, list.description, file: file, line: line)
            return list.description
        } catch {
            XCTFail("an untyped error: \(error)", file: file, line: line)
        }
        return nil
    }

    // MARK: Numbers

    func testEveryNumberOfABatchReportIsRangeChecked() throws {
        for (key, value, message) in [
            ("seconds", 1e308 as Any, "outcomes[0].seconds: must be between 0 and 31536000, found 1e+308"),
            ("seconds", -1, "outcomes[0].seconds: must be between 0 and 31536000, found -1"),
            ("entry", 0, "outcomes[0].entry: must be between 1 and 67108864, found 0"),
            ("scale", 1e9, "outcomes[0].scale: must be between 1 and 4, found 1000000000"),
            ("frames", 2.5, "outcomes[0].frames: expected a whole number, found 2.5"),
            ("bytes", 1e300, "outcomes[0].bytes: must be between 0 and 9007199254740992, found 1e+300"),
        ] {
            let bytes = try Self.json(Self.batchReport(outcome: [key: value]))
            let text = mergeError { _ = try BatchReportMerge.merge([("b.json", bytes)]) }
            XCTAssertEqual(text?.hasPrefix("b.json:1:"), true, text ?? "")
            XCTAssertEqual(text?.hasSuffix(message), true, "\(key): \(text ?? "")")
        }
        var totals = Self.batchReport()
        totals["failed"] = -3
        let text = mergeError { _ = try BatchReportMerge.merge([("b.json", try Self.json(totals))]) }
        XCTAssertEqual(text?.hasSuffix("failed: must be between 0 and 9007199254740992, found -3"), true, text ?? "")
    }

    func testEveryNumberOfAVerifyReportIsRangeChecked() throws {
        for (key, value, message) in [
            ("time", 1e308 as Any, "scenes[0].result.frames[0].time: must be between 0 and 2147483647, found 1e+308"),
            ("frame", 0, "scenes[0].result.frames[0].frame: must be between 1 and 2147483647, found 0"),
            ("changedPixels", -1, "scenes[0].result.frames[0].changedPixels: must be between 0 and 67108864, found -1"),
            ("maxDistance", 2, "scenes[0].result.frames[0].maxDistance: must be between 0 and 1, found 2"),
        ] {
            var frame = Self.failedFrame(1)
            frame[key] = value
            let bytes = try Self.json(Self.verifyReport(frames: [frame]))
            let text = mergeError { _ = try VerifyReportMerge.merge([.init(path: "v.json", bytes: bytes)]) }
            XCTAssertEqual(text?.hasSuffix(message), true, "\(key): \(text ?? "")")
        }
        var report = Self.verifyReport()
        report["comparison"] = ["threshold": 1e308, "maxDiffPixels": 0, "maxDiffRatio": 0, "detectAntialiasing": true]
        let text = mergeError {
            _ = try VerifyReportMerge.merge([.init(path: "v.json", bytes: try Self.json(report))])
        }
        XCTAssertEqual(text?.hasSuffix("comparison.threshold: must be between 0 and 1, found 1e+308"), true, text ?? "")
    }

    /// A report as kinetype writes it, with every optional number, reads back: every numeric key
    /// it writes has a range (a key without one trips an assertion in debug builds).
    func testReportsKinetypeWritesReadBack() throws {
        var outcome = BatchOutcome(
            entry: 0, name: "card", scale: 2, output: "out/card@2x.gif", poster: "p.png", haptics: "h.ahap",
            status: .rendered, frames: 90, bytes: 123_456, seconds: 1.25, error: nil)
        outcome.error = "none"
        var batch = BatchReport(
            template: "card.json", data: "d.json", shard: "1/1", outcomes: [outcome], planned: 1)
        batch.interrupted = false
        let batchBytes = try JSONEncoder().encode(batch)
        let mergedBatch = try BatchReportMerge.merge([("b.json", batchBytes)])
        XCTAssertEqual(mergedBatch.report.outcomes.first?.seconds, 1.25)
        XCTAssertTrue(mergedBatch.gaps.isEmpty)

        var verify = VerifyReport(
            shard: Shard(index: 1, count: 1), goldenFolder: "g", artifactsFolder: "/a", acceptArguments: [],
            comparison: ComparisonOptions())
        var verdict = FrameVerdict(frame: 4, time: 0.4, status: .failed)
        verdict.changedPixels = 12
        verdict.antialiasedPixels = 3
        verdict.maxDistance = 0.25
        verdict.diffPath = "/a/card/frame_0005.diff.png"
        verify.scenes = [
            .init(
                scenePath: "card.json",
                result: SceneVerification(
                    scene: "card", golden: "g/card", environmentChanges: [], problems: [], frames: [verdict]))
        ]
        let merged = try VerifyReportMerge.merge([.init(path: "v.json", bytes: try JSONEncoder().encode(verify))])
        XCTAssertEqual(merged.report.scenes.first?.result.frames.first?.changedPixels, 12)
        XCTAssertNil(merged.report.scenes.first?.result.frames.first?.diffPath, "no image beside the report")
        XCTAssertEqual(merged.warnings.map(\.severity), [.warning], "one warning counts the images not found")
    }

    // MARK: Shards

    func testAShardCountPastWhatShardTakesIsAnErrorAtTheShard() throws {
        let batch = try Self.json(Self.batchReport(shard: "1/1000000000"))
        let text = mergeError { _ = try BatchReportMerge.merge([("b.json", batch)]) }
        XCTAssertEqual(
            text?.contains(#"shard: "1/1000000000" is not a shard: a shard is I/N with 1 ≤ I ≤ N ≤ 10000"#), true,
            text ?? "")
        let verify = try Self.json(Self.verifyReport(shard: "1/1000000000"))
        XCTAssertNotNil(mergeError { _ = try VerifyReportMerge.merge([.init(path: "v.json", bytes: verify)]) })
        XCTAssertNil(Shard(parsing: "1/10001"))
        XCTAssertEqual(Shard(parsing: "10000/10000"), Shard(index: 10000, count: 10000))
    }

    func testMissingShardsAreACountAndAShortList() throws {
        let one = try BatchReportMerge.merge([("b.json", try Self.json(Self.batchReport(shard: "1/10000")))])
        XCTAssertEqual(one.report.shard, "1 of 10000")
        let gap = try XCTUnwrap(one.gaps.first)
        XCTAssertEqual(gap.severity, .error)
        XCTAssertEqual(gap.kind, .renderFailure, "exit 1")
        XCTAssertEqual(
            gap.message,
            "9999 of 10000 shards are missing (2/10000, 3/10000, 4/10000, 5/10000, 6/10000, 7/10000, 8/10000, "
                + "9/10000, 10/10000, 11/10000 and 9989 more): the merged report covers only shards 1 of 10000")

        let reports = try [1, 2, 3, 5, 8].map {
            ("b\($0).json", try Self.json(Self.batchReport(shard: "\($0)/8", outcome: ["output": "out/\($0).gif"])))
        }
        let some = try BatchReportMerge.merge(reports)
        XCTAssertEqual(some.report.shard, "1-3,5,8 of 8")
        XCTAssertEqual(
            some.gaps.map(\.message),
            ["3 of 8 shards are missing (4/8, 6/8, 7/8): the merged report covers only shards 1-3,5,8 of 8"])
        XCTAssertEqual(ShardCoverage.runs([1, 2, 4, 5, 6, 9]), "1,2,4-6,9")
    }

    func testAnInterruptedShardIsAGapOfTheMerge() throws {
        let batch = try BatchReportMerge.merge([
            ("b.json", try Self.json(Self.batchReport(interrupted: true)))
        ])
        XCTAssertTrue(batch.report.interrupted)
        XCTAssertEqual(batch.gaps.count, 1)
        XCTAssertEqual(batch.gaps.first?.kind, .renderFailure)
        XCTAssertEqual(batch.gaps.first?.message.hasPrefix("shard 1/1 was interrupted"), true)

        let verify = try VerifyReportMerge.merge([
            .init(path: "v.json", bytes: try Self.json(Self.verifyReport(interrupted: true)))
        ])
        XCTAssertTrue(verify.report.passed, "every scene it reached passed")
        XCTAssertEqual(verify.gaps.map(\.path), ["interrupted"])
        XCTAssertEqual(verify.gaps.first?.downgraded.severity, .warning)
    }

    // MARK: Images

    /// A shard's download: `shard/report.json` and `shard/failures/card/…`, a secret beside it, and
    /// every way a report could name something else.
    private func shardFolder() throws -> (folder: URL, png: Data) {
        let folder = try TestScenes.temporaryFolder(self)
        let card = folder.appendingPathComponent("shard/failures/card")
        try FileManager.default.createDirectory(at: card, withIntermediateDirectories: true)
        let png = try PNGCodec.encode(Image(width: 3, height: 2, fill: (255, 0, 0, 255)))
        let otherPNG = try PNGCodec.encode(Image(width: 5, height: 5, fill: (0, 0, 255, 255)))
        try png.write(to: card.appendingPathComponent("frame_0001.diff.png"))
        try otherPNG.write(to: folder.appendingPathComponent("secret.png"))
        try Data("TOKEN=hunter2".utf8).write(to: folder.appendingPathComponent("shard/secret.txt"))
        try Data("not a png".utf8).write(to: card.appendingPathComponent("frame_0002.diff.png"))
        try FileManager.default.createSymbolicLink(
            atPath: card.appendingPathComponent("frame_0003.diff.png").path,
            withDestinationPath: folder.appendingPathComponent("secret.png").path)
        XCTAssertEqual(mkfifo(card.appendingPathComponent("frame_0004.diff.png").path, 0o600), 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("shard/failures/out").path, withDestinationPath: folder.path)
        return (folder, png)
    }

    func testAMergeShowsOnlyPNGsInsideTheShardsArtifactsFolder() throws {
        let (folder, png) = try shardFolder()
        let named = [
            "/ci/failures/card/frame_0001.diff.png", "/proc/self/environ", "../secret.txt",
            "/ci/failures/../secret.txt",
            "/ci/failures/card/../../secret.png", "/ci/failures/card/frame_0002.diff.png",
            "/ci/failures/card/frame_0003.diff.png", "/ci/failures/card/frame_0004.diff.png",
            "/ci/failures/out/secret.png", "/ci/failures/card/secret.png",
            folder.appendingPathComponent("secret.png").path,
        ]
        let frames = named.enumerated().map { Self.failedFrame($0.offset + 1, diff: $0.element) }
        let report = folder.appendingPathComponent("shard/report.json")
        let merged = try VerifyReportMerge.merge([
            .init(path: report.path, bytes: try Self.json(Self.verifyReport(frames: frames)))
        ])
        let found = folder.appendingPathComponent("shard/failures/card/frame_0001.diff.png").path
        XCTAssertEqual(
            merged.report.scenes[0].result.frames.map(\.diffPath), [found] + Array(repeating: nil, count: 10))
        XCTAssertEqual(Array(merged.images.keys), [found])
        XCTAssertEqual(merged.warnings.count, 1, "\(merged.warnings)")
        XCTAssertEqual(
            merged.warnings.first?.description,
            "\(report.path):1:\(merged.warnings.first?.position?.column ?? 0): scenes[0].result.frames[1].diffPath: "
                + "\"/proc/self/environ\" is not inside the report's artifactsFolder \"/ci/failures\"; it is not shown "
                + "(and 9 more image path(s) of this report)")

        var page = VerifyHTMLReport(report: merged.report)
        page.images = .found(merged.images)
        let html = page.html(pageURL: folder.appendingPathComponent("all.html"))
        let inlined = html.components(separatedBy: "data:image/png;base64,").dropFirst().map {
            Data(base64Encoded: String($0.prefix { $0 != "\"" }))
        }
        XCTAssertEqual(inlined, [png], "only the PNG inside the artifacts folder is on the page")
        XCTAssertFalse(html.contains("secret"), "no other file is even linked")
    }

    func testEachRefusalSaysWhy() throws {
        let (folder, _) = try shardFolder()
        let locator = ArtifactLocator(
            reportPath: folder.appendingPathComponent("shard/report.json").path, artifactsFolder: "/ci/failures")
        func reason(_ path: String) -> String? {
            if case .refused(let why) = locator.locate(path) { return why }
            return nil
        }
        XCTAssertEqual(reason("/ci/failures/card/frame_0002.diff.png"), "is not a PNG image")
        XCTAssertEqual(reason("/ci/failures/card/frame_0003.diff.png")?.hasPrefix("is a symbolic link"), true)
        XCTAssertEqual(reason("/ci/failures/card/frame_0004.diff.png")?.hasPrefix("is a FIFO"), true)
        XCTAssertEqual(reason("/ci/failures/out/frame_0001.diff.png")?.hasPrefix("is a symbolic link"), true)
        XCTAssertEqual(reason("/ci/failures/card/notes.txt")?.hasPrefix("is not a failure image"), true)
        XCTAssertEqual(reason("/elsewhere/card/frame_0001.diff.png")?.hasPrefix("is not inside"), true)
        XCTAssertEqual(locator.locate("/ci/failures/card/frame_0009.diff.png"), .missing)
        // The artifacts' contents straight in the report's folder are found too.
        let flat = ArtifactLocator(
            reportPath: folder.appendingPathComponent("shard/failures/report.json").path,
            artifactsFolder: "/ci/elsewhere")
        guard case .found(let image) = flat.locate("/ci/elsewhere/card/frame_0001.diff.png") else {
            return XCTFail("the report's own folder is searched")
        }
        XCTAssertEqual(image.name, "card/frame_0001.diff.png")
        XCTAssertNotNil(image.read())
        // A crafted artifacts folder name cannot point the search elsewhere.
        XCTAssertEqual(
            ArtifactLocator(reportPath: folder.appendingPathComponent("shard/report.json").path, artifactsFolder: "/..")
                .folders, [folder.appendingPathComponent("shard").path])
    }
}
