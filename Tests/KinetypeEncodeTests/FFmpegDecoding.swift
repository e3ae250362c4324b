import Foundation
import KinetypeCore
import KinetypeEncode
import TestSupport
import XCTest

/// Reads videos back with ffmpeg and ffprobe, as an independent decoder.
enum FFmpegDecoding {
    /// The `ffmpeg` and `ffprobe` executables, or a skip when either is missing.
    static func tools() throws -> (ffmpeg: URL, ffprobe: URL) {
        guard let ffmpeg = VideoWriter.findFFmpeg() else { throw XCTSkip("ffmpeg is not installed") }
        let ffprobe = ffmpeg.deletingLastPathComponent().appendingPathComponent("ffprobe")
        guard FileManager.default.isExecutableFile(atPath: ffprobe.path) else { throw XCTSkip("no ffprobe") }
        return (ffmpeg, ffprobe)
    }

    /// The first frame as straight RGBA. WebM is decoded with libvpx, because ffmpeg's native VP9
    /// decoder drops the alpha channel.
    static func firstFrame(of url: URL, width: Int, height: Int) throws -> Image {
        let codec = url.pathExtension == "webm" ? ["-c:v", "libvpx-vp9"] : []
        let data = try run(
            tools().ffmpeg,
            ["-v", "error"] + codec + ["-i", url.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        XCTAssertEqual(data.count, width * height * 4, "decoded frame size")
        guard data.count == width * height * 4 else { return Image(width: width, height: height, fill: (0, 0, 0, 0)) }
        return Image(width: width, height: height, pixels: [UInt8](data))
    }

    /// `key=value` lines of ffprobe's first video stream: `pix_fmt`, `color_space`, … and `TAG:alpha_mode`.
    static func probe(_ url: URL) throws -> [String: String] {
        let text = String(
            decoding: try run(
                tools().ffprobe,
                [
                    "-v", "error", "-select_streams", "v:0", "-show_entries",
                    "stream=codec_name,profile,pix_fmt,width,height,color_space,color_primaries,color_transfer,"
                        + "color_range:stream_tags=alpha_mode",
                    "-of", "default=nw=1", url.path,
                ]), as: UTF8.self)
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        return values
    }

    /// The standard output of a process that must succeed.
    static func run(_ executable: URL, _ arguments: [String]) throws -> Data {
        let result = try ChildProcess.run(executable, arguments, stderr: .discarded)
        XCTAssertEqual(result.status, 0, "\(executable.lastPathComponent) \(arguments)")
        return result.stdout
    }
}
