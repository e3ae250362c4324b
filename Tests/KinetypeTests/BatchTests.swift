import KinetypeEncode
import XCTest

@testable import Kinetype

final class BatchTests: XCTestCase {
    private func options(data: String, in folder: URL) throws -> BatchOptions {
        let dataURL = folder.appendingPathComponent("data.json")
        try Data(data.utf8).write(to: dataURL)
        var options = BatchOptions(
            template: TestScenes.url("tiny-typewriter.json"), data: dataURL,
            outputFolder: folder.appendingPathComponent("out"))
        options.dataDisplayName = "data.json"
        options.jobs = 2
        return options
    }

    private func outputs(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    func testEveryEntryAndScaleBecomesANamedOutput() throws {
        let folder = try TestScenes.temporaryFolder(self)
        var options = try options(data: #"[{"output": "greeting-en", "word": "Hello"}, {"word": "Hola"}]"#, in: folder)
        options.scales = [1, 2]
        let report = try BatchRunner.run(options)
        XCTAssertEqual(report.rendered, 4)
        XCTAssertEqual(
            try outputs(folder),
            ["greeting-en.gif", "greeting-en@2x.gif", "tiny-typewriter-2.gif", "tiny-typewriter-2@2x.gif"])
        let oneX = try GIFDecoder.decode(Data(contentsOf: folder.appendingPathComponent("out/greeting-en.gif")))
        let twoX = try GIFDecoder.decode(Data(contentsOf: folder.appendingPathComponent("out/greeting-en@2x.gif")))
        XCTAssertEqual([oneX.width, oneX.height, twoX.width, twoX.height], [160, 40, 320, 80])
    }

    func testHostileOutputNamesAreRefusedAndNothingIsWritten() throws {
        let folder = try TestScenes.temporaryFolder(self)
        for hostile in ["../../escape", "a/b", "", "..", "tab\\there"] {
            let data = #"[{"output": "fine"}, {"output": "\#(hostile)"}]"#
            XCTAssertThrowsError(try BatchRunner.run(try options(data: data, in: folder)), hostile) { error in
                let problem = DiagnosticList(describing: error).diagnostics.first
                XCTAssertEqual(problem?.path, "[1].output", hostile)
                XCTAssertEqual(problem?.position?.line, 1, hostile)
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        XCTAssertFalse(
            FileManager.default.fileExists(
                atPath: folder.deletingLastPathComponent().appendingPathComponent("escape.gif").path))
    }

    func testOutputsThatWouldCollideAreRefused() throws {
        let folder = try TestScenes.temporaryFolder(self)
        // Same name but for case (one file on case-insensitive file systems), and an entry whose
        // name collides with another's @2x output.
        for data in [#"[{"output": "Card"}, {"output": "card"}]"#, #"[{"output": "card@2x"}, {"output": "card"}]"#] {
            var options = try options(data: data, in: folder)
            options.scales = [1, 2]
            XCTAssertThrowsError(try BatchRunner.run(options), data) { error in
                XCTAssertTrue(
                    DiagnosticList(describing: error).diagnostics.first?.message.hasPrefix(
                        "entries [0] (line 1) and [1] both write ") ?? false,
                    "\(error)")
            }
        }
    }

    func testAPosterGoesWithItsOutputAndAMomentPastAnEntrysEndWritesNeither() throws {
        let folder = try TestScenes.temporaryFolder(self)
        // "Hi, kinetype" lasts 1 s, "Goodbye, kinetype" 1.25 s.
        var options = try options(
            data: #"[{"output": "short", "word": "Hi"}, {"output": "long", "word": "Goodbye"}]"#, in: folder)
        options.posterTime = 1.1
        options.scales = [1, 2]
        let report = try BatchRunner.run(options)
        XCTAssertEqual(report.outcomes.map(\.status), [.failed, .failed, .rendered, .rendered])
        XCTAssertEqual(
            report.outcomes.first?.error?.contains("--poster 1.1 is after the end of the scene, which lasts 1 s"),
            true, report.outcomes.first?.error ?? "")
        XCTAssertEqual(
            report.outcomes.map { $0.poster.map { URL(fileURLWithPath: $0).lastPathComponent } },
            [nil, nil, "long-poster.png", "long-poster@2x.png"])
        XCTAssertEqual(try outputs(folder), ["long-poster.png", "long-poster@2x.png", "long.gif", "long@2x.gif"])
        let poster = try PNGCodec.decode(Data(contentsOf: folder.appendingPathComponent("out/long-poster@2x.png")))
        XCTAssertEqual([poster.width, poster.height], [320, 80])
    }

    /// `options` with a template, `template.json`, that has a second placeholder `{{extra}}`: an
    /// entry without it fails.
    private func optionsFailingWithoutExtra(data: String, in folder: URL) throws -> BatchOptions {
        let template = folder.appendingPathComponent("template.json")
        let text = try String(contentsOf: TestScenes.url("tiny-typewriter.json"), encoding: .utf8)
            .replacingOccurrences(of: "{{word}}, kinetype", with: "{{word}} {{extra}}")
        try Data(text.utf8).write(to: template)
        var options = try options(data: data, in: folder)
        options.template = template
        options.templateDisplayName = "template.json"
        return options
    }

    func testOneFailingEntryLeavesTheOthersRendered() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let options = try optionsFailingWithoutExtra(
            data: #"[{"output": "ok", "word": "Fine", "extra": "!"}, {"output": "bad", "word": "Oops"}]"#,
            in: folder)

        let report = try BatchRunner.run(options)
        XCTAssertEqual(report.rendered, 1)
        XCTAssertEqual(report.failed, 1)
        let failure = try XCTUnwrap(report.outcomes.first { $0.status == .failed })
        XCTAssertEqual(failure.name, "bad")
        XCTAssertTrue(
            failure.error?.hasPrefix("template.json:9:15: layers[0].text: unknown placeholder \"{{extra}}\"") ?? false,
            failure.error ?? "")
        XCTAssertEqual(try outputs(folder), ["ok.gif"])
    }

    /// With `keepsOutcomes` false the report keeps only the failed outcomes, counts the others,
    /// and its JSON lists every one, as a batch keeping them all writes it.
    func testABatchKeepingOnlyFailuresCountsAndReportsEveryOutput() throws {
        let folder = try TestScenes.temporaryFolder(self)
        var options = try optionsFailingWithoutExtra(
            data: #"[{"output": "a", "word": "A", "extra": "!"}, {"output": "bad", "word": "B"}, "#
                + #"{"output": "c", "word": "C", "extra": "?"}]"#,
            in: folder)
        options.scales = [1, 2]
        var lists: [[String: String]] = []
        for keepsOutcomes in [true, false] {
            options.keepsOutcomes = keepsOutcomes
            options.force = true
            options.reportFile = folder.appendingPathComponent("report-\(keepsOutcomes).json")
            let report = try BatchRunner.run(options)
            XCTAssertEqual(
                [
                    report.finished, report.rendered, report.unchanged, report.failed,
                    report.filesWritten + report.filesKept,
                ],
                [6, 4, 0, 2, 4])
            XCTAssertEqual(
                report.outcomes.map(\.name), keepsOutcomes ? ["a", "a", "bad", "bad", "c", "c"] : ["bad", "bad"])
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONReport.data(of: report)) as? [String: Any])
            let listed = try XCTUnwrap(json["outcomes"] as? [[String: Any]])
            lists.append(
                Dictionary(
                    uniqueKeysWithValues: listed.map { outcome in
                        (
                            "\(outcome["name"]!)@\(outcome["scale"]!)",
                            "\(outcome["status"]!) \(outcome["frames"] ?? "-")"
                        )
                    }))
            XCTAssertEqual(listed.count, 6)
            XCTAssertEqual(json["failed"] as? Int, 2)
        }
        XCTAssertEqual(lists[0], lists[1])
        // Not one file of the spool is left in the fingerprints' folder.
        let records = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("out/.kinetype").path)
        XCTAssertEqual(records.filter { !$0.hasSuffix(".sha256") }, ["scene-summaries"])
        // Nor in the report's folder, where it was.
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
            ["data.json", "out", "template.json"])

        options.reportFile = nil
        let unlisted = try BatchRunner.run(options)
        XCTAssertEqual([unlisted.finished, unlisted.failed, unlisted.outcomes.count], [6, 2, 2])
        XCTAssertThrowsError(try JSONReport.data(of: unlisted), "with no report file, the outcomes are not spooled")
    }

