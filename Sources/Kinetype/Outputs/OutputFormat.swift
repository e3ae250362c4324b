import Foundation
import KinetypeCore

/// What a render writes, decided by the output path.
public enum OutputFormat: Equatable, Sendable {
    /// An animated GIF (`.gif`).
    case gif
    /// An H.264 `.mp4` video.
    case mp4
    /// A VP9 `.webm` video (with alpha when the canvas is transparent).
    case webm
    /// A ProRes 4444 `.mov` video for editors (with alpha when the canvas is transparent).
    case mov
    /// A folder of `frame_0001.png …` (a path without an extension, or an existing folder).
    case pngSequence
    /// One PNG of a single moment (`.png`, only with `--still`).
    case stillPNG
    /// An animated WebP (`.webp`): lossless, or lossy with a quality.
    case webp
    /// An animated PNG (`.apng`, or `.png` without `--still`).
    case apng

    /// The formats as listed in messages and help.
    public static let summary =
        ".gif (animated GIF), .webp (animated WebP), .apng or .png (animated PNG; one PNG with --still), .mp4, .webm or .mov (video), or a folder (PNG frames)"

    /// Infers the format from the path: its extension, or a folder for PNG frames. `.png` is one
    /// still image with `--still` and an animated PNG without it, whatever the frame count.
    /// - Throws: a `.usage` Diagnostic for an unknown extension, or `--still` without `.png`.
    public static func infer(from path: String, still: Bool) throws -> OutputFormat {
        let url = URL(fileURLWithPath: path)
        let pathExtension = url.pathExtension.lowercased()
        var isDirectory: ObjCBool = false
        let existingFolder =
            FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        if !still && (path.hasSuffix("/") || existingFolder || pathExtension.isEmpty) { return .pngSequence }
        return try named(pathExtension, still: still, output: "\"\(path)\"")
    }

    /// The single-file format a file extension or `--format` value names (`gif`, `MP4`, …; any
    /// case); `output` names the destination in messages.
    /// - Throws: a `.usage` Diagnostic for an unknown name, `png` without a still time, or a
    ///   still time with another name.
    public static func named(_ name: String, still: Bool, output: String) throws -> OutputFormat {
        let pathExtension = name.lowercased()
        if still {
            guard pathExtension == "png" else {
                throw Diagnostic(
                    kind: .usage,
                    message: "--still writes one PNG image, so the output must end in .png, not \(output)"
                ).fail()
            }
            return .stillPNG
        }
        switch pathExtension {
        case "gif": return .gif
        case "mp4": return .mp4
        case "webm": return .webm
        case "webp": return .webp
        case "apng", "png": return .apng
        case "mov": return .mov
        default:
            throw Diagnostic(
                kind: .usage, message: "unknown output format \".\(pathExtension)\"; kinetype writes \(summary)"
            ).fail()
        }
    }
}
