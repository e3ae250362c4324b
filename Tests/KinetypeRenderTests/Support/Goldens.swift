import Foundation
import Kinetype
import KinetypeCore
import KinetypeEncode
import XCTest

/// The renderer's golden images, checked by `verify`'s own step for one image (`GoldenImageCheck`):
/// exact pixels (`ComparisonOptions.exact`), the record mode from the environment as `verify` takes
/// it (`KINETYPE_RECORD`, and never a write under `CI`), expected, actual and diff images of a
/// failure in the package's `.build`. A golden written fails the test too, so one never appears
/// unseen in a green run.
enum Goldens {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Goldens")
    /// Where the images of a failure are written for a look: the package's `.build`, outside the sources.
    static let failures = directory.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/kinetype-golden-failures")

    static func assertMatches(_ image: Image, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let check = GoldenImageCheck(
            golden: directory.appendingPathComponent(name + ".png"),
            record: RecordMode.fromEnvironment(ProcessInfo.processInfo.environment), comparison: .exact,
            failureImages: failures, name: name)
        do {
            let verdict = try check.check(image)
            guard let problem = check.problem(in: verdict) else { return }
            let accept =
                verdict.status == .failed
                ? "; if the change is intended, re-record: KINETYPE_RECORD=failed swift test" : ""
            XCTFail("\(name): \(problem)\(accept)", file: file, line: line)
        } catch {
            XCTFail("\(name): \(error)", file: file, line: line)
        }
    }
}
