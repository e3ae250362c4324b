import Foundation
import XCTest

/// A part of the README that code generates, between `<!-- NAME:begin -->` and `<!-- NAME:end -->`:
/// a test asserts it equals what the code states, and rewrites it instead when run with
/// `KINETYPE_UPDATE_README=1`, so a fact lives in the code and the README only repeats it.
enum ReadmeSection {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    static func assertEqual(
        _ name: String, to generated: String, source: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "<!-- \(name):begin -->\n"), "README has no \(name) section")
        let stop = try XCTUnwrap(text.range(of: "\n<!-- \(name):end -->"), "README's \(name) section has no end")
        if ProcessInfo.processInfo.environment["KINETYPE_UPDATE_README"] == "1" {
            try (String(text[..<start.upperBound]) + generated + String(text[stop.lowerBound...]))
                .write(to: readme, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(
            String(text[start.upperBound..<stop.lowerBound]), generated,
            "README's \(name) section differs from \(source); run the test with KINETYPE_UPDATE_README=1",
            file: file, line: line)
    }
}
