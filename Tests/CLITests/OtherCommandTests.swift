import Foundation
import XCTest

final class OtherCommandTests: XCTestCase {
    func testValidateReportsEveryMistake() throws {
        let result = try KinetypeProcess.run(["validate", "three-mistakes.json"], in: KinetypeProcess.fixtures)
        XCTAssertEqual(result.status, 65)
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("kinetype: error:") }
        XCTAssertGreaterThanOrEqual(errors.count, 3, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("three-mistakes.json:3:15: canvas: unknown key \"widht\"; did you mean \"width\"?"),
            result.stderr)
        XCTAssertTrue(result.stderr.contains("canvas.fps"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("three-mistakes.json:9:51: layers[0].animations[0]: unknown key \"easing\""),
            result.stderr)
    }

    func testValidateAcceptsEveryTemplate() throws {
        let templates = KinetypeProcess.packageRoot.appendingPathComponent("Templates")
        let scenes = FileManager.default.enumerator(atPath: templates.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".data.json") }
            .map { templates.appendingPathComponent($0).path }
        XCTAssertGreaterThanOrEqual(scenes.count, 8)
        let result = try KinetypeProcess.run(["validate"] + scenes)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").filter { $0.hasSuffix(": ok") }.count, scenes.count)
        XCTAssertTrue(result.stdout.hasSuffix("\(scenes.count) scenes checked: all valid\n"), result.stdout)
    }

    func testInfoPrintsTheTimeline() throws {
        let result = try KinetypeProcess.run(["info", "tiny.json"], in: KinetypeProcess.fixtures)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("tiny.json: 160×40 pt at @1x (160×40 px), 20 fps"), result.stdout)
        // 15 characters at 0.05 s from 0.1 s; the hold is 0.3 s.
        XCTAssertTrue(result.stdout.contains("typewriter"), result.stdout)

        let json = try KinetypeProcess.run(["info", "tiny.json", "--json"], in: KinetypeProcess.fixtures)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(object?["fps"] as? Double, 20)
        XCTAssertNotNil(object?["frameCount"] as? Int)
    }

    func testSchemaIsJSON() throws {
        let result = try KinetypeProcess.run(["schema"])
        XCTAssertEqual(result.status, 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        XCTAssertNotNil(object?["properties"])
    }

    func testFontsListsInstalledFamilies() throws {
        let result = try KinetypeProcess.run(["fonts"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("DejaVu Sans "), result.stdout)
    }

    func testBatchRendersEveryEntryAndReportsFailures() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let data = folder.appendingPathComponent("data.json")
        try Data(#"[{"output": "one", "word": "One"}, {"output": "two", "word": "Two"}]"#.utf8).write(to: data)
        let out = folder.appendingPathComponent("out").path
        let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path
        let result = try KinetypeProcess.run([
            "batch", tiny, "--data", data.path, "-o", out, "--scale", "1,2",
            "--report", folder.appendingPathComponent("report.json").path,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("4 rendered, 0 unchanged, 0 failed"), result.stdout)
        let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertEqual(files, ["one.gif", "one@2x.gif", "two.gif", "two@2x.gif"])
        let again = try KinetypeProcess.run(["batch", tiny, "--data", data.path, "-o", out, "--scale", "1,2"])
        XCTAssertTrue(again.stdout.contains("0 rendered, 4 unchanged, 0 failed"), again.stdout)

        try Data(#"[{"output": "ok", "word": "Fine"}, {"output": "bad", "word": "x", "unused": {}}]"#.utf8).write(
            to: data)
        let bad = try KinetypeProcess.run(["batch", tiny, "--data", data.path, "-o", out])
        XCTAssertEqual(bad.status, 65, "an object value is a data error: \(bad.stderr)")
        XCTAssertTrue(
            bad.stderr.contains("data.json:1:77: [1].unused: expected a string or a number, found an object"),
            bad.stderr)
    }

    /// A quiet batch keeps only its failures in memory; its report still lists every output, as
    /// the report of a batch that prints them all does.
    func testAQuietBatchReportsEveryOutput() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let data = folder.appendingPathComponent("data.json")
        // The second entry's text types for longer than --max-frames allows: it fails alone.
        try Data(
            #"[{"output": "one", "word": "One"}, {"output": "bad", "word": "\#(String(repeating: "long ", count: 20))"}, "#
                .appending(#"{"output": "three"}]"#).utf8
        ).write(to: data)
        let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path
        var reports: [[[String: String]]] = []
        for quiet in [true, false] {
            let report = folder.appendingPathComponent("report-\(quiet).json")
            let result = try KinetypeProcess.run(
                [
                    "batch", tiny, "--data", data.path, "-o", folder.appendingPathComponent("out-\(quiet)").path,
                    "--report", report.path, "--max-frames", "60",
                ] + (quiet ? ["-q"] : []))
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stdout.contains("2 rendered, 0 unchanged, 1 failed"), result.stdout)
            XCTAssertTrue(result.stderr.contains("entry 2 (bad):"), result.stderr)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
            let outcomes = try XCTUnwrap(json["outcomes"] as? [[String: Any]])
            reports.append(outcomes.map { ["name": "\($0["name"]!)", "status": "\($0["status"]!)"] })
        }
        XCTAssertEqual(reports[0].map { $0["name"]! }, ["one", "bad", "three"])
        XCTAssertEqual(reports[0], reports[1])
    }

    func testVerifyRecordsThenPassesThenFails() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let goldens = folder.appendingPathComponent("goldens").path
        let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path
        let record = try KinetypeProcess.run(
            ["verify", tiny, "--golden", goldens, "--frames", "sample:5"],
            environment: ["CI": ""])
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertTrue(record.stdout.contains("recorded"), record.stdout)

        let pass = try KinetypeProcess.run(
            ["verify", tiny, "--golden", goldens, "--frames", "sample:5"], environment: ["CI": "1"])
        XCTAssertEqual(pass.status, 0, pass.stderr)

        let artifacts = folder.appendingPathComponent("failures").path
        let fail = try KinetypeProcess.run(
            [
                "verify", tiny, "--golden", goldens, "--frames", "sample:5", "--set", "word=Bye",
                "--artifacts", artifacts,
            ], environment: ["CI": "1"])
        XCTAssertEqual(fail.status, 1)
        XCTAssertTrue(fail.stderr.contains("tiny: FAILED"), fail.stderr)
        XCTAssertTrue(
            try FileManager.default.contentsOfDirectory(atPath: artifacts + "/tiny").contains {
                $0.hasSuffix(".triptych.png")
            })

        let noGoldens = try KinetypeProcess.run(
            ["verify", tiny, "--golden", folder.appendingPathComponent("none").path], in: folder,
            environment: ["CI": "1"])
        XCTAssertEqual(noGoldens.status, 1)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("none").path), "CI never records")
    }
}
