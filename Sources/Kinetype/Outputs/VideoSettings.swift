import Foundation
import KinetypeEncode

/// The codec of an `.mp4` (`--codec`).
public enum VideoCodec: String, CaseIterable, Equatable, Sendable {
    /// H.264 (libx264): plays everywhere; the default.
    case h264
    /// HEVC (libx265), tagged `hvc1`: smaller at the same quality; plays on Apple devices, in Safari
    /// and in most current players.
    case hevc
}

/// What a user chooses for video outputs (`--crf`, `--matte`, `--codec`), whatever the format.
public struct VideoSettings: Equatable, Sendable {
    /// The constant rate factor; nil uses the format's default (`VideoFormat.defaultCRF`).
    public var crf: Int?
    /// The codec of an `.mp4`; nil is H.264.
    public var codec: VideoCodec?
    /// Flatten a transparent canvas onto this color; nil keeps alpha where the format carries it
    /// (WebM, MOV) and composites an MP4 onto black, with a warning.
    public var matte: Color?

    public init(crf: Int? = nil, matte: Color? = nil) {
        self.crf = crf
        self.matte = matte
    }

    /// The video format written for an output of `format`: `.mp4` with `codec` HEVC is HEVC in MP4.
    public func videoFormat(for format: VideoFormat) -> VideoFormat {
        format == .mp4 && codec == .hevc ? .hevcMP4 : format
    }

    /// The color an MP4 of a transparent canvas is composited onto when no matte is chosen.
    public static let defaultMatte = Color.black

    /// The encoder's options for `format` and `scene`, and the warning a transparent canvas gets
    /// when the format cannot keep its alpha and no matte was chosen.
    func options(for format: VideoFormat, scene: Scene) -> (VideoOptions, [Diagnostic]) {
        let transparent = !scene.canvas.background.isOpaque
        var options = VideoOptions(crf: crf, matte: matte ?? Self.defaultMatte)
        options.keepsAlpha = transparent && matte == nil && format.carriesAlpha
        guard transparent, matte == nil, !format.carriesAlpha else { return (options, []) }
        let warning = Diagnostic.warning(
            ".\(format.fileExtension) (\(format.codecName)) cannot keep the transparent canvas, so it was composited "
                + "onto black (\(Self.defaultMatte.description.prefix(7))); choose the color with --matte COLOR, "
                + "or write .webm or .mov to keep the alpha channel")
        return (options, [warning])
    }
}

extension Fill {
    /// Whether every pixel of the fill is opaque (then so is every frame drawn on it).
    var isOpaque: Bool {
        switch self {
        case .color(let color): return color.alpha >= 1
        case .linear(let from, let to, _, _): return from.alpha >= 1 && to.alpha >= 1
        }
    }
}
