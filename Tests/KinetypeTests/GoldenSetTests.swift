import KinetypeEncode
import XCTest

@testable import Kinetype

/// What `verify` writes into golden sets, and what it refuses to: a failing run changes nothing,
/// re-recording replaces a set as a whole, obsolete goldens are named and pruned, same-named
/// scenes are refused, oversized goldens are not decoded, and alpha counts.
final class GoldenSetTests: XCTestCase {
    private func options(_ folder: URL, record: RecordMode, frames: FrameSelection = .all) -> VerifyOptions {
        var options = VerifyOptions(goldenFolder: folder.appendingPathComponent("goldens"))
        options.record = record
        options.frames = frames
        options.artifactsFolder = folder.appendingPathComponent("failures")
        options.jobs = 2
        return options
    }

    private func verify(_ options: VerifyOptions, word: String = "Hello") throws -> SceneVerification {
        var options = options
        options.overrides = ["word": word]
        return try GoldenVerifier.verify(sceneAt: TestScenes.url("tiny-typewriter.json").path, options: options)
    }

    private func set(_ folder: URL) -> URL { folder.appendingPathComponent("goldens/tiny-typewriter") }

    func testAFailingRunLeavesTheGoldenFolderByteIdentical() throws {
        let folder = try TestScenes.temporaryFolder(self)
        XCTAssertTrue(try verify(options(folder, record: .missing, frames: .sample(every: 10))).passed)
        let before = try FolderChecksums(folder.appendingPathComponent("goldens"))

        // Longer text: the sampled frames move, so some have no golden, and others fail.
        let result = try verify(options(folder, record: .missing, frames: .sample(every: 10)), word: "Hello there")
        XCTAssertFalse(result.passed)
        XCTAssertGreaterThan(result.count(.failed), 0)
        XCTAssertGreaterThan(result.count(.missing), 0, "the frames without a golden are missing, not recorded")
        XCTAssertEqual(result.count(.recorded), 0)
        XCTAssertTrue(result.recordingWithheld)
        XCTAssertEqual(try FolderChecksums(folder.appendingPathComponent("goldens")), before)
    }

    func testAPassingSetIsExtendedByTheFramesItLacks() throws {
        let folder = try TestScenes.temporaryFolder(self)
        XCTAssertTrue(try verify(options(folder, record: .missing, frames: .times([0.5]))).passed)
        let result = try verify(options(folder, record: .missing, frames: .times([0.5, 1])))
        XCTAssertTrue(result.passed)
        XCTAssertEqual(result.count(.passed), 1)
        XCTAssertEqual(result.count(.recorded), 1)
        XCTAssertEqual(try names(in: set(folder)), ["environment.json", "frame_0011.png", "frame_0021.png"])
    }

    func testRecordAllMakesTheSetEqualAFreshRecording() throws {
        let folder = try TestScenes.temporaryFolder(self)
        XCTAssertTrue(try verify(options(folder, record: .all)).passed)
        XCTAssertGreaterThan(try names(in: set(folder)).count, 20)
        _ = try verify(options(folder, record: .all, frames: .sample(every: 10)), word: "Hello there")

        let fresh = try TestScenes.temporaryFolder(self)
        _ = try verify(options(fresh, record: .all, frames: .sample(every: 10)), word: "Hello there")
        XCTAssertEqual(try FolderChecksums(set(folder)), try FolderChecksums(set(fresh)), "file for file")
    }

    func testRecordFailedKeepsPassingGoldensReplacesFailingOnesAndDropsObsoleteOnes() throws {
        let folder = try TestScenes.temporaryFolder(self)
        XCTAssertTrue(try verify(options(folder, record: .all, frames: .times([0, 0.2, 1]))).passed)
        let first = try Data(contentsOf: set(folder).appendingPathComponent("frame_0001.png"))
        let result = try verify(options(folder, record: .failed, frames: .times([0, 0.5, 1])), word: "Jello")
        XCTAssertTrue(result.passed)
        XCTAssertEqual(result.count(.passed), 1, "frame 1 shows no letter yet")
        XCTAssertEqual(result.count(.updated), 1)
        XCTAssertEqual(result.count(.recorded), 1)
        XCTAssertEqual(result.removedFrames, ["frame_0005.png"])
        XCTAssertEqual(
            try names(in: set(folder)), ["environment.json", "frame_0001.png", "frame_0011.png", "frame_0021.png"])
        XCTAssertEqual(try Data(contentsOf: set(folder).appendingPathComponent("frame_0001.png")), first)
        XCTAssertTrue(try verify(options(folder, record: .never, frames: .times([0, 0.5, 1])), word: "Jello").passed)
    }

