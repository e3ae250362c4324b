import Foundation
import KinetypeCore

/// Frames as ffmpeg decodes them: an independent decoder for animated outputs (APNG, GIF, WebP,
/// video), one straight-RGBA image per decoded frame, in order.
public enum FFmpegFrames {
    /// Decodes `url` with `ffmpeg` (every frame, no frame-rate conversion), or throws when ffmpeg
    /// fails or its output is not a whole number of `width`×`height` frames.
    public static func decode(_ url: URL, ffmpeg: URL, width: Int, height: Int) throws -> [Image] {
        let arguments = [
            "-v", "error", "-i", url.path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-",
        ]
        let result = try ChildProcess.run(ffmpeg, arguments)
        let size = width * height * 4
        guard result.status == 0, size > 0, result.stdout.count % size == 0 else {
            throw FFmpegFailure(
                description: "ffmpeg could not decode \(url.lastPathComponent) into \(width)×\(height) frames "
                    + "(exit \(result.status), \(result.stdout.count) bytes): \(result.stderrText)")
        }
        let bytes = [UInt8](result.stdout)
        return stride(from: 0, to: bytes.count, by: size).map {
            Image(width: width, height: height, pixels: Array(bytes[$0..<($0 + size)]))
        }
    }

    /// ffmpeg failed, or gave something other than whole frames.
    public struct FFmpegFailure: Error, CustomStringConvertible {
        public var description: String
    }
}
