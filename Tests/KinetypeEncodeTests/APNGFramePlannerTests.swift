import Foundation
import KinetypeCore
import TestSupport
import XCTest

@testable import KinetypeEncode

/// The APNG encoder chooses each frame's dispose op by what the next frame compresses to, not by
/// the size of its rectangle, and the file still decodes exactly in every decoder.
final class APNGFramePlannerTests: XCTestCase {
    /// Translucent noise over the whole canvas; then a flat blue block over it and two red
    /// corners; then the noise back with the corners kept. For the last frame, leaving the second
    /// as is means redrawing the block's 20×20 noise (the smallest rectangle); putting the canvas
    /// back as before the second frame leaves only the corners to draw, over a 64×64 rectangle
    /// that is transparent elsewhere (the smallest stream).
    private func frames() -> [Image] {
        var state: UInt32 = 12345
        var noise = Image(width: 64, height: 64)
        for index in noise.pixels.indices {
            state = state &* 1_103_515_245 &+ 12345
            noise.pixels[index] = UInt8(truncatingIfNeeded: state >> 16)
            if index % 4 == 3 { noise.pixels[index] |= 1 }
        }
        var corners = noise
        TestImages.fill(&corners, x: 0, y: 0, width: 1, height: 1, color: (255, 0, 0, 255))
        TestImages.fill(&corners, x: 63, y: 63, width: 1, height: 1, color: (255, 0, 0, 255))
        var block = corners
        TestImages.fill(&block, x: 20, y: 20, width: 20, height: 20, color: (0, 0, 255, 255))
        return [noise, block, corners]
    }

    func testPutsBackWhenThatCompressesSmallestThoughTheRectangleIsLarger() throws {
        let frames = frames()
        let previous = APNGFramePlanner.Previous(
            target: frames[1].pixels, base: frames[0].pixels, rect: .whole(width: 64, height: 64), isFirst: false)
        let mode = { APNGColorMode.rgba }
        let sized = try APNGFramePlanner(width: 64, height: 64, effort: APNGCompressionEffort(.default))
        let plan = try sized.plan(after: previous, target: frames[2].pixels, mode: mode)
        XCTAssertEqual(plan.dispose, .previous)
        XCTAssertEqual(plan.change.rect, .whole(width: 64, height: 64))
        XCTAssertEqual(plan.change.changed, 2)

        let byRectangle = try APNGFramePlanner(
            width: 64, height: 64, effort: APNGCompressionEffort(PNGCompression(level: 5)))
        let fast = try byRectangle.plan(after: previous, target: frames[2].pixels, mode: mode)
        XCTAssertEqual(fast.dispose, .none, "below level 6 the smallest rectangle wins")
        XCTAssertEqual(fast.change.rect, PixelRect(x: 20, y: 20, width: 20, height: 20))
    }

    func testTheFilePutsBackAndDecodesExactlyEverywhere() throws {
        let frames = frames()
        let encoder = try APNGEncoder(width: 64, height: 64)
        for (index, frame) in frames.enumerated() { try encoder.addFrame(frame, startTime: Double(index) * 0.1) }
        let data = try encoder.finish(endTime: 0.3)
        let chunks = try XCTUnwrap(PNGChunk.parse([UInt8](data)), "every chunk's CRC is right")
        let controls = chunks.filter { $0.type == "fcTL" }.map { [UInt8]($0.data) }
        XCTAssertEqual(controls.count, 3)
        XCTAssertEqual(controls[1][24], APNGDispose.previous.rawValue, "the block's frame is put back")
        XCTAssertEqual(controls[2][25], APNGBlend.over.rawValue, "the corners blend over")
        XCTAssertEqual(try APNGDecoder.decode(data).frames.map(\.image), frames)

        let folder = try makeScratchFolder(name)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let (file, decoded) = try APNGDisFrames.decode(data, in: folder)
        XCTAssertEqual(decoded, frames, "apngdis decodes every frame exactly")
        let ffmpeg = try XCTUnwrap(VideoWriter.findFFmpeg(), "ffmpeg is installed (scripts/setup)")
        XCTAssertEqual(
            try FFmpegFrames.decode(file, ffmpeg: ffmpeg, width: 64, height: 64), frames,
            "ffmpeg decodes every frame exactly")
    }
}
