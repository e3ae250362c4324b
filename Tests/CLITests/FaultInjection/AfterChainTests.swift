import Foundation
import XCTest

/// `after` chains as long as a scene's layers: each start is worked out without recursion, so a
/// valid chain of 10,000 layers is a scene like any other, not a stack overflow (SIGSEGV).
final class AfterChainTests: XCTestCase {
    func testAChainOfTenThousandAftersValidatesAndRenders() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let count = 10_000
        let layers = (0..<count).map { index in
            let start = index == count - 1 ? "\"start\": 0" : "\"after\": \"layer\(index + 1)\""
            return """
                {"id": "layer\(index)", "type": "rect", "animations": [{"type": "animate", "property": "opacity", \
                "to": 1, "duration": 0.0001, \(start)}]}
                """
        }
        let scene = """
            {"canvas": {"width": 40, "height": 20, "fps": 10}, "layers": [\(layers.joined(separator: ","))]}
            """
        try Data(scene.utf8).write(to: folder.appendingPathComponent("chain.json"))
        let result = try KinetypeProcess.run(["validate", "chain.json"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "chain.json: ok\n1 scene checked: all valid\n")
        let info = try KinetypeProcess.run(["info", "chain.json"], in: folder)
        XCTAssertEqual(info.status, 0, info.stderr)
        XCTAssertTrue(info.stdout.contains("layers[0] \"layer0\" (rect)"), String(info.stdout.prefix(2000)))
    }
}
