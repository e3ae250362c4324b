import Foundation
import KinetypeEncode
import XCTest

/// `--color-scheme` on `render`, `batch` and `verify`, run as a user runs them.
final class ColorSchemeCommandTests: XCTestCase {
    /// A 40×20 card: the system background with a red (light) or blue (dark) accent.
    private func writeScene(in folder: URL) throws -> String {
        let scene = """
            {"canvas": {"width": 40, "height": 20, "background": "system.background", "fps": 10, "duration": 0.2},
             "layers": [{"type": "rect", "frame": {"x": 10, "y": 5, "width": 20, "height": 10},
                         "background": {"light": "#FF0000", "dark": "#0000FF"}}]}
            """
        let url = folder.appendingPathComponent("card.json")
        try Data(scene.utf8).write(to: url)
        return url.path
    }

    private func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Background and accent of a PNG, as "r,g,b".
    private func look(_ url: URL) throws -> [String] {
        let image = try PNGCodec.read(contentsOf: url)
        return [image.pixel(x: 0, y: 0), image.pixel(x: 20, y: 10)].map { "\($0.r),\($0.g),\($0.b)" }
    }

    func testRenderWithBothWritesTheNamedOutputAndItsDarkTwin() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try writeScene(in: folder)
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let gif = try KinetypeProcess.run(
            ["render", scene, "-o", out.appendingPathComponent("card.gif").path, "--color-scheme", "light,dark"])
        XCTAssertEqual(gif.status, 0, gif.stderr)
        XCTAssertEqual(
            gif.stdout.split(separator: "\n").map { $0.split(separator: " ")[1] },
            [
                "\(out.path)/card.gif", "\(out.path)/card-dark.gif",
            ])
        let still = try KinetypeProcess.run(
            [
                "render", scene, "--still", "0", "-o", out.appendingPathComponent("still.png").path,
                "--color-scheme", "dark,light",
            ])
        XCTAssertEqual(still.status, 0, still.stderr)
        let frames = try KinetypeProcess.run(
            ["render", scene, "-o", out.appendingPathComponent("frames").path + "/", "--color-scheme", "light,dark"])
        XCTAssertEqual(frames.status, 0, frames.stderr)
        XCTAssertEqual(
            try files(in: out),
            ["card-dark.gif", "card.gif", "frames", "frames-dark", "still-dark.png", "still.png"])
        XCTAssertEqual(try look(out.appendingPathComponent("still.png")), ["255,255,255", "255,0,0"])
        XCTAssertEqual(try look(out.appendingPathComponent("still-dark.png")), ["0,0,0", "0,0,255"])
        XCTAssertEqual(
            try look(out.appendingPathComponent("frames-dark/frame_0002.png")), ["0,0,0", "0,0,255"])
    }

    func testOneSchemeWritesTheExactPathAndTheDefaultOutputCarriesTheSuffix() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try writeScene(in: folder)
        let exact = folder.appendingPathComponent("mine.png")
        let named = try KinetypeProcess.run(
            ["render", scene, "--still", "0", "-o", exact.path, "--color-scheme", "dark"])
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertEqual(try look(exact), ["0,0,0", "0,0,255"])
        let byDefault = try KinetypeProcess.run(["render", scene, "--quiet", "--color-scheme", "DARK"], in: folder)
        XCTAssertEqual(byDefault.status, 0, byDefault.stderr)
        XCTAssertEqual(try files(in: folder.appendingPathComponent("Output")), ["card-dark.gif"])
    }

    func testAnUnknownSchemeIsAUsageError() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try writeScene(in: folder)
        for command in [["render", scene], ["batch", scene, "--data", scene], ["verify", scene, "--golden", "g"]] {
            let result = try KinetypeProcess.run(command + ["--color-scheme", "light,dusk"], in: folder)
            XCTAssertEqual(result.status, 64, command[0])
            XCTAssertTrue(
                result.stderr.contains("--color-scheme takes light, dark or light,dark, found \"light,dusk\""),
                result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output").path))
    }

    func testBatchNamesEveryAppearanceAndScale() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try writeScene(in: folder)
        let data = folder.appendingPathComponent("data.json")
        try Data(#"[{"output": "en"}, {"output": "ar", "colorScheme": "dark"}]"#.utf8).write(to: data)
        let out = folder.appendingPathComponent("cards")
        let own = try KinetypeProcess.run(["batch", scene, "--data", data.path, "-o", out.path, "--quiet"])
        XCTAssertEqual(own.status, 0, own.stderr)
        XCTAssertEqual(try files(in: out), ["ar-dark.gif", "en.gif"])
        let both = try KinetypeProcess.run(
            [
                "batch", scene, "--data", data.path, "-o", out.path, "--scale", "1,2", "--color-scheme", "light,dark",
                "--format", "png", "--quiet",
            ])
        XCTAssertEqual(both.status, 0, both.stderr)
        XCTAssertEqual(
            try files(in: out),
            [
                "ar", "ar-dark", "ar-dark.gif", "ar-dark@2x", "ar@2x", "en", "en-dark", "en-dark@2x", "en.gif",
                "en@2x",
            ])
        XCTAssertEqual(try look(out.appendingPathComponent("ar/frame_0001.png")), ["255,255,255", "255,0,0"])
        XCTAssertEqual(try look(out.appendingPathComponent("en-dark/frame_0001.png")), ["0,0,0", "0,0,255"])
    }

    func testVerifyRecordsAndComparesOneGoldenSetPerAppearance() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try writeScene(in: folder)
        let goldens = folder.appendingPathComponent("goldens")
        let record = try KinetypeProcess.run(
            ["verify", scene, "--golden", goldens.path, "--color-scheme", "light,dark", "--record", "missing"])
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertEqual(try files(in: goldens), ["card", "card-dark"])
        XCTAssertEqual(
            try look(goldens.appendingPathComponent("card-dark/frame_0001.png")), ["0,0,0", "0,0,255"])
        XCTAssertTrue(record.stdout.contains("card-dark: ok"), record.stdout)

        let check = try KinetypeProcess.run(
            ["verify", scene, "--golden", goldens.path, "--color-scheme", "dark", "--record", "never"])
        XCTAssertEqual(check.status, 0, check.stderr)
        // The light set stands in for the dark one: the dark render no longer matches.
        try FileManager.default.removeItem(at: goldens.appendingPathComponent("card-dark"))
        try FileManager.default.copyItem(
            at: goldens.appendingPathComponent("card"), to: goldens.appendingPathComponent("card-dark"))
        let mismatch = try KinetypeProcess.run(
            [
                "verify", scene, "--golden", goldens.path, "--color-scheme", "light,dark", "--record", "never",
                "--artifacts", folder.appendingPathComponent("failures").path,
            ])
        XCTAssertEqual(mismatch.status, 1)
        XCTAssertTrue(mismatch.stdout.contains("card: ok"), mismatch.stdout)
        XCTAssertTrue(mismatch.stderr.contains("card-dark: FAILED"), mismatch.stderr)
    }
}
