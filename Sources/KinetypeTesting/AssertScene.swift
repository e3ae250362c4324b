import Foundation
import Kinetype
import XCTest

/// Asserts that a scene renders like its golden frames, for your own XCTest suites.
///
/// Relative paths resolve against the folder of the test file that calls it, so goldens can live
/// next to the tests. A scene without a golden set gets one recorded (unless the `CI` environment
/// variable is set, or `record` says otherwise), and then the assertion fails, saying what it
/// recorded: run the test again to compare against it, so a golden never appears unseen in a green
/// run. Failing frames get expected, actual and diff images in `artifacts` (default: the package's
/// `.build/kinetype-verify-failures`, outside the source tree), and the failure, reported at the
/// caller's file and line, gives the command that accepts the change. With `colorScheme: .dark`
/// the scene renders in the dark appearance and is compared with the golden set `<name>-dark`
/// (see `GoldenSetNames`).
///
/// ```swift
/// func testWhatsNewCard() {
///     assertScene("../../Templates/card.json", matchesGoldensIn: "Goldens", frames: .sample(every: 10))
/// }
/// ```
public func assertScene(
    _ scenePath: String,
    matchesGoldensIn goldenFolder: String,
    record: RecordMode? = nil,
    frames: FrameSelection = .all,
    threshold: Double = 0.1,
    maxDiffPixels: Int = 0,
    maxDiffRatio: Double = 0,
    vars: [String: String] = [:],
    colorScheme: ColorScheme? = nil,
    artifacts: String? = nil,
    file: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line
) {
    let failure = sceneAssertionFailure(
        scenePath, matchesGoldensIn: goldenFolder, record: record, frames: frames, threshold: threshold,
        maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio, vars: vars, colorScheme: colorScheme,
        artifacts: artifacts, testFile: "\(file)", testFunction: "\(function)")
    if let failure { XCTFail(failure, file: file, line: line) }
}

/// What `assertScene` checks, as the failure message it reports (nil when the scene passes and
/// nothing was recorded). Relative paths resolve against the folder of `testFile`.
func sceneAssertionFailure(
    _ scenePath: String, matchesGoldensIn goldenFolder: String, record: RecordMode?, frames: FrameSelection,
    threshold: Double, maxDiffPixels: Int, maxDiffRatio: Double, vars: [String: String],
    colorScheme: ColorScheme?, artifacts: String?, testFile: String, testFunction: String
) -> String? {
    let base = URL(fileURLWithPath: testFile).deletingLastPathComponent()
    func resolve(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path).standardizedFileURL
    }
    let goldens = resolve(goldenFolder)
    var options = VerifyOptions(goldenFolder: goldens)
    options.record = record ?? RecordMode.fromEnvironment(ProcessInfo.processInfo.environment)
    options.frames = frames
    options.comparison.threshold = threshold
    options.comparison.maxDiffPixels = maxDiffPixels
    options.comparison.maxDiffRatio = maxDiffRatio
    options.overrides = vars
    options.artifactsFolder = artifacts.map(resolve) ?? AssertSceneFolders.defaultArtifacts(near: base)

    let result: SceneVerification
    do {
        result = try GoldenVerifier.verify(
            sceneAt: resolve(scenePath).path, colorScheme: colorScheme, options: options)
    } catch {
        let messages = DiagnosticList(describing: error).diagnostics.map(\.description).joined(separator: "\n")
        return "\(scenePath) could not be rendered: \(messages)"
    }
    guard result.passed else {
        return failureMessage(
            result, artifacts: options.artifactsFolder,
            acceptCommand: AssertSceneFolders.acceptCommand(testFunction: testFunction))
    }
    return recordingMessage(result)
}

/// Where `assertScene` puts failure images, and the command that accepts a change.
enum AssertSceneFolders {
    /// `.build/kinetype-verify-failures` of the package holding `folder` (the nearest folder above
    /// it with a `Package.swift`), else a folder of that name in the temporary directory.
    static func defaultArtifacts(near folder: URL) -> URL {
        var candidate = folder
        while candidate.pathComponents.count > 1 {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) {
                return candidate.appendingPathComponent(".build/kinetype-verify-failures")
            }
            candidate.deleteLastPathComponent()
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-verify-failures")
    }

    /// `KINETYPE_RECORD=failed swift test --filter testCard`, for the test function `testCard()`.
    static func acceptCommand(testFunction: String) -> String {
        let name = testFunction.split(separator: "(").first.map(String.init) ?? testFunction
        return "KINETYPE_RECORD=failed swift test --filter \(HTMLText.shellQuoted(name))"
    }
}

/// A readable account of a failed verification, ending with where its images are and the command
/// that accepts it.
func failureMessage(_ result: SceneVerification, artifacts: URL, acceptCommand: String) -> String {
    var lines = ["\(result.scene) does not match its goldens in \(result.golden)"]
    if !result.environmentChanges.isEmpty {
        lines.append("note: the environment differs from the recorded one, which may explain it:")
        lines += result.environmentChanges.map { "  - \($0)" }
    }
    lines += result.problems
    lines += result.worstFrameLines
    let missing = result.count(.missing)
    if missing > 0 {
        lines.append(
            result.recordingWithheld
                ? "\(missing) frame(s) have no golden; they were not recorded because the set fails"
                : "\(missing) frame(s) have no golden and recording is off (CI is set, or record: .never)")
    }
    if result.frames.contains(where: { $0.diffPath != nil }) {
        lines.append("Expected, actual and diff images: \(artifacts.appendingPathComponent(result.scene).path)")
    }
    lines.append("If the change is intended, accept it: \(acceptCommand)")
    return lines.joined(separator: "\n")
}

/// What a passing verification wrote into the golden set, which fails the test so that a run that
/// records never passes by itself; nil when it wrote nothing.
func recordingMessage(_ result: SceneVerification) -> String? {
    let written = result.count(.recorded) + result.count(.updated)
    guard written > 0 || !result.removedFrames.isEmpty else { return nil }
    var parts: [String] = []
    if written > 0 { parts.append("recorded \(written) golden frame(s)") }
    if !result.removedFrames.isEmpty { parts.append("removed \(result.removedFrames.count) obsolete one(s)") }
    return "\(result.scene): \(parts.joined(separator: " and ")) in \(result.golden); "
        + "run the test again to compare against them (with CI set, nothing is recorded)"
}
