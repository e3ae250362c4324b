import Foundation
import XCTest

/// Asserts that a scene renders like its golden frames, for your own XCTest suites.
///
/// It runs `kinetype verify` (the installed command, see `KinetypeExecutable`), so a test renders
/// with the same render stack, compares the same way and records the same goldens as `kinetype
/// verify` does, and your package builds only this small module, not the renderer. Relative paths
/// resolve against the folder of the test file that calls it, so goldens can live next to the tests
/// (exclude that folder from the test target: `exclude: ["Goldens"]`). A scene without a golden set
/// gets one recorded (unless the `CI` environment variable is set, or `record` says otherwise), and
/// then the assertion fails, saying what it recorded: run the test again to compare against it, so
/// a golden never appears unseen in a green run. A failure, reported at the caller's file and line,
/// names the HTML review page `verify` wrote (expected, actual and diff of every failing frame) and
/// the command that accepts the change. Failure images and the page go into
/// `artifacts/<golden set>/` (default: the package's `.build/kinetype-verify-failures`, outside the
/// source tree). With `colorScheme: .dark` the scene renders in the dark appearance and is compared
/// with the golden set `<name>-dark`.
///
/// ```swift
/// func testWhatsNewCard() {
///     assertScene("../../Scenes/card.json", matchesGoldensIn: "Goldens", frames: .sample(every: 10))
/// }
/// ```
///
/// The parameters are the fields of `SceneAssertion`; options several tests share can be kept in
/// one of those and asserted with `assertScene(_:)`.
///
/// - Parameter kinetype: the `kinetype` executable to run; default: the `KINETYPE` environment
///   variable, else `kinetype` on `PATH`.
public func assertScene(
    _ scenePath: String,
    matchesGoldensIn goldenFolder: String,
    record: SceneAssertion.Record? = nil,
    frames: SceneAssertion.Frames = .all,
    threshold: Double = 0.1,
    maxDiffPixels: Int = 0,
    maxDiffRatio: Double = 0,
    vars: [String: String] = [:],
    colorScheme: SceneAssertion.ColorScheme? = nil,
    artifacts: String? = nil,
    kinetype: String? = nil,
    file: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line
) {
    var assertion = SceneAssertion(scene: scenePath, goldens: goldenFolder, testFile: "\(file)")
    assertion.record = record
    assertion.frames = frames
    assertion.threshold = threshold
    assertion.maxDiffPixels = maxDiffPixels
    assertion.maxDiffRatio = maxDiffRatio
    assertion.vars = vars
    assertion.colorScheme = colorScheme
    assertion.artifacts = artifacts
    assertion.kinetype = kinetype
    assertScene(assertion, file: file, function: function, line: line)
}

/// Asserts that a scene renders like its golden frames, as `assertScene(_:matchesGoldensIn:…)`
/// does, with its options in one value: for options several tests share. A golden set is named
/// after the scene, so each filling of its placeholders needs a folder of its own.
///
/// ```swift
/// func testWhatsNewCards() {
///     var card = SceneAssertion(scene: "../../Scenes/card.json", goldens: "Goldens")
///     card.frames = .sample(every: 10)
///     card.maxDiffPixels = 4
///     for title in ["Notes", "Photos"] {
///         card.vars = ["title": title]
///         card.goldens = "Goldens/\(title)"
///         assertScene(card)
///     }
/// }
/// ```
public func assertScene(
    _ assertion: SceneAssertion, file: StaticString = #filePath, function: StaticString = #function,
    line: UInt = #line
) {
    if let failure = assertion.failure(testFunction: "\(function)") {
        XCTFail(failure, file: file, line: line)
    }
}

/// One `assertScene`: what it compares and how, as the options of `kinetype verify`.
public struct SceneAssertion: Sendable {
    /// Which goldens may be written (`--record`). Default: none given, so `kinetype verify`
    /// decides as it always does: `never` when `CI` is set, else `KINETYPE_RECORD`, else `missing`.
    public enum Record: String, Sendable {
        /// Record a set for a scene that has none, and the frames a passing set lacks.
        case missing
        /// Record every frame again.
        case all
        /// Replace the goldens of failing frames and record missing ones.
        case failed
        /// Write nothing: a missing golden fails.
        case never
    }

