/// How much work one output may take: at most `maximumFrames` frames, `maximumTotalPixels`
/// output pixels summed over its frames, `maximumLayerFrames` layers × frames (every frame
/// computes every layer), and `maximumTextLayout` characters laid out (`TextLayoutWork`). A scene
/// over a limit is refused before any frame is rendered, with an error at `canvas.duration` (or
/// `canvas`, or the text layer) that names the figure, the limit and the option that raises it
/// (`--max-frames`, `--max-total-pixels`, `--max-layer-frames`, `--max-text-layout`).
public struct WorkLimits: Equatable, Sendable {
    /// 100,000 frames: 55 minutes at 30 fps, 14 minutes at 120 fps. Every real animation is far
    /// shorter; a scene over it is a mistake (a duration in milliseconds, a runaway typewriter).
    public static let defaultMaximumFrames = 100_000
    /// 20 billion pixels (80 GB of RGBA frames): a minute of 4K at 30 fps (14.9 billion), or
    /// 2 ½ minutes of 1080p at 60 fps, passes; an hour of 8192² does not.
    public static let defaultMaximumTotalPixels = 20_000_000_000

    /// 1,000,000 layers × frames: 10 layers for 100,000 frames, or 10,000 layers for 100; about
    /// 5 s of per-layer work, whatever the canvas.
    public static let defaultMaximumLayerFrames = 1_000_000
    /// 1,000,000 characters laid out (weighted, see `TextLayoutWork`): a 100,000-character text
    /// laid out ten times, or a 20-character title whose font size animates for 25,000 frames;
    /// about 10 s of Pango at most.
    public static let defaultMaximumTextLayout = 1_000_000

    public var maximumFrames: Int
    public var maximumTotalPixels: Int
    public var maximumLayerFrames: Int
    public var maximumTextLayout: Int

    public init(
        maximumFrames: Int = WorkLimits.defaultMaximumFrames,
        maximumTotalPixels: Int = WorkLimits.defaultMaximumTotalPixels,
        maximumLayerFrames: Int = WorkLimits.defaultMaximumLayerFrames,
        maximumTextLayout: Int = WorkLimits.defaultMaximumTextLayout
    ) {
        self.maximumFrames = maximumFrames
        self.maximumTotalPixels = maximumTotalPixels
        self.maximumLayerFrames = maximumLayerFrames
        self.maximumTextLayout = maximumTextLayout
    }

    /// The defaults.
    public static let standard = WorkLimits()

    /// Throws a `Diagnostic` (exit 65) when rendering `timeline` of `scene` exceeds a limit.
    public func check(_ timeline: Timeline, of scene: Scene) throws {
        try check(frameCount: timeline.frameCount, of: scene, fps: timeline.fps)
        let path = scene.canvas.duration == .auto ? "canvas" : "canvas.duration"
        let layerFrames = Double(scene.layers.count) * Double(timeline.frameCount)
        if layerFrames > Double(maximumLayerFrames) {
            throw scene.source.diagnostic(
                at: path,
                "the scene has \(Self.grouped(Double(scene.layers.count))) layers × "
                    + "\(Self.grouped(Double(timeline.frameCount))) frames = \(Self.grouped(layerFrames)) layer frames; "
                    + "the limit is \(Self.grouped(Double(maximumLayerFrames))) per output",
                hint:
                    "use fewer layers or a shorter scene, or raise the limit with "
                    + "\(CommandLineOption.maxLayerFrames.flag) N"
            ).fail()
        }
        let text = TextLayoutWork(timeline, scene: scene)
        if text.characters > Double(maximumTextLayout), let largest = text.largest {
            throw scene.source.diagnostic(
                at: "layers[\(largest.layer)]",
                "its text is laid out \(Self.grouped(Double(largest.layouts))) times (\(largest.reason)) × "
                    + "\(Self.grouped(Double(largest.characters))) characters; the scene's text is "
                    + "\(Self.grouped(text.characters)) characters laid out in all (weighted by cost), and the "
                    + "limit is \(Self.grouped(Double(maximumTextLayout))) per output",
                hint:
                    "animate a shorter text or for fewer frames, or raise the limit with "
                    + "\(CommandLineOption.maxTextLayout.flag) N"
            ).fail()
        }
    }

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
                hint:
                    "shorten the scene or lower canvas.fps, or raise the limit with "
                    + "\(CommandLineOption.maxFrames.flag) N"
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
                    "shorten the scene, lower canvas.fps or the canvas size, or raise the limit with "
                    + "\(CommandLineOption.maxTotalPixels.flag) N"
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
