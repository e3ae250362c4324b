import Foundation
import Kinetype
import XCTest

/// Asserts that a scene renders like its golden frames, for your own XCTest suites.
///
/// Relative paths resolve against the folder of the test file that calls it, so goldens can live
/// next to the tests. Frames without a golden are recorded (unless the `CI` environment variable
/// is set, or `record` says otherwise); failing frames get expected, actual and diff images in
/// `artifacts` (default: `<goldens>/../verify-failures`), and the failure is reported at the
/// caller's file and line. With `colorScheme: .dark` the scene renders in the dark appearance and
/// is compared with the golden set `<name>-dark` (see `OutputNaming`).
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
    line: UInt = #line
) {
    let base = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
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
    options.artifactsFolder =
        artifacts.map(resolve) ?? goldens.deletingLastPathComponent().appendingPathComponent("verify-failures")

    let result: SceneVerification
    do {
        result = try GoldenVerifier.verify(
            sceneAt: resolve(scenePath).path, colorScheme: colorScheme, options: options)
    } catch {
        let messages = DiagnosticList(describing: error).diagnostics.map(\.description).joined(separator: "\n")
        XCTFail("\(scenePath) could not be rendered: \(messages)", file: file, line: line)
        return
    }
    guard !result.passed else { return }
    XCTFail(failureMessage(result), file: file, line: line)
}

/// A readable account of a failed verification.
func failureMessage(_ result: SceneVerification) -> String {
    var lines = ["\(result.scene) does not match its goldens in \(result.golden)"]
    if !result.environmentChanges.isEmpty {
        lines.append("note: the environment differs from the recorded one, which may explain it:")
        lines += result.environmentChanges.map { "  - \($0)" }
    }
    lines += result.problems
    lines += result.worstFrameLines
    let missing = result.count(.missing)
    if missing > 0 {
        lines.append("\(missing) frame(s) have no golden and recording is off (CI is set, or record: .never)")
    }
    return lines.joined(separator: "\n")
}
