import Foundation
import KinetypeEncode
import KinetypeRender

/// Every library and tool kinetype's output depends on, with the version this build runs
/// against, for `kinetype --version --verbose` and bug reports.
public enum LibraryVersions {
    /// Name and version pairs, in a fixed order; tools that are not installed say so.
    public static func all(searchPath: String? = nil) -> [(name: String, version: String)] {
        [
            ("cairo", RenderLibraryVersions.cairo),
            ("pixman", RenderLibraryVersions.pixman),
            ("pango", RenderLibraryVersions.pango),
            ("harfbuzz", RenderLibraryVersions.harfbuzz),
            ("freetype", RenderLibraryVersions.freetype),
            ("fontconfig", RenderLibraryVersions.fontconfig),
            ("fribidi", RenderLibraryVersions.fribidi),
            ("glib", RenderLibraryVersions.glib),
            ("libpng", EncodeLibraryVersions.libpng),
            ("zlib", EncodeLibraryVersions.zlib),
            ("libdeflate", EncodeLibraryVersions.libdeflate),
            ("giflib", EncodeLibraryVersions.giflib),
            ("libimagequant", EncodeLibraryVersions.libimagequant),
            ("libwebp", EncodeLibraryVersions.libwebp),
            ("ffmpeg", ffmpegVersion(searchPath: searchPath)),
        ]
    }

    /// The version `ffmpeg -version` prints first ("ffmpeg version 5.1.6-0+deb12u1 …") and where it
    /// is, or "not installed (needed for video outputs)". ffmpeg is this machine's, found on `PATH`,
    /// also for the portable bundle: it is not part of the render stack.
    static func ffmpegVersion(searchPath: String?) -> String {
        guard let ffmpeg = VideoWriter.findFFmpeg(searchPath: searchPath) else {
            return "not installed (needed for video outputs)"
        }
        let process = Process()
        process.executableURL = ffmpeg
        process.arguments = ["-hide_banner", "-version"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "unusable (\(ffmpeg.path) does not run)" }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let firstLine = String(decoding: data.prefix(400), as: UTF8.self).split(separator: "\n").first ?? ""
        let words = firstLine.split(separator: " ")
        guard words.count >= 3, words[0] == "ffmpeg", words[1] == "version" else { return "unknown" }
        return "\(words[2]) (\(ffmpeg.path), this machine's: not part of the render stack)"
    }
}
