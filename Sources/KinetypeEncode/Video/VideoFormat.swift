/// Video containers and codecs the video writer produces through ffmpeg.
public enum VideoFormat: String, Equatable, Hashable, Sendable, CaseIterable {
    /// H.264 (libx264, CRF 18, yuv420p) in MP4 with the index up front (+faststart).
    case mp4
    /// VP9 (libvpx-vp9, CRF 30, yuv420p) in WebM.
    case webm

    /// The format for a file extension (`mp4`, `webm`, any case), or nil.
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }

    /// ffmpeg's output arguments for this format (codec, quality, pixel format, muxer).
    var ffmpegOutputArguments: [String] {
        switch self {
        case .mp4:
            return [
                "-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p",
                "-movflags", "+faststart", "-f", "mp4",
            ]
        case .webm:
            return [
                "-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0", "-deadline", "good", "-cpu-used", "2",
                "-row-mt", "1", "-pix_fmt", "yuv420p", "-f", "webm",
            ]
        }
    }
}
