import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeEncode

/// Synthetic frames and scratch folders for the encoder tests.
enum TestImages {
    /// A frame of a little "typewriter": `revealed` dark blocks on a light background, and a
    /// red cursor after them. Uses 4 colors (+ transparency when `background` is transparent).
    static func typewriter(
        frame revealed: Int, width: Int = 48, height: Int = 20,
        background: (UInt8, UInt8, UInt8, UInt8) = (250, 250, 245, 255)
    ) -> Image {
        var image = Image(width: width, height: height, fill: background)
        for block in 0..<revealed {
            fill(
                &image, x: 2 + block * 5, y: 5, width: 4, height: 10,
                color: block % 2 == 0 ? (20, 20, 30, 255) : (40, 90, 200, 255))
        }
        fill(&image, x: 2 + revealed * 5, y: 4, width: 1, height: 12, color: (230, 30, 40, 255))
        return image
    }

    /// A smooth gradient with far more than 255 colors that shifts with `frame`.
    static func gradient(frame: Int, width: Int = 64, height: Int = 48) -> Image {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                pixels[offset] = UInt8((x * 255) / (width - 1))
                pixels[offset + 1] = UInt8((y * 255) / (height - 1))
                pixels[offset + 2] = UInt8((x + y + frame * 7) * 2 % 256)
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    static func fill(
        _ image: inout Image, x: Int, y: Int, width: Int, height: Int,
        color: (UInt8, UInt8, UInt8, UInt8)
    ) {
        for row in max(y, 0)..<min(y + height, image.height) {
            for column in max(x, 0)..<min(x + width, image.width) {
                let offset = (row * image.width + column) * 4
                image.pixels[offset] = color.0
                image.pixels[offset + 1] = color.1
                image.pixels[offset + 2] = color.2
                image.pixels[offset + 3] = color.3
            }
        }
    }

    /// Pixels with GIF's 1-bit alpha applied: what an exact GIF must decode to.
    static func gifVisible(_ image: Image) -> Image {
        Image(width: image.width, height: image.height, pixels: GIFPalette.normalizedPixels(image))
    }
}

/// A fresh temporary folder, removed by `tearDown`-style cleanup in the tests.
func makeScratchFolder(_ name: String = #function) throws -> URL {
    let cleaned = name.filter { $0.isLetter || $0.isNumber }
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("kinetype-encode-tests-\(getpid())-\(cleaned)")
    try? FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The names in `folder` (hidden ones too), sorted.
func contents(of folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
}

/// Asserts two images are equal, reporting how many pixels differ instead of every byte.
func assertSameImage(
    _ actual: Image?, _ expected: Image?, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    guard let actual, let expected else {
        XCTAssertTrue(actual == nil && expected == nil, "one image is missing. \(message)", file: file, line: line)
        return
    }
    guard let difference = ImageDifference(expected: expected, actual: actual) else {
        XCTFail(
            "sizes differ: \(actual.width)×\(actual.height) vs \(expected.width)×\(expected.height). \(message)",
            file: file, line: line)
        return
    }
    XCTAssertEqual(
        difference.changedPixels, 0,
        "pixels differ (max channel difference "
            + "\(difference.maxChannelDifference)). \(message)", file: file, line: line)
}

/// Asserts two image lists are equal image by image.
func assertSameImages(_ actual: [Image], _ expected: [Image], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(actual.count, expected.count, "image count", file: file, line: line)
    for (index, (a, e)) in zip(actual, expected).enumerated() {
        assertSameImage(a, e, "image \(index + 1)", file: file, line: line)
    }
}

/// Asserts that finishing `session` throws, and hands `check` the error. (`XCTAssertThrowsError`'s
/// closure cannot consume the session that `finish` consumes.)
func assertFinishThrows<Core: SessionEncoder>(
    _ session: consuming EncoderSession<Core>, _ ending: Core.Ending, file: StaticString = #filePath,
    line: UInt = #line, _ check: (Error) -> Void = { _ in }
) {
    do {
        _ = try session.finish(ending)
        XCTFail("finish did not throw", file: file, line: line)
    } catch {
        check(error)
    }
}
