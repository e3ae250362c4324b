import Foundation
import KinetypeEncode

/// The codec of an `.mp4` or `.mov` (`--codec`).
public enum VideoCodec: String, CaseIterable, Equatable, Codable, Sendable {
    /// H.264 (libx264): plays everywhere; the default of `.mp4`.
    case h264
    /// HEVC (libx265), tagged `hvc1`: smaller at the same quality; plays on Apple devices, in Safari
    /// and in most current players. In `.mp4` or `.mov`.
    case hevc
    /// ProRes 4444 (prores_ks), for video editors: the default of `.mov`.
    case prores

    /// The codecs a container takes, its default first: `.mp4` H.264 or HEVC, `.mov` ProRes 4444
    /// or HEVC; none for WebM (VP9 only).
    public static func codecs(for format: VideoFormat) -> [VideoCodec] {
        switch format {
        case .mp4, .hevcMP4: [.h264, .hevc]
        case .mov, .hevcMOV: [.prores, .hevc]
        case .webm: []
        }
    }
}

/// What a user chooses for video outputs (`--crf`, `--matte`, `--codec`), whatever the format.
public struct VideoSettings: Hashable, Codable, Sendable {
    /// The constant rate factor; nil uses the format's default (`VideoFormat.defaultCRF`).
    public var crf: Int?
    /// The codec of an `.mp4` or `.mov`; nil is the container's default (H.264, ProRes 4444).
    public var codec: VideoCodec?
    /// Flatten a transparent canvas onto this color; nil keeps alpha where the format carries it
    /// (WebM, MOV) and composites an MP4 onto black, with a warning.
    public var matte: Color?

    public init(crf: Int? = nil, matte: Color? = nil) {
        self.crf = crf
        self.matte = matte
    }

    /// The video format written for an output of `format`: `.mp4` or `.mov` with `codec` HEVC is
    /// HEVC in MP4 or in QuickTime. (A codec the container does not take is refused with the
    /// options, `checkCodec`.)
    public func videoFormat(for format: VideoFormat) -> VideoFormat {
        guard codec == .hevc else { return format }
        switch format {
        case .mp4, .hevcMP4: return .hevcMP4
        case .mov, .hevcMOV: return .hevcMOV
        case .webm: return format
        }
    }

    /// Checks that the container of `format` takes `codec`, and that a `--crf` has a codec that
    /// takes one (ProRes has none).
    /// - Throws: a `.usage` diagnostic naming the codecs the container takes.
    public func check(for format: VideoFormat) throws {
        let codecs = VideoCodec.codecs(for: format)
        if let codec, !codecs.isEmpty, !codecs.contains(codec) {
            throw Diagnostic(
                kind: .usage,
                message:
                    "\(CommandLineOption.codec.flag) \(codec.rawValue) does not go in .\(format.fileExtension); "
                    + ".\(format.fileExtension) takes "
                    + codecs.map { $0 == codecs[0] ? "\($0.rawValue) (the default)" : $0.rawValue }.joined(
                        separator: " or "),
                hint: "write .mp4 for h264, .mov for prores; hevc goes in either"
            ).fail()
        }
        if crf != nil, videoFormat(for: format) == .mov {
            throw Diagnostic(
                kind: .usage,
                message:
                    "\(CommandLineOption.crf.flag) does not apply to ProRes 4444 (.mov): it encodes at a fixed high "
                    + "quality",
                hint:
                    "leave out \(CommandLineOption.crf.flag), or add \(CommandLineOption.codec.flag) hevc for HEVC "
                    + "in .mov, which takes one"
            ).fail()
        }
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
                + "onto black (\(Self.defaultMatte.description.prefix(7))); choose the color with "
                + "\(CommandLineOption.matte.flag) COLOR, "
                + (format == .hevcMOV
                    ? "or write .webm, or .mov in ProRes 4444 (without \(CommandLineOption.codec.flag) hevc), to "
                        + "keep the alpha channel"
                    : "or write .webm or .mov to keep the alpha channel"))
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
