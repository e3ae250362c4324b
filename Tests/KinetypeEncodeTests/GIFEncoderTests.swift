import Foundation
import KinetypeCore
import KinetypeEncode
import TestSupport
import XCTest

final class GIFEncoderTests: XCTestCase {
    private func typing(_ count: Int, background: (UInt8, UInt8, UInt8, UInt8) = (250, 250, 245, 255)) -> [Image] {
        (0..<count).map { TestImages.typewriter(frame: $0 % 9, background: background) }
    }

    func testAShortLastFrameIsNotMistakenForAHighFrameRate() throws {
        // A 30 fps scene whose duration ends 7 ms into its last frame.
        let frames = typing(9)
        let endTimes: [Double] = (1...8).map { (frame: Int) -> Double in Double(frame) / 30 } + [8.0 / 30 + 0.007]
        let (gif, _, warnings) = try encodeGIF(frames, endTimes: endTimes)
        XCTAssertEqual(warnings, [])
        assertTiming(gif, duration: endTimes.last!)
    }

    func testHeaderPaletteAndForeverLoop() throws {
        let (gif, data, warnings) = try encodeGIF(typing(4), fps: 10)
        XCTAssertEqual(gif.signature, "GIF89a")
        XCTAssertEqual(Array(data.suffix(1)), [0x3B], "trailer")
        XCTAssertEqual(gif.netscapeLoopCount, 0)
        XCTAssertEqual(gif.playCount, 0)
        XCTAssertEqual(gif.width, 48)
        XCTAssertEqual(gif.height, 20)
        XCTAssertEqual(warnings, [])
    }

    func testLoopCountMeansPlays() throws {
        XCTAssertNil(
            try encodeGIF(typing(3), fps: 10, options: GIFOptions(loop: 1)).gif.netscapeLoopCount,
            "play once: no loop block")
        let thrice = try encodeGIF(typing(3), fps: 10, options: GIFOptions(loop: 3)).gif
        XCTAssertEqual(thrice.netscapeLoopCount, 2, "NETSCAPE counts repetitions after the first play")
        XCTAssertEqual(thrice.playCount, 3)
        XCTAssertEqual(try encodeGIF(typing(3), fps: 10, options: GIFOptions(loop: 300)).gif.netscapeLoopCount, 299)
    }

    func testDelaysAt30FpsFollowAccumulatedTime() throws {
        let (gif, _, _) = try encodeGIF(typing(10), fps: 30)
        XCTAssertEqual(gif.frames.map(\.delay), [3, 4, 3, 3, 4, 3, 3, 4, 3, 3])
        assertTiming(gif, duration: 10.0 / 30)
    }

    func testAwkwardFrameRatesKeepTotalAndExactFrames() throws {
        for fps in [7.0, 24, 25, 30, 50, 60, 100, 120] {
            let frames = typing(31)
            let (gif, _, warnings) = try encodeGIF(frames, fps: fps)
            assertTiming(gif, duration: 31 / fps)
            assertDisplaysInputs(gif, frames)
            if fps <= 50 {
                XCTAssertEqual(gif.frames.count, 31, "no frame lost at \(fps) fps")
                XCTAssertEqual(warnings, [], "\(fps) fps")
            } else {
                XCTAssertLessThan(gif.frames.count, 31, "\(fps) fps")
                XCTAssertEqual(warnings.count, 1, "\(fps) fps")
                XCTAssertTrue(warnings.first?.message.contains("50 frames per second") ?? false)
                XCTAssertEqual(warnings.first?.severity, .warning)
            }
        }
    }

    func testFramesAfterTheFirstCoverOnlyWhatChanged() throws {
        let frames = typing(5)
        let (gif, _, _) = try encodeGIF(frames, fps: 10)
        XCTAssertEqual(gif.frames.count, 5)
        let first = gif.frames[0]
        XCTAssertEqual([first.x, first.y, first.width, first.height], [0, 0, 48, 20])
        for frame in gif.frames.dropFirst() {
            XCTAssertLessThan(frame.width * frame.height, 48 * 20 / 4)
            XCTAssertEqual(frame.disposal, 1, "do not dispose")
        }
        assertDisplaysInputs(gif, frames)
        for (frame, input) in zip(gif.frames, frames) {
            assertSameImage(frame.image, input, "opaque frames decode bit for bit")
        }
    }

    func testIdenticalConsecutiveFramesMerge() throws {
        let a = TestImages.typewriter(frame: 1)
        let b = TestImages.typewriter(frame: 2)
        let c = TestImages.typewriter(frame: 3)
        let (gif, _, _) = try encodeGIF([a, a, a, b, b, c], fps: 10)
        XCTAssertEqual(gif.frames.map(\.delay), [30, 20, 10])
        assertSameImages(gif.frames.map(\.image), [a, b, c])
    }

