import Foundation
import KinetypeEncode
import TestSupport
import XCTest

@testable import Kinetype

/// Animated WebP and APNG outputs, decoded back by decoders other than the encoders: libwebp's
/// WebPAnimDecoder for WebP, ffmpeg's apng demuxer for APNG (and kinetype's own APNG decoder,
/// which verify uses, for the timing).
final class AnimatedOutputTests: XCTestCase {
    func testLosslessWebPShowsEveryRenderedFrameWithAlphaAndTiming() throws {
        let prepared = try TestScenes.prepared("transparent-motion.json")
        let output = try TestScenes.temporaryFolder(self).appendingPathComponent("motion.webp")
        let report = try prepared.render(RenderOptions(output: output, format: .webp))
        let webp = try WebPDecoder.decode(Data(contentsOf: output))

        XCTAssertEqual(report.format, .webp)
        XCTAssertEqual(webp.playCount, 3, "output.loop 3 plays three times")
        XCTAssertLessThan(webp.frames.count, prepared.timeline.frameCount, "identical frames are merged")
        try assertShowsEveryFrame(webp, of: prepared)
        try assertKeepsPartialAlpha(webp)
    }

    func testAPNGDecodesWithFFmpegToEveryDistinctRenderedFrame() throws {
        let ffmpeg = try XCTUnwrap(VideoWriter.findFFmpeg(), "ffmpeg is needed; scripts/setup installs it")
        let prepared = try TestScenes.prepared("transparent-motion.json")
        let output = try TestScenes.temporaryFolder(self).appendingPathComponent("motion.apng")
        _ = try prepared.render(RenderOptions(output: output, format: .apng))

        let rendered = try (0..<prepared.timeline.frameCount).map { try prepared.renderFrame($0) }
        var distinct: [Image] = []
        for frame in rendered where distinct.last != frame { distinct.append(frame) }
        let decoded = try FFmpegFrames.decode(output, ffmpeg: ffmpeg, width: 96, height: 48)
        XCTAssertEqual(decoded.count, distinct.count, "one APNG frame per distinct rendered frame")
        for (index, (got, wanted)) in zip(decoded, distinct).enumerated() {
            XCTAssertEqual(got, wanted, "ffmpeg's frame \(index)")
        }

        let apng = try APNGDecoder.decode(Data(contentsOf: output))
        XCTAssertEqual(apng.playCount, 3)
        XCTAssertEqual(apng.frames.map(\.image), distinct, "kinetype's decoder agrees with ffmpeg")
        try assertShowsEveryFrame(apng, of: prepared)
        try assertKeepsPartialAlpha(apng)
    }

    func testLossyWebPIsDeterministicAndShrinksWithQuality() throws {
        let prepared = try TestScenes.prepared("tiny-typewriter.json")
        let folder = try TestScenes.temporaryFolder(self)
        var sizes: [Int: Int] = [:]
        for quality in [5, 50, 95] {
            var bytes: [Data] = []
            for run in 0..<2 {
                var options = RenderOptions(
                    output: folder.appendingPathComponent("q\(quality)-\(run).webp"), format: .webp)
                options.encoding.settings.webpQuality = quality
                options.encoding.jobs = run + 1
                _ = try prepared.render(options)
                bytes.append(try Data(contentsOf: options.output))
            }
            XCTAssertEqual(bytes[0], bytes[1], "quality \(quality) gives the same bytes every time")
            sizes[quality] = bytes[0].count
            let decoded = try WebPDecoder.decode(bytes[0])
            XCTAssertEqual(decoded.totalDuration, Int((prepared.timeline.duration * 1000).rounded()))
        }
        XCTAssertLessThan(sizes[5]!, sizes[50]!, "\(sizes)")
        XCTAssertLessThan(sizes[50]!, sizes[95]!, "\(sizes)")
    }

    func testAnimationBytesAreIdenticalForAnyJobCount() throws {
        let prepared = try TestScenes.prepared("tiny-typewriter.json")
        let folder = try TestScenes.temporaryFolder(self)
        for format in [OutputFormat.webp, .apng] {
            var files: [Data] = []
            for jobs in [1, 3] {
                var options = RenderOptions(output: folder.appendingPathComponent("\(format)-\(jobs)"), format: format)
                options.encoding.jobs = jobs
                _ = try prepared.render(options)
                files.append(try Data(contentsOf: options.output))
            }
            XCTAssertEqual(files[0], files[1], "\(format)")
        }
    }

