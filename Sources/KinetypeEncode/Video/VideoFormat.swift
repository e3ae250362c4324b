import KinetypeCore

/// Video containers and codecs the video writer produces through ffmpeg. Every format is tagged
/// BT.709 (primaries, transfer, matrix, limited range) and converted from RGB with the BT.709
/// matrix, so players show the colors the PNG frames have.
public enum VideoFormat: String, Equatable, Hashable, Sendable, CaseIterable {
    /// H.264 (libx264, CRF 18, yuv420p) in MP4 with the index up front (+faststart). No alpha.
    case mp4
    /// HEVC (libx265, CRF 22, yuv420p) in MP4, tagged `hvc1` so Apple's players open it (ffmpeg's
    /// default `hev1` tag plays elsewhere but not in QuickTime, Safari or AVFoundation). No alpha.
    case hevcMP4 = "mp4-hevc"
    /// VP9 (libvpx-vp9, CRF 30) in WebM: yuv420p, or yuva420p when the video keeps alpha.
    case webm
    /// ProRes 4444 (prores_ks) in QuickTime, for video editors: yuv444p10le, or yuva444p10le
    /// (16-bit alpha plane) when the video keeps alpha.
    case mov
    /// HEVC in QuickTime (`.mov --codec hevc`), as Apple's own tools write it: the HEVC of
    /// `hevcMP4`, tagged `hvc1`, in a `.mov`. No alpha.
    case hevcMOV = "mov-hevc"

    /// The format for a file extension (`mp4`, `webm`, `mov`, any case), or nil; `.mp4` is H.264,
    /// `.mov` ProRes 4444.
    public init?(pathExtension: String) {
        let lowered = pathExtension.lowercased()
        guard let format = Self.allCases.first(where: { $0.fileExtension == lowered }) else { return nil }
        self = format
    }

    /// The file extension: `mp4` for both MP4 codecs.
    public var fileExtension: String {
        switch self {
        case .mp4, .hevcMP4: return "mp4"
        case .webm: return "webm"
        case .mov, .hevcMOV: return "mov"
        }
    }

    /// The codec's name in messages: "H.264", "VP9", "ProRes 4444".
    public var codecName: String {
        switch self {
        case .mp4: return "H.264"
        case .hevcMP4, .hevcMOV: return "HEVC"
        case .webm: return "VP9"
        case .mov: return "ProRes 4444"
        }
    }

    /// The audio codec of a video with a sound track: AAC in MP4 and QuickTime, Opus in WebM.
    public var audioCodecName: String { self == .webm ? "Opus" : "AAC" }

    /// ffmpeg's arguments for the sound track: AAC at 192 kbit/s, Opus (libopus) at 128 kbit/s,
    /// both bit-exact so the same track always gives the same bytes.
    public var audioArguments: [String] {
        (self == .webm ? ["-c:a", "libopus", "-b:a", "128k"] : ["-c:a", "aac", "-b:a", "192k"])
            + ["-flags:a", "+bitexact"]
    }

    /// Whether the format stores an alpha channel (WebM's VP9 and MOV's ProRes 4444 do; H.264 does not).
    public var carriesAlpha: Bool { self == .webm || self == .mov }

    /// The constant rate factors the codec takes (lower is better and larger), or nil for ProRes,
    /// which has fixed-quality profiles instead: libx264 0…51, libvpx-vp9 0…63.
    public var crfRange: ClosedRange<Int>? {
        switch self {
        case .mp4, .hevcMP4, .hevcMOV: return 0...51
        case .webm: return 0...63
        case .mov: return nil
        }
    }

    /// The CRF used when none is given: 18 for H.264 (visually lossless for text), 22 for HEVC
    /// (about the same quality: x265's scale runs some 4 above x264's), 30 for VP9 (ffmpeg's
    /// recommendation for constant quality); nil for ProRes.
    public var defaultCRF: Int? {
        switch self {
        case .mp4: return 18
        case .hevcMP4, .hevcMOV: return 22
        case .webm: return 30
        case .mov: return nil
        }
    }

    /// Whether the codec subsamples chroma 2×2, so frames must have even sizes.
    var needsEvenSize: Bool { self != .mov }

