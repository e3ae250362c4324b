import Foundation
import XCTest

/// Thousands of unknown names among thousands of known ones, as the CLI reports them: the first
/// 50 problems with their "did you mean", and a count of the rest. That the suggestions are searched
/// only for those 50 (3,000 of each took about a minute in a debug build before) is counted in
/// `TemplateTests` (`WorkCounter`), not timed here.
final class ManyUnknownNamesTests: XCTestCase {
    private let count = 3000

    private func validate(_ scene: [String: Any]) throws -> KinetypeProcess.Result {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try JSONSerialization.data(withJSONObject: scene).write(to: folder.appendingPathComponent("scene.json"))
        return try KinetypeProcess.run(["validate", "scene.json"], in: folder)
    }

    private let canvas: [String: Any] = ["width": 40, "height": 20, "fps": 10, "duration": 1]

    func testThousandsOfUnknownAfterIdsAreReportedFiftyAtATime() throws {
        let layers: [[String: Any]] = (0..<count).map { index in
            [
                "id": "l\(index)", "type": "rect",
                "animations": [["type": "animate", "property": "opacity", "to": 1, "after": "x\(index)"]],
            ]
        }
        let result = try validate(["canvas": canvas, "layers": layers])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("no layer has the id \"x0\"; did you mean \"l0\"?"), result.stderr)
        XCTAssertTrue(result.stderr.contains("and \(count - 50) more problems"), result.stderr)
    }

    func testThousandsOfUnknownPlaceholdersAmongThousandsOfVarsAreReportedFiftyAtATime() throws {
        let vars = Dictionary(uniqueKeysWithValues: (0..<count).map { ("v\($0)", "x") })
        let text = (0..<count).map { "{{u\($0)}}" }.joined()
        let result = try validate([
            "canvas": canvas, "vars": vars, "layers": [["type": "text", "text": text]],
        ])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("unknown placeholder \"{{u0}}\"; did you mean \"{{v0}}\"?"), result.stderr)
        XCTAssertTrue(result.stderr.contains("and \(count - 50) more problems"), result.stderr)
    }
}
