import Foundation
import XCTest

@testable import KinetypeCore

final class TemplateBatchDataTests: XCTestCase {
    private func decode(_ text: String) throws -> [BatchEntry] {
        try BatchData.decode(Data(text.utf8), fileName: "data.json")
    }

    private func errors(_ text: String) -> [String] {
        do {
            _ = try decode(text)
            XCTFail("expected errors")
        } catch let list as DiagnosticList {
            return list.diagnostics.map(\.description)
        } catch {
            XCTFail("unexpected \(error)")
        }
        return []
    }

    func testEntriesKeepOutputNamesAndValues() throws {
        let entries = try decode(
            """
            [{"output": "notes-en", "title": "Notes", "version": 2.40},
             {"output": "notes-ar", "title": "ملاحظات"},
             {"title": "Unnamed"}]
            """)
        XCTAssertEqual(
            entries,
            [
                BatchEntry(
                    outputName: "notes-en", values: ["title": "Notes", "version": "2.40"],
                    position: SourcePosition(line: 1, column: 2), outputPosition: SourcePosition(line: 1, column: 13)),
                BatchEntry(
                    outputName: "notes-ar", values: ["title": "ملاحظات"], position: SourcePosition(line: 2, column: 2),
                    outputPosition: SourcePosition(line: 2, column: 13)),
                BatchEntry(outputName: nil, values: ["title": "Unnamed"], position: SourcePosition(line: 3, column: 2)),
            ])
        XCTAssertEqual(try decode("[]"), [])
    }

    func testBatchValuesOverrideSceneVars() throws {
        let entry = try XCTUnwrap(try decode("[{\"title\": \"Batch\"}]").first)
        let scene = try DecodingTestSupport.decode(
            "{\"canvas\": {\"width\": 1, \"height\": 1}, \"vars\": {\"title\": \"Scene\", \"sub\": \"s\"}, "
                + "\"layers\": [{\"type\": \"text\", \"text\": \"{{title}}/{{sub}}\"}]}", overrides: entry.values)
        XCTAssertEqual(scene.layers[0].text?.text, "Batch/s")
    }

    func testEveryProblemIsReported() {
        XCTAssertEqual(errors("{\"a\": 1}"), ["data.json:1:1: expected an array, found an object"])
        XCTAssertEqual(
            errors(
                """
                [{"output": "../escape", "a": true},
                 {"output": "x"}, {"output": "x"}, {"output": ".."}, {"output": ""}, 3]
                """),
            [
                "data.json:1:13: [0].output: output name \"../escape\" must not contain a path separator",
                "data.json:1:31: [0].a: expected a string or a number, found a boolean",
                "data.json:2:30: [2].output: duplicate output name \"x\"; it is already used by [1]",
                "data.json:2:47: [3].output: output name \"..\" is not a file name",
                "data.json:2:65: [4].output: an output name must not be empty",
                "data.json:2:70: [5]: expected an object of placeholder values, found a number",
            ])
    }
}
