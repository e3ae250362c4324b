import Foundation
import XCTest

/// A user's value comes back in a message only escaped and cut (#29): a megabyte-long key, file
/// name, `--set` name or `after` cycle still names the problem in a few hundred bytes.
final class BoundedEchoTests: XCTestCase {
    private var folder: URL!
    /// Far more than any message may echo; the runs below must stay under `bound`.
    private let huge = String(repeating: "k", count: 1_000_000)
    private let bound = 10_000

    override func setUpWithError() throws {
        folder = try KinetypeProcess.temporaryFolder(self)
    }

    private func write(_ object: Any, to name: String) throws {
        try JSONSerialization.data(withJSONObject: object).write(to: folder.appendingPathComponent(name))
    }

    private func scene(layers: [[String: Any]], vars: [String: Any]? = nil) -> [String: Any] {
        var scene: [String: Any] = [
            "canvas": ["width": 40, "height": 20, "fps": 10, "duration": 0.1], "layers": layers,
        ]
        if let vars { scene["vars"] = vars }
        return scene
    }

    private func run(_ arguments: [String]) throws -> KinetypeProcess.Result {
        try KinetypeProcess.run(arguments, in: folder)
    }

    private func assertSmall(_ result: KinetypeProcess.Result, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThan(result.stderr.utf8.count, bound, "stderr", file: file, line: line)
        XCTAssertLessThan(result.stdout.utf8.count, bound, "stdout", file: file, line: line)
    }

    /// `"kkk…" (1000000 characters)`, as every quoted value is cut.
    private var cutKey: String { "\"" + String(repeating: "k", count: 60) + "…\" (1000000 characters)" }

    func testAHugeVarsKeyIsCutInThePath() throws {
        try write(scene(layers: [["type": "rect"]], vars: [huge: true]), to: "scene.json")
        let result = try run(["validate", "scene.json"])
        XCTAssertEqual(result.status, 65)
        assertSmall(result)
        XCTAssertTrue(result.stderr.contains("vars[\(cutKey)]: expected a string or a number"), result.stderr)
    }

    func testAHugePauseKeyIsCutInThePath() throws {
        let layer: [String: Any] = [
            "type": "text", "text": "hi", "animations": [["type": "typewriter", "pauses": [huge: 0.1]]],
        ]
        try write(scene(layers: [layer]), to: "scene.json")
        let result = try run(["validate", "scene.json"])
        XCTAssertEqual(result.status, 65)
        assertSmall(result)
        XCTAssertTrue(
            result.stderr.contains(
                "layers[0].animations[0].pauses[\(cutKey)]: pause key \(cutKey) must be one character"),
            result.stderr)
    }

    func testHugeBatchDataKeysAreCutInThePath() throws {
        try write(scene(layers: [["type": "text", "text": "{{x}}"]]), to: "card.json")
        try write([["x": "1", huge: "value"]], to: "unused.data.json")
        try write([["x": "1", huge: true]], to: "wrong.data.json")

        let unused = try run(["batch", "card.json", "--data", "unused.data.json", "-o", "out"])
        XCTAssertEqual(unused.status, 0, unused.stderr)
        assertSmall(unused)
        XCTAssertTrue(unused.stderr.contains("[0][\(cutKey)]: the key \(cutKey) (first in entry 1)"), unused.stderr)

        let wrong = try run(["batch", "card.json", "--data", "wrong.data.json", "-o", "out"])
        XCTAssertEqual(wrong.status, 65)
        assertSmall(wrong)
        XCTAssertTrue(wrong.stderr.contains("[0][\(cutKey)]: expected a string or a number"), wrong.stderr)
    }

    func testTheMissingImageHintCutsThePathItLookedFor() throws {
        // A million slashes still name an existing folder, so the image is missing, not unreadable.
        let src = String(repeating: "/", count: 1_000_000) + "tmp/kinetype-no-such-picture.png"
        try write(scene(layers: [["type": "image", "src": src]]), to: "scene.json")
        let result = try run(["validate", "scene.json"])
        XCTAssertEqual(result.status, 66)
        assertSmall(result)
        XCTAssertTrue(result.stderr.contains("does not exist"), result.stderr)
        XCTAssertTrue(result.stderr.contains("(looked for /"), result.stderr)
        XCTAssertTrue(result.stderr.contains("… (1000032 characters))"), result.stderr)
    }

