import Foundation
import TestSupport
import XCTest

/// No switch over an enum's cases ends in `default:` (issue #44: a new case must be decided where
/// it matters, not sent to a default): `scripts/lint-switches`, which `make lint` runs, on the
/// sources and on a switch that would slip.
final class LintSwitchesTests: XCTestCase {
    private let script = Manual.root.appendingPathComponent("scripts/lint-switches")

    func testNoSwitchOverAnEnumEndsInDefault() throws {
        let result = try ChildProcess.run(script, [Manual.root.appendingPathComponent("Sources").path])
        XCTAssertEqual(result.status, 0, result.stderrText)
    }

    func testASwitchThatSendsNewCasesToItsDefaultFailsTheLint() throws {
        let folder = try ScratchFolder.make(for: self)
        let source = """
            enum Shape { case square, circle, star }
            func name(_ shape: Shape, _ value: JSONValue) -> String {
                // In a comment: switch shape { case .square: default: }
                let quoted = "switch shape { case .circle: default: }"
                switch value.kind {
                case .number: break
                default: break
                }
                switch (shape, shape) {
                case (.square, .square): return quoted
                default: break
                }
                switch shape {
                case .square: return "square"
                case let .circle: return "circle"
                default: return "other"
                }
            }
            """
        try Data(source.utf8).write(to: folder.appendingPathComponent("Shapes.swift"))
        let result = try ChildProcess.run(script, [folder.path])
        XCTAssertEqual(result.status, 1, result.stderrText)
        // Only the switch over Shape's cases: not the comment, the string, JSON kinds or the tuple.
        let named = result.stderrText.split(separator: "\n").filter { $0.contains("Shapes.swift:") }
        XCTAssertEqual(named.count, 1, result.stderrText)
        XCTAssertTrue(named.first?.contains("Shapes.swift:13: switch shape") ?? false, result.stderrText)
        XCTAssertTrue(result.stderrText.contains("list the remaining cases"), result.stderrText)
    }
}