    func testShortLastFrameTakesTimeFromThePreviousOne() throws {
        let a = TestImages.typewriter(frame: 1)
        let b = TestImages.typewriter(frame: 2)
        let (gif, _, _) = try encodeGIF([a, b], endTimes: [0.30, 0.31])
        XCTAssertEqual(gif.frames.map(\.delay), [29, 2])
        assertSameImages(gif.frames.map(\.image), [a, b])
        let merged = try encodeGIF([a, b], endTimes: [0.02, 0.03]).gif
        XCTAssertEqual(merged.frames.map(\.delay), [3], "two short frames become one that shows the last")
        assertSameImages(merged.frames.map(\.image), [b])
    }

    func testTransparentCanvasRoundTripsWhenContentDisappears() throws {
        let clear: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        let typed = (0...6).map { TestImages.typewriter(frame: $0, background: clear) }
        var frames = typed + typed.reversed()
        var faded = TestImages.typewriter(frame: 2, background: clear)
        TestImages.fill(&faded, x: 30, y: 0, width: 6, height: 3, color: (10, 200, 10, 100))
        TestImages.fill(&faded, x: 40, y: 0, width: 6, height: 3, color: (10, 200, 10, 200))
        frames.append(faded)
        frames.append(Image(width: 48, height: 20))
        let (gif, _, _) = try encodeGIF(frames, fps: 20)
        assertTiming(gif, duration: Double(frames.count) / 20)
        XCTAssertEqual(gif.frames.count, frames.count - 1, "the repeated middle frame merges")
        assertDisplaysInputs(gif, frames)
        XCTAssertTrue(gif.frames.contains { $0.disposal == 2 }, "clearing needs disposal to background")
        let shownFaded = try XCTUnwrap(gif.frames.first { $0.image == TestImages.gifVisible(faded) }).image
        XCTAssertEqual(shownFaded.pixel(x: 31, y: 1).a, 0, "alpha 100 is transparent")
        XCTAssertEqual(shownFaded.pixel(x: 41, y: 1).a, 255, "alpha 200 is opaque")
        XCTAssertEqual(shownFaded.pixel(x: 41, y: 1).g, 200)
        XCTAssertEqual(gif.frames.last?.image.pixels.allSatisfy { $0 == 0 }, true, "the empty frame is empty")
    }

    func testTransparentCanvasMatchesImageMagicksCompositing() throws {
        let convert = URL(fileURLWithPath: "/usr/bin/convert")
        guard FileManager.default.isExecutableFile(atPath: convert.path) else {
            return XCTFail("ImageMagick's convert is missing; scripts/setup installs it")
        }
        let clear: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        let typed = (0...4).map { TestImages.typewriter(frame: $0, background: clear) }
        let frames = typed + typed.reversed().dropFirst()
        let (gif, data, _) = try encodeGIF(frames, fps: 10)
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try data.write(to: folder.appendingPathComponent("in.gif"))
        let converted = try ChildProcess.run(convert, ["in.gif", "-coalesce", "PNG32:frame_%d.png"], in: folder)
        XCTAssertEqual(converted.status, 0, converted.stderrText)
        for index in 0..<gif.frames.count {
            let composed = try PNGCodec.read(contentsOf: folder.appendingPathComponent("frame_\(index).png"))
            assertSameImage(visible(composed), gif.frames[index].image, "frame \(index + 1) as ImageMagick shows it")
        }
        assertSameImage(
            visible(try PNGCodec.read(contentsOf: folder.appendingPathComponent("frame_\(gif.frames.count - 1).png"))),
            TestImages.gifVisible(frames.last!))
    }

    /// Transparent pixels as (0, 0, 0, 0), whatever color a decoder left in them.
    private func visible(_ image: Image) -> Image {
        TestImages.gifVisible(image)
    }

    func testManyColorsAreQuantizedWithGoodPSNR() throws {
        let frames = (0..<4).map { TestImages.gradient(frame: $0) }
        for dither in GIFDither.allCases {
            let (gif, _, _) = try encodeGIF(frames, fps: 10, options: GIFOptions(dither: dither))
            XCTAssertEqual(gif.frames.count, 4)
            assertTiming(gif, duration: 0.4)
            for (frame, input) in zip(gif.frames, frames) {
                let difference = try XCTUnwrap(ImageDifference(expected: input, actual: frame.image))
                XCTAssertGreaterThan(difference.psnr, dither == .none ? 30 : 26, "\(dither)")
                XCTAssertTrue(frame.image.isFullyOpaque)
            }
        }
    }

