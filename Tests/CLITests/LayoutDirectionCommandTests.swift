import Foundation
import XCTest

/// `--layout-direction` on `render`, `batch` and `verify`, run as a process.
final class LayoutDirectionCommandTests: XCTestCase {
    private let ltr = KinetypeProcess.fixtures.appendingPathComponent("mirror-badge.json").path
    private let rtl = KinetypeProcess.fixtures.appendingPathComponent("mirror-badge-rtl.json").path

    private func still(_ scene: String, _ extra: [String], in folder: URL, name: String) throws -> Data {
        let output = folder.appendingPathComponent(name).path
        let result = try KinetypeProcess.run(["render", scene, "--still", "0", "-o", output] + extra)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    func testRenderOptionOverridesTheScene() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let plain = try still(ltr, [], in: folder, name: "plain.png")
        let mirroredScene = try still(rtl, [], in: folder, name: "scene-rtl.png")
        let mirroredOption = try still(ltr, ["--layout-direction", "rightToLeft"], in: folder, name: "option-rtl.png")
        let backAgain = try still(rtl, ["--layout-direction", "leftToRight"], in: folder, name: "option-ltr.png")
        XCTAssertNotEqual(plain, mirroredScene)
        XCTAssertEqual(mirroredOption, mirroredScene, "the option lays the scene out as the key does")
        XCTAssertEqual(backAgain, plain, "the option wins over the scene's own direction")
        let auto = try still(
            ltr, ["--layout-direction", "auto", "--set", "word=ملاحظات"], in: folder, name: "auto.png")
        let forced = try still(
            ltr, ["--layout-direction", "rightToLeft", "--set", "word=ملاحظات"], in: folder, name: "forced.png")
        XCTAssertEqual(auto, forced, "auto finds the Arabic word right to left")
    }

    func testUnknownDirectionIsAUsageErrorWithASuggestion() throws {
        for command in [["render", ltr], ["verify", ltr, "--golden", "g"], ["batch", ltr, "--data", "d.json"]] {
            let result = try KinetypeProcess.run(command + ["--layout-direction", "rightToLeftt"])
            XCTAssertEqual(result.status, 64, result.stderr)
            XCTAssertTrue(result.stderr.contains("leftToRight, rightToLeft or auto"), result.stderr)
            XCTAssertTrue(result.stderr.contains("did you mean \"rightToLeft\""), result.stderr)
        }
    }

    func testBatchOptionMirrorsEveryEntryAndVerifyKeepsAGoldenSetPerDirection() throws {
        // Scenes without text: verify hashes the font files a scene's text can use, which is slow.
        let ltr = KinetypeProcess.fixtures.appendingPathComponent("mirror-rect.json").path
        let rtl = KinetypeProcess.fixtures.appendingPathComponent("mirror-rect-rtl.json").path
        let folder = try KinetypeProcess.temporaryFolder(self)
        let data = folder.appendingPathComponent("data.json")
        try Data(#"[{"output": "one"}, {"output": "two", "layoutDirection": "leftToRight"}]"#.utf8).write(to: data)
        let out = folder.appendingPathComponent("out").path
        let batch = try KinetypeProcess.run([
            "batch", ltr, "--data", data.path, "-o", out, "--format", "png", "--layout-direction", "rightToLeft", "-q",
        ])
        XCTAssertEqual(batch.status, 0, batch.stderr)
        let expected = try still(rtl, [], in: folder, name: "expected.png")
        let goldens = folder.appendingPathComponent("goldens").path
        // The batch's frames are the right-to-left render: verify records them from the option …
        let record = try KinetypeProcess.run([
            "verify", ltr, "--golden", goldens, "--record", "all", "--layout-direction", "rightToLeft", "-q",
        ])
        XCTAssertEqual(record.status, 0, record.stderr)
        let golden = try Data(contentsOf: URL(fileURLWithPath: goldens + "/mirror-rect-rightToLeft/frame_0001.png"))
        XCTAssertEqual(golden, expected)
        for name in ["one", "two"] {
            let frame = try Data(contentsOf: URL(fileURLWithPath: out + "/\(name)/frame_0001.png"))
            XCTAssertEqual(frame, expected, "\(name) is laid out right to left")
        }
        // … and a right-to-left scene verifies against it.
        let check = try KinetypeProcess.run(
            ["verify", rtl, "--golden", goldens, "--record", "never", "--layout-direction", "rightToLeft", "-q"],
            in: folder)
        XCTAssertEqual(check.status, 1, "mirror-rect-rtl has no golden set of its own: \(check.stdout)")
    }
}
