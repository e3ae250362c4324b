import KinetypeEncode
import KinetypeRender
import XCTest

@testable import Kinetype

final class RenderOutputTests: XCTestCase {
    func testGIFDecodesToTheRenderedFramesWithExactTiming() throws {
        let prepared = try TestScenes.prepared("flat-colors.json")
        let output = try TestScenes.temporaryFolder(self).appendingPathComponent("flat.gif")
        let report = try prepared.render(RenderOptions(output: output, format: .gif))
        let gif = try GIFDecoder.decode(Data(contentsOf: output))

        XCTAssertEqual(gif.signature, "GIF89a")
        XCTAssertEqual(gif.playCount, 0, "output.loop 0 plays forever")
        XCTAssertEqual(report.frameCount, prepared.timeline.frameCount)
        XCTAssertEqual(Double(gif.totalDelay), (prepared.timeline.duration * 100).rounded(), accuracy: 1)
        XCTAssertTrue(gif.frames.allSatisfy { $0.delay >= 2 })
        // The box jumps in 7 steps, so the GIF merges identical frames: fewer GIF frames than rendered.
        XCTAssertLessThan(gif.frames.count, report.frameCount)
        // Every displayed frame equals the rendered frame at the time it shows (few colors: exact).
        var start = 0
        for frame in gif.frames {
            let index = Int((Double(start) / 100 * prepared.timeline.fps).rounded())
            XCTAssertEqual(frame.image, try prepared.renderFrame(index), "GIF frame at \(start) cs")
            start += frame.delay
        }
    }

    func testOutputBytesAreIdenticalForAnyJobCount() throws {
        let prepared = try TestScenes.prepared("tiny-typewriter.json")
        let folder = try TestScenes.temporaryFolder(self)
        var gifs: [Data] = []
        var sequences: [[Data]] = []
        for jobs in [1, 2, 3] {
            var gifOptions = RenderOptions(output: folder.appendingPathComponent("jobs\(jobs).gif"), format: .gif)
            gifOptions.encoding.jobs = jobs
            _ = try prepared.render(gifOptions)
            gifs.append(try Data(contentsOf: gifOptions.output))

            var pngOptions = RenderOptions(output: folder.appendingPathComponent("frames\(jobs)"), format: .pngSequence)
            pngOptions.encoding.jobs = jobs
            _ = try prepared.render(pngOptions)
            let files = try FileManager.default.contentsOfDirectory(atPath: pngOptions.output.path).sorted()
                .filter { $0.hasPrefix("frame_") }
            sequences.append(try files.map { try Data(contentsOf: pngOptions.output.appendingPathComponent($0)) })
        }
        XCTAssertEqual(gifs[0], gifs[1])
        XCTAssertEqual(gifs[0], gifs[2])
        XCTAssertEqual(sequences[0], sequences[1])
        XCTAssertEqual(sequences[0], sequences[2])
        XCTAssertEqual(sequences[0].count, prepared.timeline.frameCount)
    }

    func testPNGSequenceHoldsEveryFrameInOrder() throws {
        let prepared = try TestScenes.prepared("tiny-typewriter.json")
        let output = try TestScenes.temporaryFolder(self).appendingPathComponent("frames")
        _ = try prepared.render(RenderOptions(output: output, format: .pngSequence))
        let entries = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        XCTAssertEqual(entries.first, ".kinetype-frames.json", "the manifest marks the folder as kinetype's")
        let files = entries.filter { $0.hasPrefix("frame_") }
        XCTAssertEqual(files.first, "frame_0001.png")
        XCTAssertEqual(files.count, prepared.timeline.frameCount)
        for index in [0, files.count / 2, files.count - 1] {
            XCTAssertEqual(
                try PNGCodec.read(contentsOf: output.appendingPathComponent(files[index])),
                try prepared.renderFrame(index))
        }
    }

    func testStillRendersTheRequestedMoment() throws {
        let prepared = try TestScenes.prepared("tiny-typewriter.json")
        let output = try TestScenes.temporaryFolder(self).appendingPathComponent("still.png")
        var options = RenderOptions(output: output, format: .stillPNG)
        options.encoding.settings.stillTime = 0.35
        _ = try prepared.render(options)
        let expected = try FrameRenderer.renderOnce(prepared, at: 0.35)
        XCTAssertEqual(try PNGCodec.read(contentsOf: output), expected)
    }

    func testAFailedRenderLeavesTheExistingOutputUntouched() throws {
        let prepared = try TestScenes.prepared("tiny-typewriter.json")
        let output = try TestScenes.temporaryFolder(self).appendingPathComponent("keep.gif")
        try Data("previous".utf8).write(to: output)
        XCTAssertThrowsError(try prepared.render(RenderOptions(output: output, format: .gif), isCancelled: { true }))
        XCTAssertEqual(try Data(contentsOf: output), Data("previous".utf8))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path), ["keep.gif"])
    }

    func testAnUnwritableFolderIsACannotWriteError() throws {
        let prepared = try TestScenes.prepared("tiny-typewriter.json")
        let output = URL(fileURLWithPath: "/nonexistent-folder-kinetype/out.gif")
        XCTAssertThrowsError(try prepared.render(RenderOptions(output: output, format: .gif))) { error in
            XCTAssertEqual(DiagnosticList(describing: error).diagnostics.first?.kind, .cannotWrite)
        }
    }

    func testContactSheetIsAGridOfSampledFrames() throws {
        let prepared = try TestScenes.prepared("tiny-typewriter.json")
        let folder = try TestScenes.temporaryFolder(self)
        var options = RenderOptions(output: folder.appendingPathComponent("a.gif"), format: .gif)
        options.contactSheet = folder.appendingPathComponent("sheet.png")
        _ = try prepared.render(options)
        let sheet = try PNGCodec.read(contentsOf: options.contactSheet!)
        // 12 samples in 4 columns of 160 px with 12 px gaps; 3 rows of 40 px + 22 px labels.
        XCTAssertEqual(sheet.width, 12 + 4 * (160 + 12))
        XCTAssertEqual(sheet.height, 12 + 3 * (40 + 22 + 12))
    }
}

extension FrameRenderer {
    /// Renders the moment `seconds` of a prepared scene with a fresh renderer.
    static func renderOnce(_ prepared: PreparedScene, at seconds: Double) throws -> Image {
        try FrameRenderer(scene: prepared.scene, fonts: prepared.fonts).render(prepared.timeline.state(atTime: seconds))
    }
}
