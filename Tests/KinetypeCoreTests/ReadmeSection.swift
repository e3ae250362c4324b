import Foundation
import TestSupport
import XCTest

/// A part of the manual (README.md or a page of docs/) that code generates, between
/// `<!-- NAME:begin -->` and `<!-- NAME:end -->`: a test asserts it equals what the code states,
/// and rewrites it instead when run with `KINETYPE_UPDATE_README=1`, so a fact lives in the code
/// and the manual only repeats it.
enum ReadmeSection {
    static func assertEqual(
        _ name: String, to generated: String, source: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let marker = "<!-- \(name):begin -->\n"
        let found = try Manual.texts().first { $0.text.contains(marker) }
        let (readme, text) = try XCTUnwrap(found, "no page of the manual has a \(name) section")
        let start = try XCTUnwrap(text.range(of: marker))
        let page = Manual.name(of: readme)
        let stop = try XCTUnwrap(text.range(of: "\n<!-- \(name):end -->"), "\(page)'s \(name) section has no end")
        if ProcessInfo.processInfo.environment["KINETYPE_UPDATE_README"] == "1" {
            try (String(text[..<start.upperBound]) + generated + String(text[stop.lowerBound...]))
                .write(to: readme, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(
            String(text[start.upperBound..<stop.lowerBound]), generated,
            "\(page)'s \(name) section differs from \(source); run the test with KINETYPE_UPDATE_README=1",
            file: file, line: line)
    }
}
