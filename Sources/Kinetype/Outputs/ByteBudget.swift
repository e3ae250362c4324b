import Foundation
import KinetypeCore
import KinetypeEncode

/// `--max-bytes N`: the best picture of a GIF, WebP or APNG that fits in `N` bytes, found among
/// kinetype's own settings, the same choice on every run.
///
/// The settings are a ladder (`steps`), from the render as asked down to the smallest file
/// kinetype makes, each step giving up a little more, in the order that costs the text least:
///
/// 1. **The encoder's own settings**, which keep every frame and every pixel of the canvas: for a
///    GIF, no dithering (its noise costs bytes where the text changes), then fewer colors
///    (libimagequant's quality 80, 60, 40, 20; only a scene of more than 255 colors has any to
///    give); for a WebP, lossy at quality 90, 75, 50, 25 (the text's edges soften); for an APNG,
///    the strongest compression (level 9: Zopfli, slower, the same pixels).
/// 2. **The frame rate**, 24, 15, then 10 frames a second, with the encoder at its smallest: a
///    typewriter's text stands still between key presses, so fewer frames lose little of it; only
///    motion gets coarser.
/// 3. **The scale**, 3, 2, 1.5, then 1 (never below 1, the canvas in points): the last resort,
///    since every glyph gets blurrier on the dense screens the scale was for. The file still
///    shows at the canvas's size in points. A batch's outputs named for their scale (`--scale 1,2,3`)
///    keep it (`RenderSettings.budgetMayLowerScale`).
///
/// Sizes fall along the ladder, so it is bisected: the render as asked first (most renders fit
/// and stop there), then the last step (when even that does not fit, the render fails with exit
/// 1 and nothing is written), then the halves between, at most ⌈log₂ n⌉ more; the first step that
/// fits is rendered into place. Every step is deterministic, so the choice is too.
public struct ByteBudget: Sendable {
    /// The most bytes the output may have.
    public let maximum: Int

    /// The budgets `--max-bytes` takes: 1 KB to 1 GB.
    public static let range = 1_000...1_000_000_000

    /// The formats a budget applies to.
    public static let formats: Set<OutputFormat> = [.gif, .webp, .apng]

    public init(maximum: Int) {
        self.maximum = maximum
    }

    /// One setting of the ladder: the render's settings and the frame rate and scale the scene renders at.
    public struct Step: Sendable, Equatable {
        public var settings: RenderSettings
        public var fps: Double
        public var scale: Double

        /// `quality 60, 15 fps, @1x` (only what differs from the render as asked, `as asked` when nothing).
        public func summary(format: OutputFormat, from first: Step) -> String {
            var parts: [String] = []
            switch format {
            case .gif:
                if settings.gifDither != first.settings.gifDither {
                    parts.append("dither \(settings.gifDither.rawValue)")
                }
                if settings.gifQuality != first.settings.gifQuality { parts.append("quality \(settings.gifQuality)") }
            case .webp:
                if settings.webpQuality != first.settings.webpQuality {
                    parts.append(settings.webpQuality.map { "lossy quality \($0)" } ?? "lossless")
                }
            case .apng:
                if settings.pngCompression != first.settings.pngCompression {
                    parts.append("png-compression \(settings.pngCompression)")
                }
            case .mp4, .webm, .mov, .pngSequence, .stillPNG, .lottie, .dotLottie, .svg:
                break
            }
            if fps != first.fps { parts.append("\(Self.number(fps)) fps") }
            if scale != first.scale { parts.append("@\(Self.number(scale))x") }
            return parts.isEmpty ? "as asked" : parts.joined(separator: ", ")
        }

        /// `15`, `1.5`.
        static func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
    }

    /// What a budgeted render chose, for its report.
    public struct Choice: Sendable, Equatable {
        /// The step, and how it differs from the render as asked.
        public var step: Step
        public var summary: String
        /// How many settings were rendered to find it.
        public var tried: Int
    }

    /// The ladder for `settings.format` from `settings` and the scene's `fps` and `scale`, best
    /// first; the scale only comes down when `settings.budgetMayLowerScale`.
    public static func steps(_ settings: RenderSettings, fps: Double, scale: Double) -> [Step] {
        var step = Step(settings: settings, fps: fps, scale: scale)
        var steps = [step]
        func add(_ change: (inout Step) -> Void) {
            change(&step)
            if step != steps.last { steps.append(step) }
        }
        switch settings.format {
        case .gif:
            add { $0.settings.gifDither = .none }
            for quality in [80, 60, 40, 20] where quality < step.settings.gifQuality {
                add { $0.settings.gifQuality = quality }
            }
        case .webp:
            for quality in [90, 75, 50, 25] where quality < (step.settings.webpQuality ?? 101) {
                add { $0.settings.webpQuality = quality }
            }
        case .apng:
            add { $0.settings.pngCompression = max($0.settings.pngCompression, PNGCompression.levels.upperBound) }
        case .mp4, .webm, .mov, .pngSequence, .stillPNG, .lottie, .dotLottie, .svg:
            break
        }
        for rate in [24.0, 15, 10] where rate < step.fps - 1e-9 { add { $0.fps = rate } }
        for density in [3.0, 2, 1.5, 1] where settings.budgetMayLowerScale && density < step.scale - 1e-9 {
            add { $0.scale = density }
        }
        return steps
    }
}

