import Foundation
import KinetypeTesting
import TestSupport
import XCTest

/// `assertScene` runs `kinetype verify`: it never passes by recording (a run that writes goldens
/// fails and says so), a failure names verify's review page and the command that accepts it, its
/// files go under the package's `.build`, and it records the very goldens `verify` does.
final class AssertSceneTests: XCTestCase {
    private let scene = BuiltKinetype.packageRoot.appendingPathComponent("Tests/KinetypeTests/Fixtures/one-pixel.json")
        .path

    /// The assertion of one-pixel at its first frame; `artifacts` nil is the default folder, the
    /// package's `.build/kinetype-verify-failures`.
    private func check(
        goldens: URL, record: SceneAssertion.Record, vars: [String: String] = [:], artifacts: URL? = nil
    ) -> String? {
        var assertion = SceneAssertion(scene: scene, goldens: goldens.path, testFile: #filePath)
        assertion.record = record
        assertion.frames = .times([0])
        assertion.vars = vars
        assertion.artifacts = artifacts?.path
        assertion.kinetype = BuiltKinetype.path
        return assertion.failure(testFunction: "testNotesCard()")
    }

    func testARunThatRecordsFailsAndTheNextOnePasses() throws {
        let goldens = try ScratchFolder.make(for: self)
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

    func testAFailureNamesTheReviewPageItsImagesOutsideTheSourceTreeAndTheAcceptCommand() throws {
        let goldens = try ScratchFolder.make(for: self)
        XCTAssertNotNil(check(goldens: goldens, record: .missing))
        let failure = try XCTUnwrap(check(goldens: goldens, record: .never, vars: ["dot": "#000000"]))
        let artifacts = BuiltKinetype.packageRoot.appendingPathComponent(".build/kinetype-verify-failures/one-pixel")
        addTeardownBlock { try? FileManager.default.removeItem(at: artifacts) }
        XCTAssertTrue(failure.hasPrefix("one-pixel does not match its goldens in \(goldens.path)/one-pixel\n"), failure)
        XCTAssertTrue(failure.contains("1 failed"), "verify's own account of it: \(failure)")
        XCTAssertTrue(failure.contains("Review page: \(artifacts.path)/report.html\n"), failure)
        let page = try String(contentsOf: artifacts.appendingPathComponent("report.html"), encoding: .utf8)
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"), "verify's review page")
        XCTAssertTrue(failure.contains("Expected, actual and diff images: \(artifacts.path)/one-pixel\n"), failure)
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: artifacts.appendingPathComponent("one-pixel/frame_0001.diff.png").path))
        XCTAssertFalse(
            FileManager.default.fileExists(
                atPath: BuiltKinetype.packageRoot.appendingPathComponent("Tests/verify-failures").path),
            "nothing is written into the source tree")
        XCTAssertFalse(failure.contains("kinetype: if the changes are intended"), "one accept command, this test's")
        XCTAssertTrue(
            failure.hasSuffix(
                "If the change is intended, accept it: KINETYPE_RECORD=failed swift test --filter testNotesCard"),
            failure)
    }

    /// The goldens `assertScene` records are the ones `kinetype verify` records, byte for byte, and
    /// each passes against the other's.
    func testAssertSceneAndVerifyRecordTheSameGoldensByteForByte() throws {
        let folder = try ScratchFolder.make(for: self)
        let byAssertion = folder.appendingPathComponent("by-assertion")
        let byVerify = folder.appendingPathComponent("by-verify")
        var assertion = SceneAssertion(scene: scene, goldens: byAssertion.path, testFile: #filePath)
        assertion.frames = .sample(every: 2)
        assertion.record = .missing
        assertion.artifacts = folder.appendingPathComponent("failures").path
        assertion.kinetype = BuiltKinetype.path
        XCTAssertNotNil(assertion.failure(testFunction: "testCard()"), "it recorded")
        let verify = try ChildProcess.run(
            BuiltKinetype.url,
            ["verify", scene, "--golden", byVerify.path, "--frames", "sample:2", "--record", "missing", "-q"],
            in: folder, unset: ["CI", "KINETYPE_RECORD"])
        XCTAssertEqual(verify.status, 0, verify.stderrText)

        let names = try FileManager.default.contentsOfDirectory(
            atPath: byVerify.appendingPathComponent("one-pixel").path
        )
        .sorted()
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: byAssertion.appendingPathComponent("one-pixel").path)
                .sorted(), names)
        XCTAssertTrue(names.contains("environment.json") && names.contains("frame_0001.png"), "\(names)")
        for name in names {
            XCTAssertEqual(
                try Data(contentsOf: byAssertion.appendingPathComponent("one-pixel/\(name)")),
                try Data(contentsOf: byVerify.appendingPathComponent("one-pixel/\(name)")), name)
        }

