import KinetypeCore
import KinetypeEncode
import XCTest

final class ImageDifferenceTests: XCTestCase {
    func testEqualImagesMatch() throws {
        let image = TestImages.typewriter(frame: 3)
        let difference = try XCTUnwrap(ImageDifference(expected: image, actual: image))
        XCTAssertTrue(difference.isMatch)
        XCTAssertEqual(difference.maxChannelDifference, 0)
        XCTAssertEqual(difference.psnr, .infinity)
        XCTAssertEqual(difference.summary, "the images match")
    }

    func testChangedPixelsAreCountedAndMarked() throws {
        let expected = Image(width: 4, height: 2, fill: (10, 10, 10, 255))
        var actual = expected
        actual.pixels[0] = 13
        actual.pixels[4 * 5 + 2] = 60
        let strict = try XCTUnwrap(ImageDifference(expected: expected, actual: actual))
        XCTAssertEqual(strict.changedPixels, 2)
        XCTAssertEqual(strict.maxChannelDifference, 50)
        XCTAssertEqual(strict.diffImage.pixel(x: 1, y: 1).r, 255)
        XCTAssertEqual(strict.diffImage.pixel(x: 1, y: 1).g, 0)
        XCTAssertNotEqual(strict.diffImage.pixel(x: 2, y: 0).g, 0)
        let tolerant = try XCTUnwrap(ImageDifference(expected: expected, actual: actual, tolerance: 3))
        XCTAssertEqual(tolerant.changedPixels, 1)
        XCTAssertEqual(
            tolerant.summary, "1 pixel differs (largest channel difference 50, PSNR 29.2 dB)",
            "MSE (3² + 50²) / 32 samples")
    }

    func testDifferentSizesDoNotCompare() {
        XCTAssertNil(ImageDifference(expected: Image(width: 2, height: 2), actual: Image(width: 2, height: 3)))
    }
}
