import KinetypeEncode
import XCTest

@testable import Kinetype

final class VerifyTests: XCTestCase {
    private func options(_ folder: URL, record: RecordMode) -> VerifyOptions {
        var options = VerifyOptions(goldenFolder: folder.appendingPathComponent("goldens"))
        options.record = record
        options.artifactsFolder = folder.appendingPathComponent("failures")
        options.jobs = 2
        return options
    }

    private func verify(_ folder: URL, record: RecordMode, dot: String = "#FFFFFF") throws -> SceneVerification {
        var options = options(folder, record: record)
        options.overrides = ["dot": dot]
        return try GoldenVerifier.verify(sceneAt: TestScenes.url("one-pixel.json").path, options: options)
    }

    func testFreshlyRecordedGoldensPass() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let first = try verify(folder, record: .missing)
        XCTAssertTrue(first.passed)
        XCTAssertEqual(first.count(.recorded), 3)
        let files = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("goldens/one-pixel").path
        ).sorted()
        XCTAssertEqual(files, ["environment.json", "frame_0001.png", "frame_0002.png", "frame_0003.png"])

        let second = try verify(folder, record: .never)
        XCTAssertTrue(second.passed)
        XCTAssertEqual(second.count(.passed), 3)
        XCTAssertTrue(second.environmentChanges.isEmpty)
    }

    func testAOnePixelChangeFailsAndWritesDiffImages() throws {
        let folder = try TestScenes.temporaryFolder(self)
        _ = try verify(folder, record: .missing)
        let result = try verify(folder, record: .never, dot: "#000000")
        XCTAssertFalse(result.passed)
        XCTAssertEqual(result.count(.failed), 3)
        let worst = try XCTUnwrap(result.worstFrames.first)
        XCTAssertEqual(worst.changedPixels, 1)
        XCTAssertGreaterThan(worst.maxDistance, 0.9, "black on white is nearly the largest distance")
        let artifacts = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("failures/one-pixel").path
        ).sorted()
        XCTAssertEqual(
            Array(artifacts.prefix(4)),
            ["frame_0001.actual.png", "frame_0001.diff.png", "frame_0001.expected.png", "frame_0001.triptych.png"])
        let diff = try PNGCodec.read(contentsOf: URL(fileURLWithPath: try XCTUnwrap(worst.diffPath)))
        XCTAssertEqual(diff.pixel(x: 60, y: 30).r, 230, "the changed pixel is painted red")
        XCTAssertEqual(diff.pixel(x: 60, y: 30).g, 20)
    }

    func testChangesConfinedToAntialiasedEdgesPassAndAreReported() {
        // A hard black|white edge with one column of grey antialiasing between them.
        func edge(grey: UInt8) -> Image {
            var image = Image(width: 16, height: 8, fill: (255, 255, 255, 255))
            for y in 0..<8 {
                for x in 0..<8 { image.pixels[(y * 16 + x) * 4..<(y * 16 + x) * 4 + 3] = [0, 0, 0] }
                image.pixels[(y * 16 + 8) * 4..<(y * 16 + 8) * 4 + 3] = [grey, grey, grey]
            }
            return image
        }
        let comparison = PerceptualComparison.compare(expected: edge(grey: 128), actual: edge(grey: 60))
        XCTAssertTrue(comparison.passed)
        XCTAssertEqual(comparison.changedPixels, 0)
        XCTAssertEqual(comparison.antialiasedPixels, 8)

        var options = ComparisonOptions()
        options.detectAntialiasing = false
        XCTAssertFalse(
            PerceptualComparison.compare(expected: edge(grey: 128), actual: edge(grey: 60), options: options).passed)
    }

    func testCINeverRecords() throws {
        XCTAssertEqual(RecordMode.fromEnvironment(["CI": "1"]), .never)
        XCTAssertEqual(RecordMode.fromEnvironment(["CI": "true", "KINETYPE_RECORD": "all"]), .never)
        XCTAssertEqual(RecordMode.fromEnvironment(["KINETYPE_RECORD": "all"]), .all)
        XCTAssertEqual(RecordMode.fromEnvironment([:]), .missing)

        let folder = try TestScenes.temporaryFolder(self)
        let result = try verify(folder, record: RecordMode.fromEnvironment(["CI": "1"]))
        XCTAssertFalse(result.passed)
        XCTAssertEqual(result.count(.missing), 3)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens").path))
    }

    func testAChangedFontIsReportedAsAnEnvironmentChange() throws {
        let folder = try TestScenes.temporaryFolder(self)
        _ = try verify(folder, record: .missing)
        let environmentURL = folder.appendingPathComponent("goldens/one-pixel/environment.json")
        var environment = try JSONDecoder().decode(GoldenEnvironment.self, from: Data(contentsOf: environmentURL))
        let font = try XCTUnwrap(environment.fonts.keys.first { $0.hasPrefix("DejaVuSans") })
        environment.fonts[font] = String(repeating: "0", count: 64)
        environment.libraries["pango"] = "0.0.1"
        try JSONEncoder().encode(environment).write(to: environmentURL)

        let result = try verify(folder, record: .never)
        XCTAssertTrue(result.passed, "pixels are unchanged")
        XCTAssertTrue(
            result.environmentChanges.contains("font \(font) has changed (its SHA-256 differs from the one recorded)"),
            "\(result.environmentChanges)")
        XCTAssertTrue(
            result.environmentChanges.contains { $0.hasPrefix("pango was 0.0.1 when the goldens were recorded, now ") })
    }

    func testGIFGoldensCompareFramesDelaysAndLoop() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let golden = folder.appendingPathComponent("goldens/one-pixel.gif")
        try FileManager.default.createDirectory(
            at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
        let prepared = try TestScenes.prepared("one-pixel.json")
        _ = try prepared.render(RenderOptions(output: golden, format: .gif))

        XCTAssertTrue(try verify(folder, record: .never).passed)
        let changed = try verify(folder, record: .never, dot: "#000000")
        XCTAssertFalse(changed.passed)
        XCTAssertEqual(changed.worstFrames.first?.changedPixels, 1)
    }

    func testSampledFramesIncludeAnimationBoundaries() throws {
        let prepared = try TestScenes.prepared("tiny-typewriter.json")
        let frames = GoldenVerifier.frames(.sample(every: 100), of: prepared.timeline)
        let summary = prepared.timeline.summary.layers[0].animations[0]
        XCTAssertEqual(frames.first, 0)
        XCTAssertEqual(frames.last, prepared.timeline.frameCount - 1)
        XCTAssertTrue(frames.contains(Int((summary.start * prepared.timeline.fps).rounded(.down))))
        XCTAssertTrue(frames.contains(Int((summary.end * prepared.timeline.fps + 1e-9).rounded(.down))))
    }
}
