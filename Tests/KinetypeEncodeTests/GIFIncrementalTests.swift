import Foundation
import KinetypeCore
import TestSupport
import XCTest

@testable import KinetypeEncode

/// The encoder's work follows what changes: the palette pass counts only changed rectangles and
/// the write pass maps only them. These tests hold that to the results of looking at whole frames.
final class GIFIncrementalTests: XCTestCase {
    /// Random frames on a small canvas: each changes a random rectangle to random colors (from a
    /// pool of `colorCount`, with some transparency), or nothing at all.
    private func randomFrames(count: Int, colorCount: Int, seed: UInt64) -> [Image] {
        var random = SeededGenerator(seed: seed)
        let width = 40
        let height = 30
        let colors: [(UInt8, UInt8, UInt8, UInt8)] = (0..<colorCount).map { index in
            index == 0
                ? (0, 0, 0, 0)
                : (
                    UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                    UInt8.random(in: 0...255, using: &random), index.isMultiple(of: 7) ? 90 : 255
                )
        }
        var image = Image(width: width, height: height, fill: (250, 250, 245, 255))
        var frames = [image]
        for _ in 1..<count {
            if Int.random(in: 0..<4, using: &random) > 0 {
                let x = Int.random(in: 0..<width, using: &random)
                let y = Int.random(in: 0..<height, using: &random)
                let w = Int.random(in: 1...(width - x), using: &random)
                let h = Int.random(in: 1...(height - y), using: &random)
                for row in y..<(y + h) {
                    for column in x..<(x + w) where Bool.random(using: &random) {
                        let color = colors[Int.random(in: 0..<colors.count, using: &random)]
                        let offset = (row * width + column) * 4
                        image.pixels[offset..<offset + 4] = [color.0, color.1, color.2, color.3]
                    }
                }
            }
            frames.append(image)
        }
        return frames
    }

    /// A rectangle holding every pixel that changed, grown at random (a renderer's damage may be
    /// larger than the change).
    private func loosened(_ rect: PixelRect?, width: Int, height: Int, random: inout SeededGenerator) -> PixelRect? {
        guard let rect else { return Bool.random(using: &random) ? nil : PixelRect(x: 3, y: 4, width: 5, height: 2) }
        let left = Int.random(in: 0...3, using: &random)
        let top = Int.random(in: 0...3, using: &random)
        let grown = PixelRect(
            x: rect.x - left, y: rect.y - top, width: rect.width + left + Int.random(in: 0...3, using: &random),
            height: rect.height + top + Int.random(in: 0...3, using: &random))
        return grown.intersection(.whole(width: width, height: height))
    }

    /// Every frame's pixels counted whole, as the palette pass did before it looked only at changes:
    /// colors with `droppedBits` low bits cleared, for the least that fit in `maxDistinctColors`.
    private func referenceHistogram(_ frames: [Image], maxDistinctColors: Int) -> (
        counts: [UInt32: UInt32], transparent: UInt32
    ) {
        var exact: [UInt32: UInt32] = [:]
        var transparent: UInt32 = 0
        for frame in frames {
            for offset in stride(from: 0, to: frame.pixels.count, by: 4) {
                if frame.pixels[offset + 3] < 128 {
                    transparent &+= 1
                    continue
                }
                let key =
                    UInt32(frame.pixels[offset]) << 16 | UInt32(frame.pixels[offset + 1]) << 8
                    | UInt32(frame.pixels[offset + 2])
                exact[key, default: 0] &+= 1
            }
        }
        for dropped in UInt32(0)...8 {
            let channel = UInt32(0xFF) << dropped & 0xFF
            let mask = channel << 16 | channel << 8 | channel
            var counts: [UInt32: UInt32] = [:]
            for (key, count) in exact { counts[key & mask, default: 0] &+= count }
            if counts.count <= maxDistinctColors { return (counts, transparent) }
        }
        return ([:], transparent)
    }

    func testCountingOnlyChangedRectanglesGivesTheWholeFramesHistogram() throws {
        for (seed, maxDistinctColors) in [(1, 1 << 18), (2, 1 << 18), (3, 40), (4, 12)] {
            let frames = randomFrames(count: 60, colorCount: 90, seed: UInt64(seed))
            var random = SeededGenerator(seed: UInt64(seed) + 100)
            let byRect = ImagePaletteBuilder(
                width: 40, height: 30, options: GIFOptions(), maxDistinctColors: maxDistinctColors)
            for (index, frame) in frames.enumerated() {
                let exact = index == 0 ? nil : GIFImageDiff.changedRect(from: frames[index - 1], to: frame)
                try byRect.add(frame, changed: loosened(exact, width: 40, height: 30, random: &random))
            }
            let expected = referenceHistogram(frames, maxDistinctColors: maxDistinctColors)
            let actual = byRect.histogram()
            XCTAssertEqual(actual.counts, expected.counts, "seed \(seed)")
            XCTAssertEqual(actual.transparent, expected.transparent, "seed \(seed)")
        }
    }

