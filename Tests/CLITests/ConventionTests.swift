import Foundation
import XCTest

/// The command line's conventions: machine-readable output, unused placeholder values, stills,
/// and `validate` on folders and data.
final class ConventionTests: XCTestCase {
    private var root: URL { KinetypeProcess.packageRoot }

    private func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    func testFontsJSONHasArraysAndBooleans() throws {
        let result = try KinetypeProcess.run(["fonts", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let families = try XCTUnwrap(try json(result.stdout) as? [[String: Any]])
        let dejaVu = try XCTUnwrap(families.first { $0["family"] as? String == "DejaVu Sans" })
        XCTAssertTrue((dejaVu["styles"] as? [String])?.contains("Bold") == true, "\(dejaVu)")
        XCTAssertEqual(dejaVu["variable"] as? Bool, false)
        let inter = try XCTUnwrap(families.first { ($0["family"] as? String)?.hasPrefix("Inter") == true })
        XCTAssertEqual(inter["variable"] as? Bool, true)
    }

    func testInfoJSONHasCanvasAndMicrosecondTimes() throws {
        let result = try KinetypeProcess.run(["info", "--json", "Templates/hello.json"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains("0000000"), "times are rounded: \(result.stdout.prefix(300))")
        let info = try XCTUnwrap(try json(result.stdout) as? [String: Any])
        let canvas = try XCTUnwrap(info["canvas"] as? [String: Any])
        XCTAssertEqual(canvas["width"] as? Double, 480)
        XCTAssertEqual(canvas["pixelWidth"] as? Int, 960)
        XCTAssertEqual(canvas["pixelHeight"] as? Int, 320)
        XCTAssertEqual(canvas["scale"] as? Double, 2)
        XCTAssertEqual(info["duration"] as? Double, 4.94)
        XCTAssertEqual(info["scene"] as? String, "Templates/hello.json")
    }

    func testBatchReportEntriesCountFromOne() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let data = folder.appendingPathComponent("data.json")
        try Data(#"[{"output": "first", "name": "A"}, {"output": "second", "name": "B"}]"#.utf8).write(to: data)
        let report = folder.appendingPathComponent("report.json")
        let result = try KinetypeProcess.run(
            [
                "batch", "Templates/hello.json", "--data", data.path, "-o", folder.appendingPathComponent("out").path,
                "--report", report.path,
            ], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let outcomes = try XCTUnwrap(object["outcomes"] as? [[String: Any]])
        XCTAssertEqual(outcomes.map { $0["entry"] as? Int }, [1, 2])
        XCTAssertEqual(outcomes.map { $0["name"] as? String }, ["first", "second"])
    }

    func testUnusedSetNameWarnsAndFailsWhenStrict() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let output = folder.appendingPathComponent("hello.gif").path
        let warned = try KinetypeProcess.run(
            ["render", "Templates/hello.json", "--set", "nmae=Hi", "-o", output], in: root)
        XCTAssertEqual(warned.status, 0, warned.stderr)
        XCTAssertTrue(
            warned.stderr.contains(
                #"warning: --set nmae: Templates/hello.json has no {{nmae}} placeholder; did you mean "name"?"#),
            warned.stderr)
        let strict = try KinetypeProcess.run(
            ["render", "Templates/hello.json", "--set", "nmae=Hi", "--strict", "-o", output + "2.gif"], in: root)
        XCTAssertEqual(strict.status, 64, strict.stderr)
        XCTAssertTrue(strict.stderr.contains("error: --set nmae"), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output + "2.gif"))
        let used = try KinetypeProcess.run(
            ["render", "Templates/hello.json", "--set", "name=Hi", "--strict", "-o", output + "3.gif"], in: root)
        XCTAssertEqual(used.status, 0, used.stderr)
        XCTAssertFalse(used.stderr.contains("warning"), used.stderr)
    }

    func testUnusedDataKeyWarnsInBatchAndValidate() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let template = folder.appendingPathComponent("card.json")
        try FileManager.default.copyItem(at: root.appendingPathComponent("Templates/hello.json"), to: template)
        let data = folder.appendingPathComponent("card.data.json")
        try Data("[\n  {\"output\": \"a\", \"nmae\": \"X\"}\n]".utf8).write(to: data)

        let validated = try KinetypeProcess.run(["validate", folder.path])
        XCTAssertEqual(validated.status, 0, validated.stderr)
        XCTAssertTrue(
            validated.stderr.contains(
                #"card.data.json:2:3: [0].nmae: the key "nmae" (first in entry 1) fills no placeholder"#),
            validated.stderr)
        XCTAssertTrue(validated.stdout.contains("1 scene and 1 data file checked: all valid"), validated.stdout)

        let strict = try KinetypeProcess.run(["validate", "--strict", data.path])
        XCTAssertEqual(strict.status, 65, strict.stderr)
        XCTAssertTrue(strict.stdout.contains("1 data file checked: 1 with problems"), strict.stdout)

        let batch = try KinetypeProcess.run(
            ["batch", template.path, "--data", data.path, "-o", folder.appendingPathComponent("out").path, "--strict"])
        XCTAssertEqual(batch.status, 65, batch.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/a.gif").path))
    }

    /// Quiet hides progress and successes, not problems; the table names outputs from the current
    /// folder and says "unchanged" as the summary does.
    func testQuietBatchStillWarnsAndTheTableSaysUnchangedWithShortPaths() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Templates/hello.json"), to: folder.appendingPathComponent("card.json"))
        try Data(#"[{"output": "de", "titel": "Hallo"}]"#.utf8).write(to: folder.appendingPathComponent("d.json"))
        let quiet = try KinetypeProcess.run(["batch", "card.json", "--data", "d.json", "-o", "out", "-q"], in: folder)
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertTrue(quiet.stderr.contains(#"the key "titel" (first in entry 1) fills no placeholder"#), quiet.stderr)
        XCTAssertEqual(quiet.stdout, "", "quiet prints no table of successes")

        let again = try KinetypeProcess.run(
            ["batch", folder.path + "/card.json", "--data", folder.path + "/d.json", "-o", folder.path + "/out"],
            in: folder)
        XCTAssertEqual(again.status, 0, again.stderr)
        let row = try XCTUnwrap(again.stdout.split(separator: "\n").first { $0.hasPrefix("1 de") }, again.stdout)
        XCTAssertTrue(row.contains("  out/de.gif  "), "a path from the current folder: \(row)")
        XCTAssertTrue(row.hasSuffix("unchanged"), String(row))
        XCTAssertTrue(again.stdout.contains("0 rendered, 1 unchanged, 0 failed"), again.stdout)
        XCTAssertTrue(again.stdout.contains("RENDER TIME"), again.stdout)
    }

    func testValidateChecksDataEntriesAgainstTheirTemplate() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let template = folder.appendingPathComponent("card.json")
        let scene = """
            {"canvas": {"width": 100, "height": 40},
             "layers": [{"type": "text", "text": "{{title}}", "font": {"size": "{{size}}"}}]}
            """
        try Data(scene.utf8).write(to: template)
        let data = folder.appendingPathComponent("entries.json")
        try Data(#"[{"output": "a", "title": "Hi"}, {"output": "b", "title": "Yo", "size": 12}]"#.utf8).write(to: data)
        let result = try KinetypeProcess.run(["validate", template.path, "--data", data.path])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("the problems above come from entry 1 (a)"), result.stderr)
        XCTAssertFalse(result.stderr.contains("entry 2"), result.stderr)
    }

    func testStillPastTheEndIsRefusedAndAStillReportsItsTime() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let output = folder.appendingPathComponent("still.png").path
        let late = try KinetypeProcess.run(["render", "Templates/hello.json", "--still", "99", "-o", output], in: root)
        XCTAssertEqual(late.status, 64)
        XCTAssertTrue(late.stderr.contains("--still 99 is after the end of the scene, which lasts 4.94 s"), late.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        let still = try KinetypeProcess.run(
            ["render", "Templates/hello.json", "--still", "1.5", "-o", output], in: root)
        XCTAssertEqual(still.status, 0, still.stderr)
        XCTAssertTrue(still.stdout.contains("(still at 1.50 s,"), still.stdout)
        let end = try KinetypeProcess.run(
            ["render", "Templates/hello.json", "--still", "4.94", "-o", output], in: root)
        XCTAssertEqual(end.status, 0, end.stderr)
    }
}