    /// The smallest side frames are encoded at. Debian's libx265 3.5 corrupts its heap on some
    /// frames under 64 pixels (8 wide, or 48×20, in 7 to 10 runs of 10), so HEVC frames are
    /// padded to 64 and the padding cropped again by the stream's conformance window.
    var minimumEncodedSide: Int { isHEVC ? 64 : 1 }

    /// HEVC through libx265, in MP4 or QuickTime.
    var isHEVC: Bool { self == .hevcMP4 || self == .hevcMOV }

    /// ffmpeg's arguments that make HEVC's conformance window show `width`×`height` of frames
    /// sent at `paddedWidth`×`paddedHeight`, or none for the other codecs. x265 itself pads to
    /// whole 8-pixel coding units (`min-cu-size=8`) and crops that again; the window set here
    /// replaces its own, so it crops both paddings.
    func croppingArguments(width: Int, height: Int, paddedWidth: Int, paddedHeight: Int) -> [String] {
        guard isHEVC else { return [] }
        let aligned = { (side: Int) in (side + 7) / 8 * 8 }
        let right = aligned(paddedWidth) - width
        let bottom = aligned(paddedHeight) - height
        guard right > 0 || bottom > 0 else { return [] }
        return ["-bsf:v", "hevc_metadata=crop_right=\(right):crop_bottom=\(bottom)"]
    }

    /// ffmpeg's pixel format of the encoded video.
    func pixelFormat(alpha: Bool) -> String {
        switch self {
        case .mp4, .hevcMP4, .hevcMOV: return "yuv420p"
        case .webm: return alpha ? "yuva420p" : "yuv420p"
        case .mov: return alpha ? "yuva444p10le" : "yuv444p10le"
        }
    }

    /// ffmpeg's output arguments for this format: the BT.709 conversion and tags, codec, quality,
    /// pixel format and muxer. `crf` must be in `crfRange` (ignored for ProRes).
    func ffmpegOutputArguments(crf: Int?, alpha: Bool) -> [String] {
        let color = [
            "-vf",
            "scale=out_color_matrix=bt709:out_range=tv,"
                + "setparams=range=tv:colorspace=bt709:color_primaries=bt709:color_trc=bt709",
            "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
        ]
        let pixels = ["-pix_fmt", pixelFormat(alpha: alpha)]
        let quality = String(crf ?? defaultCRF ?? 0)
        switch self {
        case .mp4:
            return color + ["-c:v", "libx264", "-preset", "medium", "-crf", quality] + pixels
                + ["-movflags", "+faststart", "-f", "mp4"]
        case .hevcMP4, .hevcMOV:
            // x265 prints its settings on stderr unless told not to; ffmpeg's own errors still show.
            // One frame thread and no thread pool keep the bytes the same on every machine.
            return color + [
                "-c:v", "libx265", "-preset", "medium", "-crf", quality,
                "-x265-params", "log-level=error:pools=none:frame-threads=1:min-cu-size=8", "-tag:v", "hvc1",
            ] + pixels + ["-movflags", "+faststart", "-f", self == .hevcMOV ? "mov" : "mp4"]
        case .webm:
            return color + [
                "-c:v", "libvpx-vp9", "-crf", quality, "-b:v", "0", "-deadline", "good", "-cpu-used", "2",
                "-row-mt", "1",
            ] + pixels + ["-f", "webm"]
        case .mov:
            return color + ["-c:v", "prores_ks", "-profile:v", "4444", "-vendor", "apl0"] + pixels
                + ["-movflags", "+faststart", "-f", "mov"]
        }
    }
}

/// How a video is encoded beyond its format.
public struct VideoOptions: Equatable, Sendable {
    /// The constant rate factor (lower is better and larger), in the format's `crfRange`; nil uses
    /// the format's `defaultCRF`.
    public var crf: Int?
    /// Keep the frames' alpha channel (formats that carry alpha only); otherwise every pixel is
    /// composited onto `matte`.
    public var keepsAlpha = false
    /// The color transparent pixels are composited onto when alpha is not kept (opaque; its own
    /// alpha is ignored).
    public var matte = Color.black

    public init(crf: Int? = nil, keepsAlpha: Bool = false, matte: Color = .black) {
        self.crf = crf
        self.keepsAlpha = keepsAlpha
        self.matte = matte
    }
}
