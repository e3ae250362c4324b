import Foundation
import KinetypeEncode

/// How to encode a render: what decides its bytes (`settings`) and how much of the machine the
/// render may take, which cannot change them.
public struct EncodingOptions: Sendable {
    /// The format and its encoder's settings.
    public var settings: RenderSettings
    /// Worker threads; output bytes are identical for any count.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// The most frames and pixels × frames the output may take; checked before any frame is rendered
    /// (not for a still, which renders one frame). A render past them is refused, never changed.
    public var limits = WorkLimits.standard

    public init(format: OutputFormat) {
        self.settings = RenderSettings(format: format)
    }

    public init(settings: RenderSettings) {
        self.settings = settings
    }

    /// The format of `settings`.
    public var format: OutputFormat {
        get { settings.format }
        set { settings.format = newValue }
    }
}

/// How and where to render a scene: the encoding, the output file (or frames folder) and an
/// optional contact sheet.
public struct RenderOptions: Sendable {
    /// Where to write: a file, or the folder of a PNG sequence.
    public var output: URL
    public var encoding: EncodingOptions
    /// Also write a grid of sampled frames with their timestamps here.
    public var contactSheet: URL?
    /// Also write the keystrokes' haptic pattern (AHAP) here.
    public var haptics: URL?
    /// Also write the keystrokes' sound track alone here, as a WAV (`render --audio`).
    public var audio: URL?
    /// When set, the finished output and contact sheet are handed to this group, which the caller
    /// commits with its other outputs, instead of being put in place at once.
    public var group: OutputGroup?

    public init(output: URL, format: OutputFormat) {
        self.output = output
        self.encoding = EncodingOptions(format: format)
    }
}

/// Where a render stands, for progress bars.
public struct RenderProgress: Sendable {
    /// "palette" (the GIF's first pass), "frames", or "sound" (seconds of `--audio`'s track mixed).
    public var phase: String
    /// Units of the phase done, of `total`.
    public var done: Int
    public var total: Int
    /// The share of the whole render done, over every pass (0…1), so one bar and one time left
    /// cover a GIF's two passes.
    public var fraction: Double

    public init(phase: String, done: Int, total: Int, fraction: Double? = nil) {
        self.phase = phase
        self.done = done
        self.total = total
        self.fraction = fraction ?? (total > 0 ? Double(done) / Double(total) : 1)
    }
}

/// What a finished render wrote.
public struct RenderReport: Sendable {
    public var output: URL
    public var format: OutputFormat
    public var frameCount: Int
    /// Seconds of animation.
    public var duration: Double
    /// Bytes written (all files, for a PNG sequence).
    public var bytes: Int
    /// Problems that did not stop the render (severity `.warning`), in the order they were found.
    public var warnings: [Diagnostic]
    /// With `--max-bytes`: the settings the render chose to fit the budget.
    public var budget: ByteBudget.Choice? = nil
}
