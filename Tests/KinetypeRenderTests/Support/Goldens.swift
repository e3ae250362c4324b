import Foundation
import KinetypeCore
import TestSupport
import XCTest

/// Golden-image comparison of the renderer's own tests: exact bytes. What may be written follows
/// `RecordMode` from the environment, by the rule `verify` follows (`RecordMode.outcome`): `KINETYPE_RECORD=failed` (or `all`) re-records,
/// a missing golden is recorded and fails the test, and under `CI` nothing is ever written.
enum Goldens {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Goldens")
    /// Where a differing image is written for a look: the package's `.build`, outside the sources.
    static let failures = directory.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/kinetype-golden-failures")

    static var mode: RecordMode { RecordMode.fromEnvironment(ProcessInfo.processInfo.environment) }

    static func assertMatches(_ image: Image, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = directory.appendingPathComponent(name + ".png")
        let mode = mode
        do {
            let exists = FileManager.default.fileExists(atPath: url.path)
            var golden: Image?
            let outcome = try mode.outcome(hasGolden: exists) {
                golden = try TestPNG.read(url)
                return golden == image
            }
            switch outcome {
            case .passed:
                return
            case .missing:
                XCTFail("golden \(name) is missing at \(url.path) (CI never records)", file: file, line: line)
            case .recorded, .updated:
                try TestPNG.write(image, to: url)
                if !exists, mode == .missing {
                    XCTFail("golden \(name) was missing and has been recorded at \(url.path)", file: file, line: line)
                }
            case .failed:
                try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
                let actual = failures.appendingPathComponent(name + ".png")
                try TestPNG.write(image, to: actual)
                let detail =
                    golden.map { golden in
                        golden.width == image.width && golden.height == image.height
                            ? "\(PixelDifference.count(golden, image)) pixels differ"
                            : "size \(image.width)×\(image.height) ≠ \(golden.width)×\(golden.height)"
                    } ?? "no golden read"
                XCTFail(
                    "\(name) differs from its golden (\(detail)); actual image written to \(actual.path), "
                        + "golden at \(url.path); if the change is intended, re-record: KINETYPE_RECORD=failed swift test",
                    file: file, line: line)
            }
        } catch {
            XCTFail("golden \(name): \(error)", file: file, line: line)
        }
    }
}
