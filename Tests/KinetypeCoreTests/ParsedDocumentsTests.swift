import Foundation
import XCTest

@testable import KinetypeCore

final class ParsedDocumentsTests: XCTestCase {
    private let template = Data(
        #"""
        {"version": 1, "vars": {"name": "world"},
         "canvas": {"width": 200, "height": 100, "fps": 10, "duration": 1},
         "layers": [{"type": "text", "text": "Hello, {{name}}", "frame": {"x": 0, "y": 0, "width": 200}}]}
        """#.utf8)

    private func decode(_ data: Data, _ values: [String: String], parsed: ParsedDocuments?) throws -> Scene {
        try SceneDecoder.decode(
            data, fileName: "template.json", baseDirectory: DecodingTestSupport.baseDirectory, overrides: values,
            parsed: parsed)
    }

    func testEveryDecodeOfTheSameBytesFillsInItsOwnValues() throws {
        let parsed = ParsedDocuments()
        for values in [[:], ["name": "Ada"], ["name": "Grace"], [:]] {
            XCTAssertEqual(try decode(template, values, parsed: parsed), try decode(template, values, parsed: nil))
        }
        var other = template
        other.append(contentsOf: Array(" ".utf8))
        XCTAssertEqual(
            try decode(other, ["name": "Ada"], parsed: parsed), try decode(other, ["name": "Ada"], parsed: nil))
        XCTAssertEqual(
            try decode(template, ["name": "Ada"], parsed: parsed), try decode(template, ["name": "Ada"], parsed: nil))
    }

    func testAFailedParseIsReportedEveryTime() {
        let parsed = ParsedDocuments()
        let broken = Data(#"{"version": 1,"#.utf8)
        for _ in 0..<2 {
            XCTAssertThrowsError(try decode(broken, [:], parsed: parsed)) { error in
                XCTAssertTrue(
                    (error as? DiagnosticList)?.diagnostics.first?.description.hasPrefix("template.json:1:") ?? false,
                    "\(error)")
            }
        }
    }
}
