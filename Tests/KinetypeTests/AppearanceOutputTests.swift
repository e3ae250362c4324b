import KinetypeEncode
import XCTest

@testable import Kinetype

/// The naming rule of appearances (`OutputNaming`) and `batch` and `verify` in light and dark.
final class AppearanceOutputTests: XCTestCase {
    func testTheNamingRulePutsTheAppearanceBeforeTheScale() {
        XCTAssertEqual(OutputNaming.stem("card", colorScheme: nil), "card")
        XCTAssertEqual(OutputNaming.stem("card", colorScheme: .light, scale: 1), "card")
        XCTAssertEqual(OutputNaming.stem("card", colorScheme: .dark), "card-dark")
        XCTAssertEqual(OutputNaming.stem("card", colorScheme: .dark, scale: 2), "card-dark@2x")
        XCTAssertEqual(OutputNaming.stem("card", colorScheme: .light, scale: 1.5), "card@1.5x")
        // A batch's poster is an output named name-poster: the appearance and scale come after.
        XCTAssertEqual(OutputNaming.posterStem("card", colorScheme: nil), "card-poster")
        XCTAssertEqual(OutputNaming.posterStem("card", colorScheme: .dark, scale: 3), "card-poster-dark@3x")

        XCTAssertEqual(OutputNaming.path("out.gif", colorScheme: .light, format: .gif), "out.gif")
        XCTAssertEqual(OutputNaming.path("out.gif", colorScheme: .dark, format: .gif), "out-dark.gif")
        XCTAssertEqual(OutputNaming.path("a.b/out.mp4", colorScheme: .dark, format: .mp4), "a.b/out-dark.mp4")
        XCTAssertEqual(
            OutputNaming.path("/tmp/still.png", colorScheme: .dark, format: .stillPNG), "/tmp/still-dark.png")
        XCTAssertEqual(OutputNaming.path("frames/", colorScheme: .dark, format: .pngSequence), "frames-dark/")
        XCTAssertEqual(OutputNaming.path("v1.0", colorScheme: .dark, format: .pngSequence), "v1.0-dark")
        XCTAssertEqual(OutputNaming.path("dir/.gif", colorScheme: .dark, format: .gif), "dir/.gif-dark")
    }

    private func batchOptions(data: String, in folder: URL) throws -> BatchOptions {
        let dataURL = folder.appendingPathComponent("data.json")
        try Data(data.utf8).write(to: dataURL)
        var options = BatchOptions(
            template: TestScenes.url("appearance-card.json"), data: dataURL,
            outputFolder: folder.appendingPathComponent("out"))
        options.jobs = 2
        return options
    }

    private func outputs(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The corner (background) and center (accent) pixels of a GIF's first frame.
    private func look(_ url: URL) throws -> [String] {
        let image = try GIFDecoder.decode(Data(contentsOf: url)).frames[0].image
        let scale = image.width / 40
        return [image.pixel(x: 0, y: 0), image.pixel(x: 20 * scale, y: 10 * scale)].map { "\($0.r),\($0.g),\($0.b)" }
    }

    func testABatchRendersEveryEntryInEveryAppearanceAndScale() throws {
        let folder = try TestScenes.temporaryFolder(self)
        var options = try batchOptions(data: #"[{"output": "card"}]"#, in: folder)
        options.colorSchemes = [.light, .dark]
        options.scales = [1, 2]
        let report = try BatchRunner.run(options)
        XCTAssertEqual(report.rendered, 4)
        XCTAssertEqual(try outputs(folder), ["card-dark.gif", "card-dark@2x.gif", "card.gif", "card@2x.gif"])
        let out = folder.appendingPathComponent("out")
        XCTAssertEqual(try look(out.appendingPathComponent("card.gif")), ["255,255,255", "255,0,0"])
        XCTAssertEqual(try look(out.appendingPathComponent("card@2x.gif")), ["255,255,255", "255,0,0"])
        XCTAssertEqual(try look(out.appendingPathComponent("card-dark.gif")), ["0,0,0", "0,0,255"])
        XCTAssertEqual(try look(out.appendingPathComponent("card-dark@2x.gif")), ["0,0,0", "0,0,255"])
        XCTAssertEqual(report.outcomes.map(\.colorScheme), [.light, .light, .dark, .dark])

        // Unchanged inputs: every output is kept, each appearance with its own fingerprint.
        XCTAssertEqual(try BatchRunner.run(options).unchanged, 4)
    }

    func testAnEntryMaySetItsAppearanceAndTheOptionWinsOverIt() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let data =
            #"[{"output": "a", "colorScheme": "dark"}, {"output": "b"}, {"output": "c", "colorScheme": "light,dark"}]"#
        var options = try batchOptions(data: data, in: folder)
        XCTAssertEqual(try BatchRunner.run(options).rendered, 4)
        XCTAssertEqual(try outputs(folder), ["a-dark.gif", "b.gif", "c-dark.gif", "c.gif"])
        let out = folder.appendingPathComponent("out")
        XCTAssertEqual(try look(out.appendingPathComponent("a-dark.gif")), ["0,0,0", "0,0,255"])
        XCTAssertEqual(try look(out.appendingPathComponent("b.gif")), ["255,255,255", "255,0,0"])

        options.colorSchemes = [.light]
        XCTAssertEqual(
            try BatchRunner.run(options).outcomes.map { URL(fileURLWithPath: $0.output).lastPathComponent },
            [
                "a.gif", "b.gif", "c.gif",
            ])
        XCTAssertEqual(try look(out.appendingPathComponent("a.gif")), ["255,255,255", "255,0,0"])
    }

    func testAnEntryNamedLikeAnotherEntrysDarkOutputIsRefused() throws {
        let folder = try TestScenes.temporaryFolder(self)
        var options = try batchOptions(data: #"[{"output": "card"}, {"output": "card-dark"}]"#, in: folder)
        options.colorSchemes = [.light, .dark]
        XCTAssertThrowsError(try BatchRunner.run(options)) { error in
            XCTAssertEqual(
                DiagnosticList(describing: error).diagnostics.first?.message,
                "entries [0] (line 1) and [1] both write card-dark.gif")
        }
    }

    func testVerifyKeepsOneGoldenSetPerAppearance() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let scene = folder.appendingPathComponent("card.json")
        try FileManager.default.copyItem(at: TestScenes.url("appearance-card.json"), to: scene)
        let goldens = folder.appendingPathComponent("goldens")
        var options = VerifyOptions(goldenFolder: goldens)
        options.artifactsFolder = folder.appendingPathComponent("failures")
        options.record = .missing
        let light = try GoldenVerifier.verify(sceneAt: scene.path, options: options)
        let dark = try GoldenVerifier.verify(sceneAt: scene.path, colorScheme: .dark, options: options)
        XCTAssertEqual([light.scene, dark.scene], ["card", "card-dark"])
        XCTAssertEqual([light.count(.recorded), dark.count(.recorded)], [2, 2])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: goldens.path).sorted(), ["card", "card-dark"])
        let darkGolden = try PNGCodec.read(contentsOf: goldens.appendingPathComponent("card-dark/frame_0001.png"))
        XCTAssertEqual(darkGolden.pixel(x: 20, y: 10).b, 255)