    /// Which frames are compared (`--frames`).
    public enum Frames: Equatable, Sendable {
        /// Every frame.
        case all
        /// Every Nth frame, plus the first and last frame of every animation.
        case sample(every: Int)
        /// The frames shown at these times, in seconds.
        case times([Double])

        /// As `--frames` takes it: `all`, `sample:10`, `0.5,1,2.25`.
        var argument: String {
            switch self {
            case .all: "all"
            case .sample(let every): "sample:\(every)"
            case .times(let times): times.map { "\($0)" }.joined(separator: ",")
            }
        }
    }

    /// The appearance a scene renders in (`--color-scheme`); the dark one is compared with the set
    /// `<name>-dark`.
    public enum ColorScheme: String, Sendable {
        case light
        case dark
    }

    public var scene: String
    public var goldens: String
    /// The test file whose folder relative paths resolve against.
    public var testFile: String
    public var record: Record?
    public var frames: Frames = .all
    public var threshold = 0.1
    public var maxDiffPixels = 0
    public var maxDiffRatio = 0.0
    public var vars: [String: String] = [:]
    public var colorScheme: ColorScheme?
    /// Where failure images and the review page go (in a folder per golden set); nil: the
    /// package's `.build/kinetype-verify-failures`.
    public var artifacts: String?
    /// The `kinetype` to run; nil: `KINETYPE`, else `PATH`.
    public var kinetype: String?

    /// An assertion of the scene file `scene` against the golden folder `goldens`, both relative to
    /// the folder of `testFile` (default: the file that makes it) unless absolute.
    public init(scene: String, goldens: String, testFile: String = #filePath) {
        self.scene = scene
        self.goldens = goldens
        self.testFile = testFile
    }

    /// Runs the assertion; nil when the scene passes and nothing was recorded, else the failure
    /// message. `testFunction` (`testCard()`) names the test in the command that accepts a change.
    public func failure(
        testFunction: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        let executable: URL
        switch KinetypeExecutable.find(kinetype, environment: environment) {
        case .success(let found): executable = found
        case .failure(let problem): return "\(scene) could not be verified: \(problem.message)"
        }
        let run = VerifyRunFolders(assertion: self)
        do {
            let outcome = try VerifyProcess.run(
                executable, arguments(folders: run), folders: run, environment: environment)
            return outcome.failure(
                scene: scene, folders: run, acceptCommand: Self.acceptCommand(testFunction: testFunction))
        } catch {
            return "\(scene) could not be verified: \(error)"
        }
    }

    /// `kinetype verify`'s arguments for this assertion.
    func arguments(folders: VerifyRunFolders) -> [String] {
        var arguments = [
            "verify", folders.scene.path, "--golden", folders.goldens.path, "--frames", frames.argument,
            "--threshold", "\(threshold)", "--max-diff-pixels", "\(maxDiffPixels)",
            "--max-diff-ratio", "\(maxDiffRatio)", "--artifacts", folders.artifacts.path,
            "--report", folders.report.path, "--progress", "none", "--quiet",
        ]
        if let record { arguments += ["--record", record.rawValue] }
        if let colorScheme { arguments += ["--color-scheme", colorScheme.rawValue] }
        for (name, value) in vars.sorted(by: { $0.key < $1.key }) { arguments += ["--set", "\(name)=\(value)"] }
        return arguments
    }

    /// `KINETYPE_RECORD=failed swift test --filter testCard`, for the test function `testCard()`.
    static func acceptCommand(testFunction: String) -> String {
        let name = testFunction.split(separator: "(").first.map(String.init) ?? testFunction
        let quoted = name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ? name : "'\(name)'"
        return "KINETYPE_RECORD=failed swift test --filter \(quoted)"
    }
}
