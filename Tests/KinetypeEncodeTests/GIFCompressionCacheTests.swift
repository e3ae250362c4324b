import KinetypeCore
import TestSupport
import XCTest

@testable import KinetypeEncode

final class GIFCompressionCacheTests: XCTestCase {
    /// A rectangle of `count` indices below 16 with runs and changes, half of them free.
    private func job(_ count: Int, seed: UInt64, transparent: UInt8 = 16) -> GIFFrameJob {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 40)
        }
        var wanted: [UInt8] = []
        var isFree: [Bool] = []
        while wanted.count < count {
            let length = min(count - wanted.count, 1 + next() % 40)
            wanted += [UInt8](repeating: UInt8(next() % 16), count: length)
            isFree += [Bool](repeating: next() % 2 == 0, count: length)
        }
        return GIFFrameJob(
            rect: GIFRect(x: 0, y: 0, width: count, height: 1), wanted: wanted, isFree: isFree, delay: 4,
            disposal: 1, transparent: transparent)
    }

    private func assertSame(_ one: GIFCompressedPixels?, _ other: GIFCompressedPixels, line: UInt = #line) {
        XCTAssertEqual(one?.compressed, other.compressed, line: line)
        XCTAssertEqual(one?.codeSize, other.codeSize, line: line)
        XCTAssertEqual(one?.transparentIndex, other.transparentIndex, line: line)
    }

    func testKeptPixelsAreWhatCompressingTheSameRectangleGives() throws {
        var cache = GIFCompressionCache(budget: 1 << 20)
        let first = job(10_000, seed: 1)
        cache.remember(first.compress(), for: try XCTUnwrap(GIFCompressionCache.Key(first)))
        // Equal content in arrays of its own, as the next period of a loop brings it.
        let again = job(10_000, seed: 1)
        assertSame(cache.pixels(for: try XCTUnwrap(GIFCompressionCache.Key(again))), again.compress())
    }

    func testAnyDifferenceInWhatDecidesTheBytesMisses() throws {
        var cache = GIFCompressionCache(budget: 1 << 20)
        let kept = job(10_000, seed: 2)
        cache.remember(kept.compress(), for: try XCTUnwrap(GIFCompressionCache.Key(kept)))
        func changed(index: Int? = nil, free: Int? = nil, transparent: UInt8 = 16) -> GIFFrameJob {
            var wanted = kept.wanted
            var isFree = kept.isFree
            if let index { wanted[index] ^= 1 }
            if let free { isFree[free].toggle() }
            return GIFFrameJob(
                rect: kept.rect, wanted: wanted, isFree: isFree, delay: kept.delay, disposal: kept.disposal,
                transparent: transparent)
        }
        // Flags are kept 64 to a word, gathered 8 at a time: a flag at each place of both.
        let variants =
            [0, 7, 8, 63, 64, 9_999].map { changed(free: $0) } + [0, 5_000, 9_999].map { changed(index: $0) }
            + [changed(transparent: 17)]
        for (number, variant) in variants.enumerated() {
            XCTAssertNil(cache.pixels(for: try XCTUnwrap(GIFCompressionCache.Key(variant))), "variant \(number)")
        }
        XCTAssertNotNil(cache.pixels(for: try XCTUnwrap(GIFCompressionCache.Key(changed()))))
    }

    func testSmallRectanglesAreNotKept() {
        XCTAssertNil(GIFCompressionCache.Key(job(GIFCompressionCache.smallestArea - 1, seed: 3)))
        XCTAssertNotNil(GIFCompressionCache.Key(job(GIFCompressionCache.smallestArea, seed: 3)))
    }

    func testTheLeastRecentlyUsedGoFirstPastTheBudget() throws {
        let jobs = (0..<3).map { job(8_000, seed: 10 + UInt64($0)) }
        let keys = try jobs.map { try XCTUnwrap(GIFCompressionCache.Key($0)) }
        let pixels = jobs.map { $0.compress() }
        let entryBytes = keys[0].byteCount + pixels.map(\.compressed.count).max()!
        var cache = GIFCompressionCache(budget: 2 * entryBytes + entryBytes / 2)
        cache.remember(pixels[0], for: keys[0])
        cache.remember(pixels[1], for: keys[1])
        XCTAssertNotNil(cache.pixels(for: keys[0]), "used again, so newer than the second")
        cache.remember(pixels[2], for: keys[2])
        XCTAssertNil(cache.pixels(for: keys[1]), "dropped to stay within the budget")
        assertSame(cache.pixels(for: keys[0]), pixels[0])
        assertSame(cache.pixels(for: keys[2]), pixels[2])
    }

    func testALoopingAnimationShowsEveryFrame() throws {
        // Every frame changes the whole 6,144-pixel canvas, and every fourth frame repeats the
        // rectangle of the one four before: the repeats are written from kept pixels.
        let backgrounds: [(UInt8, UInt8, UInt8, UInt8)] = [(250, 250, 245, 255), (30, 34, 40, 255)]
        let frames = (0..<24).map {
            TestImages.typewriter(frame: $0 % 4, width: 128, height: 48, background: backgrounds[$0 % 2])
        }
        let gif = try encodeGIF(frames, fps: 10).gif
        XCTAssertEqual(gif.frames.count, 24)
        assertDisplaysInputs(gif, frames)
    }
}
