import Foundation
import KinetypeCore
import KinetypeEncode

/// What decides an output's bytes apart from its scene and the files the scene reads: the format
/// and every setting of its encoder. `render`, `batch`, `verify` and the library encode from it
/// (inside `EncodingOptions`, with the execution settings that cannot change bytes), and a batch
/// output's fingerprint records it (`FingerprintSettings`), as its format reads it (`normalized`).
public struct RenderSettings: Hashable, Codable, Sendable {
    public var format: OutputFormat
    /// The moment a still (`OutputFormat.Traits.isStill`) shows, in seconds (`StillMoment.end`: the end).
    public var stillTime: Double = 0
    /// libimagequant's target quality when a GIF has more than 255 colors (`GIFOptions.quality`).
    public var gifQuality = 100
    /// How a GIF of more than 255 colors approximates the others (`GIFOptions.dither`).
    public var gifDither: GIFDither = .none
    /// Lossless (nil), or lossy at this quality, for `.webp` (`WebPOptions.quality`).
    public var webpQuality: Int?
    /// How hard PNG outputs (frames, stills and APNG) are compressed, 0…9 (`PNGCompression`).
    public var pngCompression = 6
    /// CRF, matte and codec of video outputs.
    public var video = VideoSettings()
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

    /// The GIF encoder's options: these settings, and the scene's `loop`.
    func gifOptions(loop: Int) -> GIFOptions {
        GIFOptions(loop: loop, quality: gifQuality, dither: gifDither)
    }

    /// The WebP encoder's options: these settings, and the scene's `loop`.
    func webpOptions(loop: Int) -> WebPOptions {
        WebPOptions(loop: loop, quality: webpQuality)
    }

    /// These settings as `format` reads them: every one it does not read back at its default, so
    /// that two settings that cannot give other bytes are equal (the GIF quality of a WebP, the
    /// sound of a GIF, a codec named that is the container's default anyway). What a format reads
    /// is in its traits: `settings`, `isStill` and `video`. A setting added to this type stays at
    /// its default here until it is copied below for the formats that read it, and
    /// `RenderSettingsFingerprintTests` fails until then.
    public var normalized: RenderSettings {
        let traits = format.traits
        var used = RenderSettings(format: format)
        if traits.isStill { used.stillTime = stillTime }
        for setting in OutputFormat.Setting.allCases where traits.settings.contains(setting) {
            switch setting {
            case .quality:
                if traits.animation == .webp { used.webpQuality = webpQuality } else { used.gifQuality = gifQuality }
            case .dither: used.gifDither = gifDither
            case .pngCompression: used.pngCompression = pngCompression
            case .crf: used.video.crf = video.crf
            case .matte: used.video.matte = video.matte
            case .codec:
                let containerDefault = traits.video.flatMap { VideoCodec.codecs(for: $0).first }
                used.video.codec = video.codec == containerDefault ? nil : video.codec
            case .maxBytes:
                used.maxBytes = maxBytes
                if maxBytes != nil { used.budgetMayLowerScale = budgetMayLowerScale }
            }
        }
        if traits.video != nil { used.sound = sound }
        return used
    }
}