        options.record = .never
        XCTAssertTrue(try GoldenVerifier.verify(sceneAt: scene.path, options: options).passed)
        XCTAssertTrue(try GoldenVerifier.verify(sceneAt: scene.path, colorScheme: .dark, options: options).passed)
        XCTAssertTrue(try GoldenVerifier.verify(sceneAt: scene.path, colorScheme: .light, options: options).passed)

        // The dark render is compared with the dark set: with the light set in its place it fails.
        try FileManager.default.removeItem(at: goldens.appendingPathComponent("card-dark"))
        try FileManager.default.copyItem(
            at: goldens.appendingPathComponent("card"), to: goldens.appendingPathComponent("card-dark"))
        let mismatch = try GoldenVerifier.verify(sceneAt: scene.path, colorScheme: .dark, options: options)
        XCTAssertFalse(mismatch.passed)
        XCTAssertEqual(mismatch.count(.failed), 2)
    }
}

/// The what's-new templates in both appearances, as the issue's one batch command makes them.
final class WhatsNewAppearanceTests: XCTestCase {
    private let folder = TestScenes.packageRoot.appendingPathComponent("Templates/whats-new")

    func testOneBatchPlansEveryCardInBothAppearances() throws {
        let entries = try BatchData.decode(
            Data(contentsOf: folder.appendingPathComponent("note-card.data.json")), fileName: "note-card.data.json")
        let plan = try BatchPlan(
            entries: entries, dataFileName: "note-card.data.json", defaultName: "note-card", scales: nil,
            colorSchemes: [.light, .dark], format: .gif, shard: nil)
        let names = entries.compactMap(\.outputName)
        XCTAssertGreaterThanOrEqual(names.count, 3)
        XCTAssertEqual(plan.jobs.map(\.fileName), names.flatMap { ["\($0).gif", "\($0)-dark.gif"] })
    }

    /// The note card's surfaces at 3.5 s: the canvas corner, the card's empty lower part and the
    /// accent bar, in pixels of the @2x card.
    private func surfaces(_ scheme: ColorScheme) throws -> [String] {
        let prepared = try SceneLoader(
            .file(path: folder.appendingPathComponent("note-card.json").path),
            overrides: SceneOverrides(colorScheme: scheme)
        ).load()
        let image = try prepared.renderFrame(prepared.timeline.frame(atTime: 3.5))
        return [(4, 4), (320, 360), (100, 84)].map { point in
            let pixel = image.pixel(x: point.0, y: point.1)
            return "\(pixel.r),\(pixel.g),\(pixel.b)"
        }
    }

    func testDarkCardsUseTheDarkSystemColors() throws {
        // Light: a warm canvas, the white system background, iOS 26's systemOrange (255, 141, 40).
        XCTAssertEqual(try surfaces(.light).dropFirst(), ["255,255,255", "255,141,40"])
        // Dark: a dark warm canvas, secondarySystemBackground (28, 28, 30), dark systemOrange (255, 146, 48).
        let dark = try surfaces(.dark)
        XCTAssertEqual(dark.dropFirst(), ["28,28,30", "255,146,48"])
        let corner = dark[0].split(separator: ",").compactMap { Int($0) }
        XCTAssertLessThan(corner.max() ?? 255, 64, "the dark canvas is dark: \(dark[0])")
    }
}
