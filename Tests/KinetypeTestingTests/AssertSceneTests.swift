import Foundation
import Kinetype
import XCTest

@testable import KinetypeTesting

/// `assertScene` never passes by recording: a run that writes goldens fails and says so, failure
/// images go under the package's `.build`, and the failure gives the command that accepts it.
final class AssertSceneTests: XCTestCase {
    private var scene: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("KinetypeTests/Fixtures/one-pixel.json").path
    }

    /// `artifacts` nil is the default folder, the package's `.build/kinetype-verify-failures`.
    private func check(
        goldens: URL, record: RecordMode, vars: [String: String] = [:], artifacts: URL? = nil
    ) -> String? {
        sceneAssertionFailure(
            scene, matchesGoldensIn: goldens.path, record: record, frames: .times([0]), threshold: 0.1,
            maxDiffPixels: 0, maxDiffRatio: 0, vars: vars, colorScheme: nil, artifacts: artifacts?.path,
            testFile: #filePath, testFunction: "testNotesCard()")
    }

    func testARunThatRecordsFailsAndTheNextOnePasses() throws {
        let goldens = FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-assert-\(UUID())")
        addTeardownBlock { try? FileManager.default.removeItem(at: goldens) }
        // Its own artifacts folder: a verify of one-pixel clears that scene's stale failure images,
        // which in the default folder are the ones the test below (run in parallel) looks for.
        let artifacts = goldens.appendingPathComponent("failures")
        let recorded = try XCTUnwrap(
            check(goldens: goldens, record: .missing, artifacts: artifacts), "recording is not a pass")
        XCTAssertTrue(recorded.contains("one-pixel: recorded 1 golden frame(s) in \(goldens.path)/one-pixel"), recorded)
        XCTAssertTrue(recorded.contains("run the test again"), recorded)
        XCTAssertNil(check(goldens: goldens, record: .missing, artifacts: artifacts))
        XCTAssertNil(check(goldens: goldens, record: .never, artifacts: artifacts))
    }

    func testAFailureNamesItsImagesOutsideTheSourceTreeAndTheAcceptCommand() throws {
        let goldens = FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-assert-\(UUID())")
        addTeardownBlock { try? FileManager.default.removeItem(at: goldens) }
        XCTAssertNotNil(check(goldens: goldens, record: .missing))
        let failure = try XCTUnwrap(check(goldens: goldens, record: .never, vars: ["dot": "#000000"]))
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let artifacts = package.appendingPathComponent(".build/kinetype-verify-failures/one-pixel")
        addTeardownBlock { try? FileManager.default.removeItem(at: artifacts) }
        XCTAssertTrue(failure.contains("Expected, actual and diff images: \(artifacts.path)"), failure)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("frame_0001.diff.png").path))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: package.appendingPathComponent("Tests/verify-failures").path),
            "nothing is written into the source tree")
        XCTAssertTrue(
            failure.hasSuffix(
                "If the change is intended, accept it: KINETYPE_RECORD=failed swift test --filter testNotesCard"),
            failure)
    }
}