    func testASecondRunRendersNothingUnlessForced() throws {
        let folder = try TestScenes.temporaryFolder(self)
        var options = try options(data: #"[{"output": "a"}, {"output": "b", "word": "Hey"}]"#, in: folder)
        XCTAssertEqual(try BatchRunner.run(options).rendered, 2)
        let second = try BatchRunner.run(options)
        XCTAssertEqual(second.rendered, 0)
        XCTAssertEqual(second.unchanged, 2)

        options.overrides = ["word": "Changed"]
        XCTAssertEqual(try BatchRunner.run(options).rendered, 2, "a changed value renders again")
        options.force = true
        XCTAssertEqual(try BatchRunner.run(options).rendered, 2)
    }

    func testAddingTheDarkAppearanceKeepsTheLightOutputs() throws {
        let folder = try TestScenes.temporaryFolder(self)
        var options = try options(data: #"[{"output": "a"}]"#, in: folder)
        XCTAssertEqual(try BatchRunner.run(options).rendered, 1)
        options.colorSchemes = [.light, .dark]
        let both = try BatchRunner.run(options)
        XCTAssertEqual(both.rendered, 1, "only a-dark.gif is new")
        XCTAssertEqual(both.unchanged, 1, "a.gif is the light appearance it was")
        options.encoding.settings.gifQuality = 50
        options.format = .webp
        XCTAssertEqual(try BatchRunner.run(options).rendered, 2, "WebP outputs are new")
        options.encoding.settings.gifQuality = 90
        XCTAssertEqual(try BatchRunner.run(options).unchanged, 2, "a GIF option does not change a WebP")
    }

    func testShardsCoverEveryEntryExactlyOnce() {
        for count in 1...7 {
            for entry in 0..<50 {
                let owners = (1...count).filter { Shard(index: $0, count: count).contains(entryIndex: entry) }
                XCTAssertEqual(owners.count, 1, "entry \(entry) with \(count) shards")
            }
        }
        XCTAssertEqual(Shard(parsing: "2/5"), Shard(index: 2, count: 5))
        XCTAssertNil(Shard(parsing: "0/5"))
        XCTAssertNil(Shard(parsing: "6/5"))
        XCTAssertNil(Shard(parsing: "x"))
    }

    func testBadDataFilesAreErrorsWithPositions() throws {
        let folder = try TestScenes.temporaryFolder(self)
        func problems(_ json: String) throws -> [String] {
            do {
                _ = try BatchRunner.run(try options(data: json, in: folder))
                return []
            } catch {
                return DiagnosticList(describing: error).diagnostics.map(\.description)
            }
        }
        XCTAssertEqual(try problems(#"{"a": "b"}"#), ["data.json:1:1: expected an array, found an object"])
        XCTAssertEqual(
            try problems("[\n  \"x\"\n]"),
            ["data.json:2:3: [0]: expected an object of placeholder values, found a string"])
        XCTAssertEqual(
            try problems(#"[{"n": true}]"#), ["data.json:1:8: [0].n: expected a string or a number, found a boolean"])
        XCTAssertEqual(
            try problems("[{\"output\": \"a\"},\n {\"output\": \"a\"}]"),
            ["data.json:2:13: [1].output: duplicate output name \"a\"; it is already used by [0]"])
    }
}
