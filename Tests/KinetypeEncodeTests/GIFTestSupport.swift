import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeEncode

/// Encodes frames at a constant frame rate (palette pass in reverse order, to show order does
/// not matter) and decodes the result with giflib.
func encodeGIF(_ frames: [Image], fps: Double, options: GIFOptions = GIFOptions()) throws
    -> (gif: DecodedGIF, data: Data, warnings: [Diagnostic])
{
    try encodeGIF(frames, endTimes: frames.indices.map { Double($0 + 1) / fps }, options: options)
}

func encodeGIF(_ frames: [Image], endTimes: [Double], options: GIFOptions = GIFOptions()) throws
    -> (gif: DecodedGIF, data: Data, warnings: [Diagnostic])
{
    let collector = try GIFPaletteCollector(width: frames[0].width, height: frames[0].height, options: options)
    try collector.add(frames)
    let writer = try collector.finish()
    for (frame, endTime) in zip(frames, endTimes) { try writer.write(frame, endTime: endTime) }
    let finished = try writer.finish()
    return (try GIFDecoder.decode(finished.bytes), finished.bytes, finished.warnings)
}

/// Every delay is at least 2 cs and they add up to the duration, rounded to centiseconds.
func assertTiming(_ gif: DecodedGIF, duration: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(gif.totalDelay, Int((duration * 100).rounded()), "total delay", file: file, line: line)
    XCTAssertLessThanOrEqual(abs(Double(gif.totalDelay) / 100 - duration), 0.01 + 1e-9, file: file, line: line)
    for (index, frame) in gif.frames.enumerated() {
        XCTAssertGreaterThanOrEqual(frame.delay, 2, "delay of frame \(index + 1)", file: file, line: line)
    }
}

/// Each displayed frame equals an input frame (exactly, after 1-bit alpha), in order, and the
/// last displayed frame is the last input frame.
func assertDisplaysInputs(_ gif: DecodedGIF, _ inputs: [Image], file: StaticString = #filePath, line: UInt = #line) {
    let visible = inputs.map(TestImages.gifVisible)
    var next = 0
    for (index, frame) in gif.frames.enumerated() {
        guard let match = visible[next...].firstIndex(of: frame.image) else {
            let closest = ImageDifference(expected: visible[min(next, visible.count - 1)], actual: frame.image)
            XCTFail(
                "displayed frame \(index + 1) matches no later input frame "
                    + "(\(closest?.changedPixels ?? -1) pixels differ from input \(next + 1))", file: file, line: line)
            return
        }
        next = match + 1
    }
    assertSameImage(gif.frames.last?.image, visible.last, "the last frame is shown", file: file, line: line)
}

/// `GIFPaletteBuilder` fed whole frames through a `GIFFrameColorReader`, as a caller with images
/// feeds `GIFPaletteCollector`.
final class ImagePaletteBuilder {
    let builder: GIFPaletteBuilder
    private var reader: GIFFrameColorReader

    init(width: Int, height: Int, options: GIFOptions, maxDistinctColors: Int = 1 << 18) {
        builder = GIFPaletteBuilder(
            width: width, height: height, options: options, maxDistinctColors: maxDistinctColors)
        reader = GIFFrameColorReader(width: width, height: height)
    }

    func add(_ image: Image) throws { builder.add(try reader.colors(of: image)) }
    func add(_ image: Image, changed: PixelRect?) throws { builder.add(try reader.colors(of: image, changed: changed)) }
    func add(_ colors: GIFFrameColors) { builder.add(colors) }
    func histogram() -> (counts: [UInt32: UInt32], transparent: UInt32) { builder.histogram() }
    func finish() throws -> GIFPalette { try builder.finish() }
}

extension GIFPaletteCollector {
    /// Adds whole frames, in display order.
    func add(_ frames: [Image]) throws {
        var reader = GIFFrameColorReader(width: width, height: height)
        for frame in frames { add(try reader.colors(of: frame)) }
    }
}
