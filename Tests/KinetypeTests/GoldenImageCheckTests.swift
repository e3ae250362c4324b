import KinetypeEncode
import TestSupport
import XCTest

@testable import Kinetype

/// The step `verify` takes for each golden frame and kinetype's own golden-image tests for each
/// image, checked on one image under every record mode.
final class GoldenImageCheckTests: XCTestCase {
    private let white = Image(width: 6, height: 4, fill: (255, 255, 255, 255))

    private func check(_ folder: URL, record: RecordMode, comparison: ComparisonOptions = .exact)
        -> GoldenImageCheck
    {
        GoldenImageCheck(
            golden: folder.appendingPathComponent("goldens/card.png"), record: record, comparison: comparison,
            failureImages: folder.appendingPathComponent("failures"), name: "card")
    }

    private func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// `white` with one pixel's red channel one step darker.
    private var nearlyWhite: Image {
        var image = white
        image.pixels[(2 * image.width + 3) * 4] = 254
        return image
    }

    func testAMissingGoldenIsRecordedAndSaidSo() throws {
        let folder = try ScratchFolder.make(for: self)
        let check = check(folder, record: .missing)
        let verdict = try check.check(white)
        XCTAssertEqual(verdict.status, .recorded)
        XCTAssertEqual(try PNGCodec.read(contentsOf: check.golden), white)
        XCTAssertEqual(
            check.problem(in: verdict),
            "the image has been recorded as its golden \(check.golden.path); run again to compare against it")
        let again = try check.check(white)
        XCTAssertEqual(again.status, .passed)
        XCTAssertNil(check.problem(in: again))
        XCTAssertEqual(files(in: folder), ["goldens"], "a match writes no failure images")
    }

    func testUnderCINothingIsRecordedAndAMissingGoldenFails() throws {
        let folder = try ScratchFolder.make(for: self)
        let check = check(folder, record: .fromEnvironment(["CI": "1", "KINETYPE_RECORD": "all"]))
        let verdict = try check.check(white)
        XCTAssertEqual(verdict.status, .missing)
        XCTAssertEqual(files(in: folder), [], "nothing is written")
        XCTAssertEqual(
            check.problem(in: verdict),
            "there is no golden \(check.golden.path), and record mode never (the default when CI is set) writes none")
    }

    func testOneChangedChannelFailsExactlyAndWritesTheImagesToLookAt() throws {
        let folder = try ScratchFolder.make(for: self)
        _ = try check(folder, record: .missing).check(white)
        let check = check(folder, record: .never)
        let verdict = try check.check(nearlyWhite)
        XCTAssertEqual(verdict.status, .failed)
        XCTAssertEqual(verdict.comparison?.changedPixels, 1)
        XCTAssertEqual(try PNGCodec.read(contentsOf: check.golden), white, "a failing golden is kept")
        let failures = folder.appendingPathComponent("failures")
        XCTAssertEqual(
            files(in: failures),
            ["card.actual.png", "card.diff.png", "card.expected.png", "card.triptych.png"])
        XCTAssertEqual(verdict.failureImages?.actual, failures.appendingPathComponent("card.actual.png").path)
        XCTAssertEqual(try PNGCodec.read(contentsOf: failures.appendingPathComponent("card.actual.png")), nearlyWhite)
        XCTAssertEqual(
            check.problem(in: verdict),
            "the image differs from its golden \(check.golden.path): 1 changed pixels (+0 antialiased), largest "
                + "color distance 0.002; expected, actual and diff images: \(failures.path)/card.{expected,actual,diff}.png"
        )
        // A check that passes again removes the images its failure left.
        XCTAssertEqual(try check.check(white).status, .passed)
        XCTAssertEqual(files(in: failures), [])
        // verify's default tolerance lets the same change pass.
        XCTAssertEqual(
            try self.check(folder, record: .never, comparison: ComparisonOptions()).check(nearlyWhite).status, .passed)
    }

    func testFailedModeReplacesADifferingGoldenWithoutFailureImages() throws {
        let folder = try ScratchFolder.make(for: self)
        _ = try check(folder, record: .missing).check(white)
        let check = check(folder, record: .failed)
        let verdict = try check.check(nearlyWhite)
        XCTAssertEqual(verdict.status, .updated)
        XCTAssertNil(verdict.failureImages)
        XCTAssertEqual(try PNGCodec.read(contentsOf: check.golden), nearlyWhite)
        XCTAssertEqual(files(in: folder), ["goldens"])
    }

    func testAGoldenOfAnotherSizeFailsWithoutBeingDecoded() throws {
        let folder = try ScratchFolder.make(for: self)
        let check = check(folder, record: .never)
        try FileManager.default.createDirectory(
            at: check.golden.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A PNG header claiming 60000×60000 pixels and nothing else: decoding it would fail.
        var header = try PNGCodec.encode(white).prefix(33)
        header.replaceSubrange(16..<24, with: [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60])
        try header.write(to: check.golden)
        let verdict = try check.check(white)
        XCTAssertEqual(verdict.status, .failed)
        XCTAssertNil(verdict.comparison)
        XCTAssertEqual(verdict.sizes?.golden.width, 60000)
        XCTAssertEqual(
            check.problem(in: verdict),
            "the golden \(check.golden.path) is 60000×60000 pixels, the image 6×4; the golden is not decoded")
    }
}