extension PreparedScene {
    /// Renders `options` (a GIF, WebP or APNG) at the best step of `ByteBudget.steps` that fits
    /// in `budget`: each step tried is rendered into a temporary that is discarded, then the chosen
    /// one into place, as `render` does.
    /// - Throws: `.renderFailure` when even the last step is larger than the budget (nothing is
    ///   written); the render's own errors; `CancellationError`.
    func renderWithin(
        _ budget: ByteBudget, _ options: RenderOptions, isCancelled: @escaping @Sendable () -> Bool,
        progress: @escaping (RenderProgress) -> Void
    ) throws -> (RenderReport, ByteBudget.Choice) {
        let format = options.encoding.format
        let steps = ByteBudget.steps(
            options.encoding.settings, fps: self.scene.canvas.fps, scale: self.scene.canvas.scale)
        var sizes: [Int: Int] = [:]
        var prepared: [Int: PreparedScene] = [:]
        let asked = self.scene.canvas
        func preparedScene(at index: Int) throws -> PreparedScene {
            let step = steps[index]
            if step.fps == asked.fps && step.scale == asked.scale { return self }
            if let known = prepared[index] { return known }
            var changed = self.scene
            changed.canvas.fps = step.fps
            changed.canvas.scale = step.scale
            let made = try PreparedScene(scene: changed)
            prepared[index] = made
            return made
        }
        func trial(_ index: Int) throws -> Int {
            if let known = sizes[index] { return known }
            if isCancelled() { throw CancellationError() }
            // A trial's files are measured, never put in place: dropping the transaction removes them.
            let transaction = OutputTransaction()
            var trialOptions = Self.options(options, at: steps[index])
            trialOptions.group = transaction.group
            // Only the animation is measured: its companions are written once, with the choice.
            trialOptions.contactSheet = nil
            trialOptions.haptics = nil
            trialOptions.audio = nil
            let bytes = try preparedScene(at: index).renderUnbudgeted(
                trialOptions, isCancelled: isCancelled, progress: progress
            )
            .bytes
            transaction.discard()
            sizes[index] = bytes
            return bytes
        }
        var chosen = 0
        if try trial(0) > budget.maximum {
            let last = steps.count - 1
            let smallest = try trial(last)
            if smallest > budget.maximum {
                throw Diagnostic(
                    kind: .renderFailure,
                    message:
                        "\(CommandLineOption.maxBytes.flag) \(budget.maximum): even the smallest "
                        + "\(format.traits.name) kinetype makes of "
                        + "this scene (\(steps[last].summary(format: format, from: steps[0]))) is \(smallest) bytes, "
                        + "so nothing was written",
                    hint:
                        "raise \(CommandLineOption.maxBytes.flag), make the canvas smaller or the animation "
                        + "shorter, or render .svg "
                        + "(vector shapes, often smaller for typewriter text)"
                ).fail()
            }
            // The first step that fits lies in (low, high].
            var low = 0
            var high = last
            while high - low > 1 {
                let middle = (low + high) / 2
                if try trial(middle) <= budget.maximum { high = middle } else { low = middle }
            }
            chosen = high
        }
        var final = Self.options(options, at: steps[chosen])
        final.group = options.group
        let report = try preparedScene(at: chosen).renderUnbudgeted(final, isCancelled: isCancelled, progress: progress)
        if report.bytes > budget.maximum {
            throw Diagnostic(
                kind: .renderFailure,
                message:
                    "\(CommandLineOption.maxBytes.flag) \(budget.maximum): the render gave \(report.bytes) bytes "
                    + "where its trial gave "
                    + "\(sizes[chosen] ?? 0); nothing was written"
            )
            .fail()
        }
        let choice = ByteBudget.Choice(
            step: steps[chosen], summary: steps[chosen].summary(format: format, from: steps[0]), tried: sizes.count)
        return (report, choice)
    }

    /// `options` with the encoder settings of `step`.
    private static func options(_ options: RenderOptions, at step: ByteBudget.Step) -> RenderOptions {
        var options = options
        options.encoding.settings = step.settings
        options.encoding.settings.maxBytes = nil
        return options
    }
}
