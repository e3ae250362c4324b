import Foundation
import KinetypeEncode

/// Which frames `verify` compares.
public enum FrameSelection: Equatable, Sendable {
    case all
    /// The frames shown at these times (seconds).
    case times([Double])
    /// Every Nth frame plus the first and last frame of every animation.
    case sample(every: Int)

    /// Parses `all`, `sample`, `sample:N` or a comma-separated list of times.
    public init?(parsing text: String) {
        if text == "all" {
            self = .all
            return
        }
        if text == "sample" {
            self = .sample(every: 10)
            return
        }
        if text.hasPrefix("sample:") {
            guard let n = Int(text.dropFirst(7)), n >= 1 else { return nil }
            self = .sample(every: n)
            return
        }
        var times: [Double] = []
        for part in text.split(separator: ",") {
            guard let time = Double(part.trimmingCharacters(in: .whitespaces)), time >= 0, time.isFinite else {
                return nil
            }
            times.append(time)
        }
        guard !times.isEmpty else { return nil }
        self = .times(times)
    }
}

/// Everything `verify` needs besides the scene.
public struct VerifyOptions: Sendable {
    /// The folder of golden sets: `<scene name>/frame_0001.png …` or `<scene name>.gif`.
    public var goldenFolder: URL
    public var record: RecordMode = .missing
    /// `--prune`: remove the obsolete golden frames of sets that pass (frames the run does not
    /// compare); a failing set is never changed.
    public var prune = false
    public var frames: FrameSelection = .all
    public var comparison = ComparisonOptions()
    /// Where expected/actual/diff images of failing frames go.
    public var artifactsFolder = URL(fileURLWithPath: "Output/verify-failures")
    /// `{{placeholder}}` values.
    public var overrides: [String: String] = [:]
    /// `--layout-direction`: replaces each scene's `canvas.layoutDirection`; the golden set is then
    /// `<scene name>-<resolved direction>` (`intro-rightToLeft`), so a scene keeps goldens per direction.
    public var layoutDirection: LayoutDirection?
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Polled while rendering: once it returns true, verification stops with `CancellationError`
    /// and the golden set being recorded is discarded (existing goldens stay as they were).
    public var isCancelled: @Sendable () -> Bool = { false }
    /// Called after each frame of the scene being verified is compared: frames done, frames to do.
    public var progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
    /// `--root`: the folder every font and image a scene names must lie in.
    public var root: InputRoot?
    /// `--system-fonts`: every scene may use the machine's fonts (`SceneOverrides.systemFonts`).
    public var systemFonts = false
    /// The work limits of each scene's animation.
    public var limits = WorkLimits.standard

    public init(goldenFolder: URL) {
        self.goldenFolder = goldenFolder
    }
}