        assertion.goldens = byVerify.path
        assertion.record = .never
        XCTAssertNil(assertion.failure(testFunction: "testCard()"), "assertScene passes on verify's goldens")
        let back = try ChildProcess.run(
            BuiltKinetype.url, ["verify", scene, "--golden", byAssertion.path, "--frames", "sample:2", "-q"],
            in: folder, environment: ["CI": "1"])
        XCTAssertEqual(back.status, 0, "verify passes on assertScene's goldens: \(back.stderrText)")
    }

    /// One `SceneAssertion` value asserted as a whole, its relative paths against the file that
    /// made it, as the call with parameters asserts it.
    func testAnAssertionValueResolvesAgainstItsOwnFileAndAssertsLikeTheCall() throws {
        let folder = try ScratchFolder.make(for: self)
        var assertion = SceneAssertion(scene: scene, goldens: folder.path)
        XCTAssertEqual(assertion.testFile, "\(#filePath)")
        assertion.frames = .times([0])
        assertion.artifacts = folder.appendingPathComponent("failures").path
        assertion.kinetype = BuiltKinetype.path
        assertion.record = .missing
        XCTAssertNotNil(assertion.failure(testFunction: "testCard()"), "it recorded")
        assertion.record = .never
        assertScene(assertion)
        assertScene(
            scene, matchesGoldensIn: folder.path, record: .never, frames: .times([0]), artifacts: assertion.artifacts,
            kinetype: BuiltKinetype.path)
    }

    func testAVerifyThatCannotRunSaysWhy() throws {
        let folder = try ScratchFolder.make(for: self)
        var assertion = SceneAssertion(scene: "missing.json", goldens: folder.path, testFile: #filePath)
        assertion.kinetype = BuiltKinetype.path
        assertion.artifacts = folder.appendingPathComponent("failures").path
        let failure = try XCTUnwrap(assertion.failure(testFunction: "testMissing()"))
        XCTAssertTrue(failure.hasPrefix("missing.json could not be verified (kinetype verify exited 66):"), failure)
        XCTAssertTrue(failure.contains("missing.json"), failure)
    }

    /// The parameter wins, then `KINETYPE`, then the first `kinetype` on `PATH`; without any, the
    /// message says how to install it.
    func testKinetypeIsTheParameterElseKINETYPEElseTheOneOnPATH() throws {
        let folder = try ScratchFolder.make(for: self)
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let onPath = bin.appendingPathComponent("kinetype")
        try Data("#!/bin/sh\n".utf8).write(to: onPath)
        chmod(onPath.path, 0o755)
        let named = BuiltKinetype.path
        func found(_ given: String?, _ environment: [String: String]) -> String {
            switch KinetypeExecutable.find(given, environment: environment) {
            case .success(let url): url.path
            case .failure(let problem): problem.message
            }
        }
        XCTAssertEqual(found(named, ["KINETYPE": "/nowhere", "PATH": bin.path]), named)
        XCTAssertEqual(found(nil, ["KINETYPE": named, "PATH": bin.path]), named)
        XCTAssertEqual(found(nil, ["PATH": "/nowhere:" + bin.path]), onPath.path)
        XCTAssertTrue(found(nil, ["PATH": "/nowhere"]).contains("make install PREFIX=$HOME/.local"))
        XCTAssertEqual(
            found(nil, ["KINETYPE": "/nowhere/kinetype"]), "KINETYPE=/nowhere/kinetype is not an executable file")
    }
}