    func testIdenticalFramesAreCountedWithoutBeingRead() throws {
        let frame = TestImages.typewriter(frame: 3)
        let builder = ImagePaletteBuilder(width: frame.width, height: frame.height, options: GIFOptions())
        try builder.add(frame, changed: nil)
        // Frames said to be identical are counted as the frame before, whatever their pixels.
        for _ in 0..<9 { try builder.add(Image(width: frame.width, height: frame.height), changed: nil) }
        XCTAssertEqual(
            builder.histogram().counts,
            referenceHistogram(Array(repeating: frame, count: 10), maxDistinctColors: 1 << 18).counts)
    }

    /// The same frames, written whole, as patches of loosened rectangles, and on 3 threads.
    func testPatchesAndThreadsWriteTheSameBytesAsWholeFrames() throws {
        let cases: [([Image], GIFOptions)] = [
            (randomFrames(count: 50, colorCount: 60, seed: 7), GIFOptions()),
            (randomFrames(count: 50, colorCount: 400, seed: 8), GIFOptions()),
            (randomFrames(count: 50, colorCount: 400, seed: 9), GIFOptions(dither: .ordered)),
            (randomFrames(count: 50, colorCount: 400, seed: 10), GIFOptions(quality: 70, dither: .diffusion)),
            ((0..<9).map { TestImages.typewriter(frame: $0, background: (0, 0, 0, 0)) }, GIFOptions()),
        ]
        for (number, (frames, options)) in cases.enumerated() {
            let endTimes = frames.indices.map { Double($0 + 1) / 30 }
            let wholeColors = try GIFPaletteCollector(
                width: frames[0].width, height: frames[0].height, options: options)
            var wholeReader = GIFFrameColorReader(width: frames[0].width, height: frames[0].height)
            for frame in frames {
                wholeColors.add(
                    try wholeReader.colors(of: frame, changed: .whole(width: frame.width, height: frame.height)))
            }
            let whole = try wholeColors.finish()
            for (frame, endTime) in zip(frames, endTimes) {
                try whole.write(frame, changed: .whole(width: frame.width, height: frame.height), endTime: endTime)
            }
            let expected = try whole.finish().bytes
            XCTAssertNoThrow(try GIFDecoder.decode(expected))

            for jobs in [1, 3] {
                var random = SeededGenerator(seed: UInt64(number))
                let collector = try GIFPaletteCollector(
                    width: frames[0].width, height: frames[0].height, options: options, jobs: jobs)
                var reader = GIFFrameColorReader(width: frames[0].width, height: frames[0].height)
                var rects: [PixelRect?] = []
                for (index, frame) in frames.enumerated() {
                    let exact = index == 0 ? nil : GIFImageDiff.changedRect(from: frames[index - 1], to: frame)
                    rects.append(
                        index == 0
                            ? PixelRect.whole(width: frame.width, height: frame.height)
                            : loosened(exact, width: frame.width, height: frame.height, random: &random))
                    collector.add(try reader.colors(of: frame, changed: rects[index]))
                }
                let encoder = try collector.finish()
                // Error diffusion over a quantized palette maps frames whole.
                let needsWhole = encoder.needsWholeFrames
                XCTAssertEqual(needsWhole, number == 3)
                let patches = frames.indices.map { index in
                    GIFFramePatch(
                        image: frames[index],
                        changed: needsWhole
                            ? .whole(width: frames[index].width, height: frames[index].height) : rects[index],
                        endTime: endTimes[index])
                }
                try encoder.write(Array(patches.prefix(17)))
                try encoder.write(Array(patches.dropFirst(17)))
                let bytes = try encoder.finish().bytes
                XCTAssertEqual(bytes, expected, "case \(number), jobs \(jobs)")
            }
        }
    }

    /// The pixels of `rect` of `image`, row by row.
    private func pixels(of image: Image, in rect: PixelRect) -> [UInt8] {
        image.pixels(in: rect)
    }

    /// What the palette pass recorded for a frame before frames were looked at elsewhere: the
    /// changed pixels' colors with `dropped` low bits cleared, and their runs in row order.
    private func referenceScore(old: [UInt8]?, new: [UInt8], dropped: UInt32) -> (colors: [UInt32], runs: UInt64) {
        let channel = UInt32(0xFF) << dropped & 0xFF
        let mask = channel << 16 | channel << 8 | channel
        var colors = Set<UInt32>()
        var runs: UInt64 = 0
        var lastPixel: [UInt8]?
        var lastColor: UInt32?
        for offset in stride(from: 0, to: new.count, by: 4) {
            let pixel = Array(new[offset..<offset + 4])
            if let old, Array(old[offset..<offset + 4]) == pixel { continue }
            guard pixel != lastPixel else { continue }
            lastPixel = pixel
            guard pixel[3] >= 128 else { continue }
            let color = (UInt32(pixel[0]) << 16 | UInt32(pixel[1]) << 8 | UInt32(pixel[2])) & mask
            if color != lastColor {
                runs += 1
                lastColor = color
                colors.insert(color)
            }
        }
        return (colors.sorted(), runs)
    }