    func testFailedAnimationLeavesTheExistingFileAlone() throws {
        let prepared = try TestScenes.prepared("tiny-typewriter.json")
        let folder = try TestScenes.temporaryFolder(self)
        for format in [OutputFormat.webp, .apng] {
            let output = folder.appendingPathComponent("keep-\(format)")
            try Data("mine".utf8).write(to: output)
            let options = RenderOptions(output: output, format: format)
            XCTAssertThrowsError(try prepared.render(options, isCancelled: { true }))
            XCTAssertEqual(try Data(contentsOf: output), Data("mine".utf8))
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }, [])
        }
    }

    func testGoldenWebPAndAPNGPassFailAndRefuseDamage() throws {
        let prepared = try TestScenes.prepared("transparent-motion.json")
        let folder = try TestScenes.temporaryFolder(self)
        for format in [OutputFormat.webp, .apng] {
            let goldens = folder.appendingPathComponent("goldens-\(format)")
            try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
            let golden = goldens.appendingPathComponent("motion.\(format)")
            _ = try prepared.render(RenderOptions(output: golden, format: format))
            var options = VerifyOptions(goldenFolder: goldens)
            options.record = .never
            options.artifactsFolder = folder.appendingPathComponent("failures-\(format)")
            let pass = try GoldenVerifier.verify(prepared, name: "motion", options: options)
            XCTAssertTrue(pass.passed, "\(format): \(pass.problems)")
            XCTAssertEqual(pass.golden, golden.path)

            let recolored = folder.appendingPathComponent("recolored.json")
            try String(contentsOf: TestScenes.url("transparent-motion.json"), encoding: .utf8)
                .replacingOccurrences(of: "#E03131", with: "#30E031").write(
                    to: recolored, atomically: true, encoding: .utf8)
            let changed = try PreparedScene(scene: SceneDecoder.decode(contentsOf: recolored))
            let fail = try GoldenVerifier.verify(changed, name: "motion", options: options)
            XCTAssertFalse(fail.passed, "\(format): a changed color fails")
            XCTAssertTrue(fail.frames.contains { $0.status == .failed })

            try Data("\u{89}PNG nothing".utf8).write(to: golden)
            XCTAssertThrowsError(try GoldenVerifier.verify(prepared, name: "motion", options: options)) { error in
                XCTAssertTrue("\(error)".contains("golden \(golden.path)"), "\(error)")
            }
        }
    }

    // MARK: - Helpers

    /// Every rendered frame is what the animation shows at the frame's start time.
    private func assertShowsEveryFrame(
        _ animation: DecodedAnimation, of prepared: PreparedScene, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(
            animation.totalDuration, Int((prepared.timeline.duration * 1000).rounded()), file: file, line: line)
        var ends: [Int] = []
        for frame in animation.frames { ends.append((ends.last ?? 0) + frame.duration) }
        for index in 0..<prepared.timeline.frameCount {
            let start = Int((prepared.timeline.time(ofFrame: index) * 1000).rounded())
            let shown = try XCTUnwrap(ends.firstIndex { $0 > start }, file: file, line: line)
            XCTAssertEqual(
                animation.frames[shown].image, try prepared.renderFrame(index), "frame \(index) at \(start) ms",
                file: file, line: line)
        }
    }

    /// The fading glass box is drawn with alpha strictly between 0 and 255.
    private func assertKeepsPartialAlpha(
        _ animation: DecodedAnimation, file: StaticString = #filePath, line: UInt = #line
    )
        throws
    {
        let last = try XCTUnwrap(animation.frames.last).image
        let glass = last.pixel(x: 60, y: 36)
        XCTAssertTrue((1...254).contains(glass.a), "partial alpha kept: \(glass)", file: file, line: line)
        XCTAssertEqual(last.pixel(x: 2, y: 2).a, 0, "the transparent canvas stays transparent", file: file, line: line)
    }

}