    func testObsoleteFramesAreNamedAndPrunedOnlyFromAPassingSet() throws {
        let folder = try TestScenes.temporaryFolder(self)
        XCTAssertTrue(try verify(options(folder, record: .all, frames: .times([0, 0.5, 1]))).passed)
        var verifying = options(folder, record: .never, frames: .times([0, 0.5]))
        let listed = try verify(verifying)
        XCTAssertTrue(listed.passed, "obsolete frames are a note, not a failure")
        XCTAssertEqual(listed.obsoleteFrames, ["frame_0021.png"])

        verifying.prune = true
        let failing = try verify(verifying, word: "Jello")
        XCTAssertFalse(failing.passed)
        XCTAssertEqual(failing.obsoleteFrames, ["frame_0021.png"], "a failing set is not pruned")
        XCTAssertEqual(try names(in: set(folder)).count, 4)

        let pruned = try verify(verifying)
        XCTAssertEqual(pruned.removedFrames, ["frame_0021.png"])
        XCTAssertEqual(pruned.obsoleteFrames, [])
        XCTAssertEqual(try names(in: set(folder)), ["environment.json", "frame_0001.png", "frame_0011.png"])
    }

    func testAGoldenFrameOfAnotherSizeFailsWithoutBeingDecoded() throws {
        let folder = try TestScenes.temporaryFolder(self)
        XCTAssertTrue(try verify(options(folder, record: .all, frames: .times([0]))).passed)
        // An all-zero 8192×8192 PNG: a few hundred kilobytes that would decode to 256 MB.
        let huge = try PNGCodec.encode(Image(width: 8192, height: 8192), compression: PNGCompression(level: 1))
        try huge.write(to: set(folder).appendingPathComponent("frame_0001.png"))
        let result = try verify(options(folder, record: .never, frames: .times([0])))
        XCTAssertFalse(result.passed)
        XCTAssertEqual(
            result.problems,
            ["golden frame_0001.png is 8192×8192 pixels, the render 160×40; such goldens are not decoded"])
        XCTAssertEqual(result.frames.map(\.status), [.failed])
        XCTAssertNil(result.frames[0].diffPath, "no triptych of an image that was never decoded")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("failures").path))
    }

    func testAGoldenAnimationOfAnotherSizeFailsWithoutBeingDecoded() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let goldens = folder.appendingPathComponent("goldens")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        let wide = try TestScenes.prepared("one-pixel.json")
        for format in [OutputFormat.gif, .webp, .apng] {
            let golden = goldens.appendingPathComponent(
                "tiny-typewriter.\(format == .gif ? "gif" : format == .webp ? "webp" : "apng")")
            _ = try wide.render(RenderOptions(output: golden, format: format))
            let result = try verify(options(folder, record: .never))
            XCTAssertFalse(result.passed)
            XCTAssertEqual(result.problems.count, 1, "\(format)")
            XCTAssertTrue(
                result.problems[0].hasSuffix("is 80×40 pixels, the render 160×40; it is not decoded"),
                result.problems[0])
            try FileManager.default.removeItem(at: golden)
        }
    }

    func testScenesThatWouldShareASetAreRefusedBeforeAnythingRenders() throws {
        let folder = try TestScenes.temporaryFolder(self)
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: TestScenes.url("one-pixel.json"), to: folder.appendingPathComponent("\(sub)/card.json"))
        }
        try FileManager.default.copyItem(
            at: TestScenes.url("one-pixel.json"), to: folder.appendingPathComponent("card-dark.json"))
        let a = folder.appendingPathComponent("a/card.json").path
        let b = folder.appendingPathComponent("b/card.json").path
        let dark = folder.appendingPathComponent("card-dark.json").path
        let verifying = options(folder, record: .all)
        XCTAssertThrowsError(try VerifyRun(scenes: [a, b], colorSchemes: [nil], options: verifying)) { error in
            let diagnostic = DiagnosticList(describing: error).diagnostics[0]
            XCTAssertEqual(diagnostic.kind, .usage)
            XCTAssertTrue(diagnostic.message.contains(a) && diagnostic.message.contains(b), diagnostic.message)
            XCTAssertTrue(diagnostic.message.contains("\"card\""), diagnostic.message)
        }
        XCTAssertThrowsError(try VerifyRun(scenes: [a, dark], colorSchemes: [nil, .dark], options: verifying))
        XCTAssertEqual(try VerifyRun(scenes: [a, dark], colorSchemes: [nil], options: verifying).scenes, [a, dark])
        XCTAssertEqual(try VerifyRun(scenes: [a, a], colorSchemes: [nil], options: verifying).scenes, [a], "once")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens").path))
    }

    func testShardsAreDisjointAndCoverEveryScene() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let scenes = (1...7).map { folder.appendingPathComponent("scene\($0).json").path }
        let verifying = options(folder, record: .never)
        var seen: [String] = []
        for index in 1...3 {
            let run = try VerifyRun(
                scenes: scenes, colorSchemes: [nil], options: verifying, shard: Shard(index: index, count: 3))
            XCTAssertTrue(Set(run.scenesToVerify).isDisjoint(with: seen))
            seen += run.scenesToVerify
        }
        XCTAssertEqual(Set(seen), Set(scenes))
        XCTAssertEqual(seen.count, scenes.count)
    }

    func testObsoleteSetsAreThoseNoSceneOfTheRunUses() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let goldens = folder.appendingPathComponent("goldens")
        for name in ["card", "card-dark", "card-rightToLeft", "old", "notes-extra"] {
            let set = goldens.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try Data().write(to: set.appendingPathComponent("frame_0001.png"))
        }
        try Data().write(to: goldens.appendingPathComponent("gone.gif"))
        try Data().write(to: goldens.appendingPathComponent("gone.environment.json"))
        try Data().write(to: goldens.appendingPathComponent("README.md"))
        try FileManager.default.createDirectory(
            at: goldens.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try Data().write(to: goldens.appendingPathComponent("assets/logo.svg"))
        let run = try VerifyRun(
            scenes: ["x/card.json", "x/notes.json"], colorSchemes: [nil], options: options(folder, record: .never))
        XCTAssertEqual(run.obsoleteSets().map(\.label), ["gone.gif", "notes-extra/", "old/"])
    }

    func testAShardReportRoundTripsAndMergesInTheOrderOfTheWholeRun() throws {
        func report(_ shard: Shard, scenes: [String]) throws -> VerifyReportMerge.Input {
            var report = VerifyReport(
                shard: shard, goldenFolder: "goldens", artifactsFolder: "art",
                acceptArguments: ["--golden", "goldens"],
                comparison: ComparisonOptions())
            report.scenes = scenes.map {
                VerifyReport.Entry(
                    scenePath: $0,
                    result: SceneVerification(
                        scene: $0, golden: "goldens/\($0)", environmentChanges: [], problems: [],
                        frames: [FrameVerdict(frame: 2, time: 0.1, status: .passed)]))
            }
            report.obsoleteSets = ["old/"]
            let encoder = JSONEncoder()
            return VerifyReportMerge.Input(path: "shard\(shard.index).json", bytes: try encoder.encode(report))
        }
        let scenes = (0..<5).map { "s\($0).json" }
        let inputs = try (1...2).map { index in
            try report(
                Shard(index: index, count: 2),
                scenes: scenes.enumerated().filter { $0.offset % 2 == index - 1 }.map(\.element))
        }
        let merged = try VerifyReportMerge.merge(inputs.reversed())
        XCTAssertEqual(merged.report.scenes.map(\.scenePath), scenes)
        XCTAssertEqual(merged.report.scenes[0].result.frames[0].frame, 2, "frames come back 0-based")
        XCTAssertEqual(merged.report.obsoleteSets, ["old/"])
        XCTAssertNil(merged.report.shard)
        XCTAssertTrue(merged.warnings.isEmpty)
        XCTAssertTrue(merged.gaps.isEmpty)

        let partial = try VerifyReportMerge.merge([inputs[0]])
        XCTAssertEqual(partial.report.shard, "1 of 2")
        XCTAssertEqual(
            partial.gaps.map(\.message), ["shard 2/2 is missing: the merged report covers only shards 1 of 2"])
        XCTAssertEqual(partial.gaps.map(\.severity), [.error])
        XCTAssertThrowsError(try VerifyReportMerge.merge([inputs[0], inputs[0]]))
    }

    func testATransparentSceneThatTurnsOpaqueOrChangesOpacityFails() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let scene = folder.appendingPathComponent("sticker.json")
        func verify(background: String = "transparent", opacity: Double = 0.35, record: RecordMode) throws
            -> SceneVerification
        {
            try Data(
                """
                {"version": 1, "canvas": {"width": 40, "height": 20, "background": "\(background)", "fps": 10,
                 "duration": 0.1}, "layers": [{"type": "rect", "frame": {"x": 4, "y": 4, "width": 10, "height": 10},
                 "background": "#1C7ED6", "opacity": \(opacity)}]}
                """.utf8
            ).write(to: scene)
            return try GoldenVerifier.verify(sceneAt: scene.path, options: options(folder, record: record))
        }
        XCTAssertTrue(try verify(record: .all).passed)
        XCTAssertTrue(try verify(record: .never).passed)
        let white = try verify(background: "#FFFFFF", record: .never)
        XCTAssertFalse(white.passed, "transparent → opaque white is a change")
        XCTAssertEqual(
            white.frames.first?.changedPixels, 40 * 20, "every pixel: the square is no longer see-through either")
        let opacity = try verify(opacity: 0.9, record: .never)
        XCTAssertFalse(opacity.passed, "a layer's opacity going from 0.35 to 0.9 is a change")
        XCTAssertEqual(opacity.frames.first?.changedPixels, 100)
    }

    private func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }
}

/// The SHA-256 of every file below a folder, by relative path: equal when the folder is byte-identical.
struct FolderChecksums: Equatable {
    let files: [String: String]

    init(_ folder: URL) throws {
        var files: [String: String] = [:]
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let relative = walker?.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            files[relative] = SHA256.hex(of: try Data(contentsOf: url))
        }
        self.files = files
    }
}