    /// A frame change worked out from a loosened rectangle's old and new pixels finds the exact
    /// changed rectangle and its pixels, and records what the palette pass recorded at every
    /// precision.
    func testFrameChangesFindTheExactChangeAndItsColorsAtEveryPrecision() {
        for seed in 20..<26 {
            let frames = randomFrames(count: 40, colorCount: seed.isMultiple(of: 2) ? 30 : 500, seed: UInt64(seed))
            var random = SeededGenerator(seed: UInt64(seed))
            let whole = PixelRect.whole(width: 40, height: 30)
            for (index, frame) in frames.enumerated() {
                let exact = index == 0 ? whole : GIFImageDiff.changedRect(from: frames[index - 1], to: frame)
                let rect = index == 0 ? whole : loosened(exact, width: 40, height: 30, random: &random) ?? whole
                let old = index == 0 ? nil : pixels(of: frames[index - 1], in: rect)
                let new = pixels(of: frame, in: rect)
                let change = GIFFrameChange(old: old, new: new, in: rect, endTime: 1)
                XCTAssertEqual(change.patch.rect, exact, "seed \(seed), frame \(index)")
                XCTAssertEqual(change.patch.pixels, exact.map { pixels(of: frame, in: $0) } ?? [])
                for dropped in UInt32(0)...8 {
                    let reference = referenceScore(old: old, new: new, dropped: dropped)
                    let channel = UInt32(0xFF) << dropped & 0xFF
                    let mask = channel << 16 | channel << 8 | channel
                    XCTAssertEqual(Set(change.colors.colors.map { $0 & mask }).sorted(), reference.colors)
                    XCTAssertEqual(
                        change.colors.runsAtPrecision[Int(dropped)], reference.runs,
                        "seed \(seed), frame \(index), \(dropped) bits dropped")
                }
            }
        }
    }

    /// Frames given to the encoder as changes, worked out from loosened rectangles, write the
    /// same bytes as the same frames given as images, coarsened colors and quantizing included.
    func testFrameChangesWriteTheSameBytesAsImages() throws {
        for (seed, maxDistinctColors) in [(30, 1 << 18), (31, 1 << 18), (32, 40), (33, 12)] {
            let frames = randomFrames(count: 50, colorCount: seed == 30 ? 60 : 400, seed: UInt64(seed))
            var random = SeededGenerator(seed: UInt64(seed))
            let whole = PixelRect.whole(width: 40, height: 30)
            let byImage = ImagePaletteBuilder(
                width: 40, height: 30, options: GIFOptions(), maxDistinctColors: maxDistinctColors)
            let byChange = ImagePaletteBuilder(
                width: 40, height: 30, options: GIFOptions(), maxDistinctColors: maxDistinctColors)
            for (index, frame) in frames.enumerated() {
                try byImage.add(frame)
                let exact = index == 0 ? whole : GIFImageDiff.changedRect(from: frames[index - 1], to: frame)
                guard let rect = index == 0 ? whole : loosened(exact, width: 40, height: 30, random: &random) else {
                    byChange.add(.unchanged)
                    continue
                }
                let old = index == 0 ? nil : pixels(of: frames[index - 1], in: rect)
                byChange.add(GIFFrameChange(old: old, new: pixels(of: frame, in: rect), in: rect, endTime: 1).colors)
            }
            XCTAssertEqual(byChange.histogram().counts, byImage.histogram().counts, "seed \(seed)")
            XCTAssertEqual(byChange.histogram().transparent, byImage.histogram().transparent)
            XCTAssertEqual(
                try byChange.finish().opaqueColors, try byImage.finish().opaqueColors, "seed \(seed): palette order")
        }
        let frames = randomFrames(count: 30, colorCount: 400, seed: 34)
        let endTimes = frames.indices.map { Double($0 + 1) / 30 }
        let imageColors = try GIFPaletteCollector(width: 40, height: 30)
        try imageColors.add(frames)
        let images = try imageColors.finish()
        for (frame, endTime) in zip(frames, endTimes) { try images.write(frame, endTime: endTime) }
        let changeColors = try GIFPaletteCollector(width: 40, height: 30, jobs: 2)
        let patches = frames.indices.map { index in
            GIFFrameChange(
                old: index == 0 ? nil : frames[index - 1].pixels, new: frames[index].pixels,
                in: .whole(width: 40, height: 30), endTime: endTimes[index])
        }
        for change in patches { changeColors.add(change.colors) }
        let changes = try changeColors.finish()
        try changes.write(patches.map(\.patch))
        let (fromChanges, fromImages) = (try changes.finish().bytes, try images.finish().bytes)
        XCTAssertEqual(fromChanges, fromImages)
    }

    func testAFirstFrameGivenInPartIsRefused() throws {
        let frame = TestImages.typewriter(frame: 1)
        let collector = try GIFPaletteCollector(width: frame.width, height: frame.height)
        try collector.add([frame])
        let writer = try collector.finish()
        XCTAssertThrowsError(
            try writer.write(frame, changed: PixelRect(x: 0, y: 0, width: 2, height: 2), endTime: 0.1))
    }
}
