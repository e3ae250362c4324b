import Foundation
import TestSupport
import XCTest

/// The APNG `render` writes at the default compression, against `apngasm -z1` (7-Zip's deflate,
/// 15 passes) on the same frames: the size the issue tracker set as the bar.
final class APNGSizeTests: XCTestCase {
    func testTheNoteCardIsNoLargerThanApngasmMakesOfItsFramesAndDecodesExactly() throws {
        let apngasm = try XCTUnwrap(ChildProcess.onPath("apngasm"), "apngasm is needed; scripts/setup installs it")
        let apngdis = try XCTUnwrap(ChildProcess.onPath("apngdis"), "apngdis is needed; scripts/setup installs it")
        let scene = KinetypeProcess.packageRoot.appendingPathComponent("Templates/whats-new/note-card.json").path
        let folder = try KinetypeProcess.temporaryFolder(self)
        let ours = folder.appendingPathComponent("card.apng")
        let frames = folder.appendingPathComponent("frames")
        for output in [ours.path, frames.path + "/"] {
            let result = try KinetypeProcess.run(["render", scene, "-o", output, "-q"])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).filter { $0.hasSuffix(".png") }
            .sorted()
        XCTAssertGreaterThan(names.count, 10)
        let theirs = folder.appendingPathComponent("apngasm.png")
        let assembled = try ChildProcess.run(
            apngasm, [theirs.path] + names.map { frames.appendingPathComponent($0).path } + ["1", "30", "-z1"],
            timeout: 300)
        XCTAssertEqual(assembled.status, 0, assembled.stderrText)
        let ourBytes = try Data(contentsOf: ours).count
        let theirBytes = try Data(contentsOf: theirs).count
        print("note card: kinetype \(ourBytes) B, apngasm -z1 \(theirBytes) B")
        XCTAssertLessThanOrEqual(ourBytes, theirBytes)

        // apngdis (the APNG reference tools' disassembler, with zlib's inflate) gives back every
        // distinct frame exactly as kinetype rendered it.
        let split = folder.appendingPathComponent("split")
        try FileManager.default.createDirectory(at: split, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ours, to: split.appendingPathComponent("card.png"))
        let disassembled = try ChildProcess.run(apngdis, ["card.png", "part"], in: split, timeout: 120)
        XCTAssertEqual(disassembled.status, 0, disassembled.stderrText)
        let parts = try FileManager.default.contentsOfDirectory(atPath: split.path)
            .filter { $0.hasPrefix("part") && $0.hasSuffix(".png") }.sorted()
        var distinct: [Data] = []
        for name in names {
            let pixels = try Self.pixels(frames.appendingPathComponent(name))
            if distinct.last != pixels { distinct.append(pixels) }
        }
        XCTAssertEqual(parts.count, distinct.count, "one APNG frame per distinct rendered frame")
        for (part, wanted) in zip(parts, distinct) {
            XCTAssertEqual(try Self.pixels(split.appendingPathComponent(part)), wanted, part)
        }
    }

    /// A PNG's pixels as 8-bit RGBA, decoded by ImageMagick (another independent decoder).
    private static func pixels(_ png: URL) throws -> Data {
        let convert = try XCTUnwrap(ChildProcess.onPath("convert"), "ImageMagick is needed; scripts/setup installs it")
        let result = try ChildProcess.run(convert, [png.path, "-depth", "8", "rgba:-"], timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderrText)
        return result.stdout
    }
}
