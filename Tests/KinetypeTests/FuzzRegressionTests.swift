import Foundation
import KinetypeEncode
import KinetypeRender
import XCTest

@testable import Kinetype

/// Every input the fuzzers once crashed on (Fuzz/Regressions/<target>/, see the README's
/// "Fuzzing") goes through what its fuzz target does, and must end in a result or a typed error.
final class FuzzRegressionTests: XCTestCase {
    static let regressions = TestScenes.packageRoot.appendingPathComponent("Fuzz/Regressions")
    /// What the fuzz targets read besides their input: `image.png` for scenes, `template.json`.
    static let inputs = TestScenes.packageRoot.appendingPathComponent("Fuzz/Inputs")

    typealias RegressionInput = (name: String, data: Data)

    /// The inputs of one target, sorted by name. A missing or empty folder fails the test, so a
    /// renamed folder cannot make it pass on nothing.
    func inputs(_ target: String, file: StaticString = #filePath, line: UInt = #line) throws -> [RegressionInput] {
        let folder = Self.regressions.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { !$0.hasPrefix(".") }
        guard let names, !names.isEmpty else {
            XCTFail("Fuzz/Regressions/\(target) is missing or empty", file: file, line: line)
            return []
        }
        return try names.sorted().map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    /// Runs `body`; an error other than a `DiagnosticList` fails the test.
    func expectResultOrDiagnostic<T>(_ name: String, _ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch is DiagnosticList {
        } catch {
            XCTFail("\(name): an untyped error: \(error)")
        }
        return nil
    }

    func testSceneRegressions() throws {
        let fonts = try FontLibrary(fontFiles: [], systemFonts: true)
        for (name, data) in try inputs("scene") {
            guard
                var scene = expectResultOrDiagnostic(
                    name,
                    {
                        try SceneDecoder.decode(data, fileName: name, baseDirectory: Self.inputs)
                    })
            else { continue }
            guard expectResultOrDiagnostic(name, { try scene.validateCanvasSize() }) != nil,
                let timeline = expectResultOrDiagnostic(name, { try Timeline(scene: scene) })
            else { continue }
            let last = timeline.frameCount - 1
            for index in [0, last / 2, last, last + 1] { _ = timeline.state(atFrame: index) }
            _ = timeline.state(atTime: timeline.duration / 3)
            scene.canvas.scale = 1
            scene.canvas.width = min(scene.canvas.width, 64)
            scene.canvas.height = min(scene.canvas.height, 64)
            _ = expectResultOrDiagnostic(name) {
                try SceneFontResolution.check(scene, with: fonts)
                _ = try FrameRenderer(scene: scene, fonts: fonts, images: SceneImageResolution.decode(scene))
                    .render(Timeline(scene: scene).state(atFrame: last / 2))
            }
        }
    }

    func testGoldenRegressions() throws {
        for (name, data) in try inputs("goldens") {
            _ = expectResultOrDiagnostic(name) { try GIFDecoder.decode(data) }
            _ = expectResultOrDiagnostic(name) { try PNGCodec.decode(data, name: name) }
            _ = expectResultOrDiagnostic(name) { try WebPDecoder.decode(data, name: name) }
            _ = expectResultOrDiagnostic(name) { try APNGDecoder.decode(data, name: name) }
        }
    }

    func testBatchDataRegressions() throws {
        let template = try Data(contentsOf: Self.inputs.appendingPathComponent("template.json"))
        for (name, data) in try inputs("batch-data") {
            guard let entries = expectResultOrDiagnostic(name, { try BatchData.decode(data, fileName: name) }) else {
                continue
            }
            for format in OutputFormat.allCases where format != .stillPNG {
                _ = expectResultOrDiagnostic(name) {
                    try BatchPlan(
                        entries: entries, dataFileName: name, defaultName: "fuzz", scales: [1, 2, 1.5],
                        format: format, shard: nil)
                }
            }
            for entry in entries.prefix(8) {
                _ = expectResultOrDiagnostic(name) {
                    try Timeline(
                        scene: SceneDecoder.decode(
                            template, fileName: "template.json",
                            baseDirectory: Self.inputs, overrides: entry.values))
                }
            }
        }
    }

    /// What the report-merge target does: each input is up to 8 shard reports (split at 0x1E) in a
    /// shard's download beside a secret, a link to it and a FIFO, merged as a batch and as a verify
    /// run; a merged report must encode, and its page inline nothing but the shard's own PNG.
    func testReportMergeRegressions() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let shard = folder.appendingPathComponent("shard")
        let card = shard.appendingPathComponent("failures/card")
        try FileManager.default.createDirectory(at: card, withIntermediateDirectories: true)
        let inside = try Data(contentsOf: Self.inputs.appendingPathComponent("image.png"))
        try inside.write(to: card.appendingPathComponent("frame_0001.diff.png"))
        try (inside + Data("secret".utf8)).write(to: folder.appendingPathComponent("secret.png"))
        try FileManager.default.createSymbolicLink(
            atPath: card.appendingPathComponent("frame_0002.diff.png").path,
            withDestinationPath: folder.appendingPathComponent("secret.png").path)
        try FileManager.default.createSymbolicLink(
            atPath: shard.appendingPathComponent("failures/up").path, withDestinationPath: folder.path)
        XCTAssertEqual(mkfifo(card.appendingPathComponent("frame_0003.diff.png").path, 0o600), 0)
        try Data("TOKEN=not-a-png".utf8).write(to: card.appendingPathComponent("frame_0004.diff.png"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]

        for (name, data) in try inputs("report-merge") {
            let reports = data.split(separator: 0x1E, omittingEmptySubsequences: false).prefix(8).enumerated().map {
                (path: shard.appendingPathComponent("report-\($0.offset).json").path, bytes: Data($0.element))
            }
            if let merged = expectResultOrDiagnostic(
                name, { try BatchReportMerge.merge(reports.map { ($0.path, $0.bytes) }) })
            {
                XCTAssertNoThrow(try encoder.encode(merged.report), name)
            }
            guard
                let merged = expectResultOrDiagnostic(
                    name, { try VerifyReportMerge.merge(reports.map { .init(path: $0.path, bytes: $0.bytes) }) })
            else { continue }
            XCTAssertNoThrow(try encoder.encode(merged.report), name)
            var page = VerifyHTMLReport(report: merged.report)
            page.images = .found(merged.images)
            let html = page.html(pageURL: folder.appendingPathComponent("all.html"))
            for payload in html.components(separatedBy: "data:image/png;base64,").dropFirst() {
                XCTAssertEqual(Data(base64Encoded: String(payload.prefix { $0 != "\"" })), inside, name)
            }
        }
    }

    /// What the sound target checks (`Fuzz/Sources/FuzzHarness/SoundHarness.swift`): a refusal has
    /// a reason; a decoded sound, and the same at 48 kHz, has a rate kinetype reads, lasts at most
    /// 10 s and holds samples within -1…1; its mix made in parts is its mix made whole.
    func testSoundRegressions() throws {
        for (name, data) in try inputs("sound") {
            let sound: PCMSound
            do throws(WAVFile.Problem) {
                sound = try SoundFile.decode(data)
            } catch {
                XCTAssertFalse(error.reason.isEmpty, name)
                continue
            }
            for decoded in [sound, sound.resampled(to: PCMSound.trackRate)] {
                XCTAssertTrue(WAVFile.rates.contains(decoded.rate), name)
                XCTAssertLessThanOrEqual(decoded.duration, WAVFile.longestSound + 1e-3, name)
                XCTAssertTrue(decoded.samples.allSatisfy { $0.isFinite && abs($0) <= 1 }, name)
            }
            let mix = KeystrokeMix(files: ["fuzz.wav": sound.resampled(to: PCMSound.trackRate)])
            let keys = (0..<3).map { press in
                Keystroke(
                    time: 0.002 * Double(press), kind: .character, layer: 0, animation: 0, press: press,
                    seed: UInt64(data.count), sound: KeySound(source: .file("fuzz.wav")))
            }
            XCTAssertEqual(
                mix.samples(of: keys, 0..<960), mix.samples(of: keys, 0..<333) + mix.samples(of: keys, 333..<960), name)
        }
    }
}