    func testAHugeBatchOutputNameIsRefusedInAFewBytes() throws {
        try write(scene(layers: [["type": "rect"]]), to: "card.json")
        try write([["output": huge]], to: "card.data.json")
        let result = try run(["batch", "card.json", "--data", "card.data.json", "-o", "out"])
        XCTAssertEqual(result.status, 65, result.stderr)
        assertSmall(result)
        XCTAssertTrue(result.stderr.contains("[0].output: output file name \"kkkk"), result.stderr)
        XCTAssertTrue(result.stderr.contains("…\" (1000004 characters) is 1000004 bytes long"), result.stderr)
    }

    func testALongBatchOutputNameIsCutInTheTableAndTheError() throws {
        try write(scene(layers: [["type": "text", "text": "{{title}}"]]), to: "card.json")
        let long = String(repeating: "k", count: 200)
        try write([["output": long]], to: "card.data.json")
        let result = try run(["batch", "card.json", "--data", "card.data.json", "-o", "out"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let name = String(repeating: "k", count: 60) + "… (200 characters)"
        XCTAssertTrue(result.stdout.contains("1 \(name)  "), result.stdout)
        XCTAssertTrue(result.stdout.contains("out/" + String(repeating: "k", count: 200) + ".gif"), result.stdout)
        XCTAssertTrue(
            result.stderr.contains("kinetype: error: entry 1 (\(name)): card.json:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("unknown placeholder \"{{title}}\""), result.stderr)
    }

    func testAHugeLayerIdIsCutInInfo() throws {
        try write(scene(layers: [["id": huge, "type": "rect"]]), to: "scene.json")
        let result = try run(["info", "scene.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        assertSmall(result)
        XCTAssertTrue(result.stdout.contains("layers[0] \(cutKey) (rect): no animations"), result.stdout)
    }

    func testAHugeSetNameIsCut() throws {
        try write(scene(layers: [["type": "text", "text": "{{x}}"]], vars: ["x": "1"]), to: "scene.json")
        let name = String(repeating: "N", count: 100_000)
        let result = try run(["validate", "scene.json", "--set", name + "=v"])
        XCTAssertEqual(result.status, 0, result.stderr)
        assertSmall(result)
        let shown = String(repeating: "N", count: 60) + "… (100000 characters)"
        XCTAssertTrue(
            result.stderr.contains("warning: --set \(shown): scene.json has no {{\(shown)}} placeholder"), result.stderr
        )
    }

    func testALongAfterCycleIsListedShort() throws {
        let count = 5000
        let layers: [[String: Any]] = (0..<count).map { index in
            [
                "id": "layer\(index)", "type": "rect",
                "animations": [
                    ["type": "animate", "property": "opacity", "to": 1, "after": "layer\((index + 1) % count)"]
                ],
            ]
        }
        try write(scene(layers: layers), to: "scene.json")
        let result = try run(["validate", "scene.json"])
        XCTAssertEqual(result.status, 65)
        assertSmall(result)
        let first = (0..<19).map { "\"layer\($0)\"" }.joined(separator: " → ")
        XCTAssertTrue(
            result.stderr.contains("\"after\" makes a cycle: \(first) → … (\(count + 1 - 20) more) → \"layer0\""),
            result.stderr)
    }

    /// #25: a megabyte of one unknown placeholder was 50 copies of one message and took seconds.
    func testAMegabyteOfOneUnknownPlaceholderIsOneProblemWithItsCount() throws {
        let text = String(repeating: "{{nope}}", count: 125_000)
        try write(scene(layers: [["type": "text", "text": text]]), to: "scene.json")
        let result = try run(["validate", "scene.json"])
        XCTAssertEqual(result.status, 65)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 3, result.stderr)
        XCTAssertTrue(lines[0].hasPrefix("kinetype: error: scene.json:1:"), result.stderr)
        XCTAssertTrue(
            lines[0].hasSuffix(": layers[0].text: unknown placeholder \"{{nope}}\" (125000 times)"), result.stderr)
        XCTAssertEqual(lines.dropFirst().first, "  hint: define \"nope\" in \"vars\" or pass --set nope=…")
    }
}
