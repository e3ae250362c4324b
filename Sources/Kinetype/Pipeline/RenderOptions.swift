import Foundation
import KinetypeEncode

/// How to encode a render: the format and the encoder's settings, whatever the destination.
public struct EncodingOptions: Sendable {
    public var format: OutputFormat
    /// Worker threads; output bytes are identical for any count.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// The moment rendered by `.stillPNG`, in seconds.
    public var stillTime: Double = 0
    public var gif = GIFOptions()
    /// Lossless, or lossy at a quality, for `.webp`.
    public var webp = WebPOptions()
    /// How hard PNG outputs (frames, stills and APNG) are compressed, 0…9 (`PNGCompression`).
    public var pngCompression: Int = 6
    /// CRF, matte and codec of video outputs.
    public var video = VideoSettings()
    /// The most frames and pixels × frames the output may take; checked before any frame is rendered
    /// (not for `.stillPNG`, which renders one frame).
    public var limits = WorkLimits.standard
    /// Whether a video gets the keystrokes' sound track when a typewriter has a `sound`
    /// (`--no-sound` turns it off).
    public var sound = true
    /// `--max-bytes`: the most bytes a GIF, WebP or APNG may have; the render searches its own
    /// settings for the best that fits (`ByteBudget`). Nil: no budget.
    public var maxBytes: Int?
    /// With `maxBytes`: whether the budget may lower the scale, its last resort. A batch's outputs
    /// named for their scale (`--scale 1,2,3`: `card@3x.gif`) keep it, so their pixels are what their
    /// names say.
    public var budgetMayLowerScale = true

    public init(format: OutputFormat) {
        self.format = format
    }

    /// The value of `setting` for this format, as fingerprints record it.
    func value(of setting: OutputFormat.Setting) -> String {
        switch setting {
        case .quality: format == .webp ? webp.quality.map(String.init) ?? "lossless" : String(gif.quality)
        case .dither: gif.dither.rawValue
        case .pngCompression: String(pngCompression)
        case .crf: video.crf.map(String.init) ?? "default"
        case .matte: video.matte.map { "\($0)" } ?? "default"
        case .codec: (video.codec ?? (format == .mov ? .prores : .h264)).rawValue
        case .maxBytes: maxBytes.map(String.init) ?? "none"
        }
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