    func testManyColorsOnATransparentCanvasKeepExactTransparency() throws {
        var frames: [Image] = []
        for index in 0..<6 {
            var frame = Image(width: 64, height: 48)
            let gradient = TestImages.gradient(frame: index)
            let blockWidth = 10 * (index < 3 ? index + 1 : 6 - index)
            for y in 8..<40 {
                for x in 4..<(4 + blockWidth) {
                    let offset = (y * 64 + x) * 4
                    for channel in 0..<4 { frame.pixels[offset + channel] = gradient.pixels[offset + channel] }
                }
            }
            frames.append(frame)
        }
        let (gif, _, _) = try encodeGIF(frames, fps: 10)
        XCTAssertEqual(gif.frames.count, 6)
        for (frame, input) in zip(gif.frames, frames) {
            let alphaShown = stride(from: 3, to: frame.image.pixels.count, by: 4).map { frame.image.pixels[$0] }
            let alphaExpected = stride(from: 3, to: input.pixels.count, by: 4).map { input.pixels[$0] }
            XCTAssertEqual(alphaShown, alphaExpected, "transparency is exact")
            let difference = try XCTUnwrap(ImageDifference(expected: input, actual: frame.image))
            XCTAssertGreaterThan(difference.psnr, 30)
        }
    }

    func testColorsMissingFromThePalettePassMapToTheNearestColor() throws {
        let seen = TestImages.typewriter(frame: 2)
        var unseen = seen
        TestImages.fill(&unseen, x: 0, y: 0, width: 3, height: 3, color: (235, 35, 45, 255))
        let collector = try GIFPaletteCollector(width: seen.width, height: seen.height)
        try collector.add([seen])
        let writer = try collector.finish()
        try writer.write(seen, endTime: 0.1)
        try writer.write(unseen, endTime: 0.2)
        let gif = try GIFDecoder.decode(try writer.finish().bytes)
        XCTAssertEqual(gif.frames.count, 2)
        XCTAssertTrue(gif.frames[1].image.pixel(x: 1, y: 1) == (230, 30, 40, 255), "the cursor's red is nearest")
    }

    func testLowerQualityGivesASmallerFile() throws {
        let frames = (0..<3).map { TestImages.gradient(frame: $0) }
        let best = try encodeGIF(frames, fps: 10, options: GIFOptions(quality: 100)).data
        let rough = try encodeGIF(frames, fps: 10, options: GIFOptions(quality: 20)).data
        XCTAssertLessThan(rough.count, best.count)
    }

    func testOutputIsDeterministic() throws {
        let frames =
            (0..<3).map { TestImages.gradient(frame: $0) } + typing(3).map { _ in TestImages.gradient(frame: 9) }
        XCTAssertEqual(try encodeGIF(frames, fps: 10).data, try encodeGIF(frames, fps: 10).data)
        XCTAssertEqual(try encodeGIF(typing(6), fps: 10).data, try encodeGIF(typing(6), fps: 10).data)
    }

