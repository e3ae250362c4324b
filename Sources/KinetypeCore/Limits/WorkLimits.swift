/// How much work one output may take: at most `maximumFrames` frames, and at most
/// `maximumTotalPixels` output pixels summed over its frames. A scene over a limit is refused
/// before any frame is rendered, with an error at `canvas.duration` (or `canvas`) that names the
/// figure, the limit and the option that raises it (`--max-frames`, `--max-total-pixels`).
public struct WorkLimits: Equatable, Sendable {
    /// 100,000 frames: 55 minutes at 30 fps, 14 minutes at 120 fps. Every real animation is far
    /// shorter; a scene over it is a mistake (a duration in milliseconds, a runaway typewriter).
    public static let defaultMaximumFrames = 100_000
    /// 20 billion pixels (80 GB of RGBA frames): a minute of 4K at 30 fps (14.9 billion), or
    /// 2 ½ minutes of 1080p at 60 fps, passes; an hour of 8192² does not.
    public static let defaultMaximumTotalPixels = 20_000_000_000

    public var maximumFrames: Int
    public var maximumTotalPixels: Int

    public init(
        maximumFrames: Int = WorkLimits.defaultMaximumFrames,
        maximumTotalPixels: Int = WorkLimits.defaultMaximumTotalPixels
    ) {
        self.maximumFrames = maximumFrames
        self.maximumTotalPixels = maximumTotalPixels
    }

    /// The defaults.
    public static let standard = WorkLimits()

    /// Throws a `Diagnostic` (exit 65) when `frameCount` frames of `scene`'s canvas exceed a limit.
    public func check(frameCount: Int, of scene: Scene, fps: Double) throws {
        let path: String
        if case .seconds = scene.canvas.duration { path = "canvas.duration" } else { path = "canvas" }
        let source = scene.source
        let length =
            "\(Self.grouped(Double(frameCount))) frames (\(JSONText.number((Double(frameCount) / fps * 100).rounded() / 100)) s at "
            + "\(JSONText.number(fps)) fps)"
        if frameCount > maximumFrames {
            throw source.diagnostic(
                at: path,
                "the animation is \(length); the limit is \(Self.grouped(Double(maximumFrames))) frames per output",
                hint: "shorten the scene or lower canvas.fps, or raise the limit with --max-frames N"
            ).fail()
        }
        let width = scene.canvas.pixelWidth
        let height = scene.canvas.pixelHeight
        // In Double: the product of three Ints may not fit one.
        let total = Double(width) * Double(height) * Double(frameCount)
        if total > Double(maximumTotalPixels) {
            throw source.diagnostic(
                at: path,
                "the output is \(width)×\(height) pixels × \(length) = \(Self.grouped(total)) pixels; "
                    + "the limit is \(Self.grouped(Double(maximumTotalPixels))) pixels per output",
                hint:
                    "shorten the scene, lower canvas.fps or the canvas size, or raise the limit with --max-total-pixels N"
            ).fail()
        }
    }

    /// `1,234,567`; values past 1e15 in scientific notation.
    static func grouped(_ value: Double) -> String {
        guard value.isFinite, value < 1e15 else { return JSONText.number(value) }
        var digits = String(Int(clamping: value.rounded()))
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(digits, at: 0)
        return groups.joined(separator: ",")
    }
}