    func testDestinationIsStreamedAndRenamedIntoPlace() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("typing.gif")
        try Data("old".utf8).write(to: url)
        // Noise over 250 colors: no quantization to wait for, and little for LZW to compress.
        var random = SplitMix64(seed: 7)
        let palette = (0..<250).map { _ in
            (UInt8(random.next() % 256), UInt8(random.next() % 256), UInt8(random.next() % 256))
        }
        let frames = (0..<6).map { _ in
            var image = Image(width: 160, height: 120, fill: (0, 0, 0, 255))
            for pixel in 0..<(160 * 120) {
                let color = palette[Int(random.next() % 250)]
                image.pixels.replaceSubrange(pixel * 4..<pixel * 4 + 3, with: [color.0, color.1, color.2])
            }
            return image
        }
        let collector = try GIFPaletteCollector(width: 160, height: 120, destination: url)
        try collector.add(frames)
        let writer = try collector.finish()
        for (index, frame) in frames.enumerated() { try writer.write(frame, endTime: Double(index + 1) / 10) }
        XCTAssertEqual(try Data(contentsOf: url), Data("old".utf8), "untouched until finish")
        let bytes = try writer.finish().bytes
        XCTAssertEqual(bytes, Data())
        XCTAssertEqual(try contents(of: folder), ["typing.gif"])
        let data = try Data(contentsOf: url)
        XCTAssertGreaterThan(data.count, 1 << 16, "large enough to need several flushes")
        let gif = try GIFDecoder.decode(data)
        XCTAssertEqual(gif.frames.count, 6)
        assertTiming(gif, duration: 0.6)
        let memory = try encodeGIF(frames, fps: 10).data
        XCTAssertEqual(data, memory, "streaming and memory give the same bytes")
    }

    /// A GIF abandoned at any point — cancelled while writing, its writer or its collector
    /// dropped, a palette that cannot be built — leaves the old file and no temporary.
    func testAnAbandonedGIFLeavesTheOldFile() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("typing.gif")
        try Data("old".utf8).write(to: url)
        let frames = typing(3)
        func assertUntouched(_ what: String, line: UInt = #line) throws {
            XCTAssertEqual(try contents(of: folder), ["typing.gif"], what, line: line)
            XCTAssertEqual(try Data(contentsOf: url), Data("old".utf8), what, line: line)
        }
        do {
            let collector = try GIFPaletteCollector(width: 48, height: 20, destination: url)
            try collector.add(frames)
            let writer = try collector.finish()
            try writer.write(frames[0], endTime: 0.1)
            writer.cancel()
        }
        try assertUntouched("cancelled")
        do {
            let collector = try GIFPaletteCollector(width: 48, height: 20, destination: url)
            try collector.add(frames)
            let writer = try collector.finish()
            try writer.write(frames[0], endTime: 0.1)
        }
        try assertUntouched("writer dropped")
        do {
            let collector = try GIFPaletteCollector(width: 48, height: 20, destination: url)
            try collector.add(frames)
        }
        try assertUntouched("collector dropped")
    }

    func testARefusedWriteTakesNoneOfItsFrames() throws {
        // Frames are mapped and compressed after `write` returns; what it refuses, it refuses whole.
        let frames = typing(6)
        func writer() throws -> GIFFrameWriter {
            var reader = GIFFrameColorReader(width: 48, height: 20)
            let collector = try GIFPaletteCollector(width: 48, height: 20, jobs: 2)
            for frame in frames { collector.add(try reader.colors(of: frame)) }
            return try collector.finish()
        }
        func patch(_ index: Int, endTime: Double) -> GIFFramePatch {
            GIFFramePatch(image: frames[index], changed: PixelRect.whole(width: 48, height: 20), endTime: endTime)
        }
        let expected = try writer()
        try expected.write((0..<6).map { patch($0, endTime: Double($0 + 1) / 10) })
        let refused = try writer()
        try refused.write((0..<3).map { patch($0, endTime: Double($0 + 1) / 10) })
        XCTAssertThrowsError(try refused.write([patch(3, endTime: 0.4), patch(4, endTime: 0.35)]), "time went back")
        XCTAssertThrowsError(try refused.write([patch(3, endTime: 0.4), patch(4, endTime: .nan)]), "no end")
        try refused.write((3..<6).map { patch($0, endTime: Double($0 + 1) / 10) })
        let (refusedBytes, expectedBytes) = (try refused.finish().bytes, try expected.finish().bytes)
        XCTAssertEqual(refusedBytes, expectedBytes)
        let corner = GIFFramePatch(
            rect: PixelRect(x: 0, y: 0, width: 1, height: 1), pixels: [0, 0, 0, 255], endTime: 0.1)
        let first = try writer()
        XCTAssertThrowsError(try first.write([corner]), "the first frame must be whole")
    }

    func testUnwritableDestinationFailsBeforeAnyFrame() throws {
        let missing = URL(fileURLWithPath: "Output-that-does-not-exist/typing.gif")
        XCTAssertThrowsError(try GIFPaletteCollector(width: 48, height: 20, destination: missing).width) { error in
            XCTAssertEqual((error as? DiagnosticList)?.first?.kind, .cannotWrite)
            XCTAssertEqual(
                (error as? DiagnosticList)?.first?.message,
                "cannot write Output-that-does-not-exist/typing.gif: the folder Output-that-does-not-exist does not exist"
            )
        }
    }

    /// The order of the passes is the types' (colors go into the collector, frames into the writer
    /// it finishes into, and a finished writer takes nothing more); what is left to check at run
    /// time is reported as a render failure.
    func testMisuseIsReported() throws {
        XCTAssertThrowsError(try GIFPaletteCollector(width: 0, height: 20).width)
        var reader = GIFFrameColorReader(width: 48, height: 20)
        XCTAssertThrowsError(try reader.colors(of: Image(width: 10, height: 10))) { error in
            XCTAssertEqual((error as? DiagnosticList)?.first?.kind, .renderFailure)
            XCTAssertEqual(
                (error as? DiagnosticList)?.first?.message, "cannot encode GIF: a frame is 10×10, but the GIF is 48×20")
        }
        let collector = try GIFPaletteCollector(width: 48, height: 20, options: GIFOptions())
        collector.add(try reader.colors(of: TestImages.typewriter(frame: 1)))
        let writer = try collector.finish()
        XCTAssertThrowsError(try writer.write(Image(width: 10, height: 10), endTime: 0.5))
        try writer.write(TestImages.typewriter(frame: 1), endTime: 0.5)
        XCTAssertThrowsError(try writer.write(TestImages.typewriter(frame: 2), endTime: 0.4), "time went back")
        try writer.finish()
        XCTAssertThrowsError(
            try GIFPaletteCollector(width: 10, height: 10).finish().finish().bytes, "a GIF without frames")
    }
}

extension Image {
    var isFullyOpaque: Bool { stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 } }
}
