import Foundation
import KinetypeCore

/// What a render writes. Everything kinetype knows of each format is in `traits`, and every
/// command reads it from there: parsing `--format` and file extensions, help texts, completions,
/// the `-o -` rules, which encoding options apply, batch names and fingerprints, and which
/// formats can be golden animations. Encoded (in `RenderSettings`) by its case's name.
public enum OutputFormat: String, CaseIterable, Hashable, Codable, Sendable {
    /// An animated GIF (`.gif`).
    case gif
    /// An animated WebP (`.webp`): lossless, or lossy with a quality.
    case webp
    /// An animated PNG (`.apng`).
    case apng
    /// An H.264 `.mp4` video.
    case mp4
    /// A VP9 `.webm` video (with alpha when the canvas is transparent).
    case webm
    /// A ProRes 4444 `.mov` video for editors (with alpha when the canvas is transparent).
    case mov
    /// A folder of `frame_0001.png …` (a path without an extension, or an existing folder).
    case pngSequence
    /// One PNG of a single moment (`.png` with `--still`).
    case stillPNG
    /// Lottie JSON (`.json`): vector shapes and keyframes, one file for every pixel density.
    case lottie
    /// dotLottie (`.lottie`): the Lottie JSON in a ZIP archive with a manifest.
    case dotLottie
    /// An animated SVG (`.svg`): glyph outlines and CSS animations, one file for every density.
    case svg

    /// An encoding option of `render` and `batch`, which applies to some formats only.
    public enum Setting: CaseIterable, Sendable {
        case quality
        case dither
        case pngCompression
        case crf
        case matte
        case codec
        case maxBytes
    }

    /// The facts of one format.
    public struct Traits: Sendable {
        /// The name `--format` takes (`png` for both PNG frames and a still).
        public let name: String
        /// The file extension, or nil for a folder.
        public let fileExtension: String?
        /// What it is, in a few words (`animated GIF`).
        public let description: String
        /// The encoding options that change its bytes.
        public let settings: Set<Setting>
        /// The video codec, for formats ffmpeg writes.
        public let video: VideoFormat?
        /// The animation format, for the animated image files kinetype also decodes (a golden set
        /// may be one such file, `intro.gif`, compared by its decoded frames).
        public let animation: AnimationFormat?
        /// The uniform type identifier of its file, as an asset catalog's data set names it; nil
        /// for a folder.
        public let uniformType: String?
        /// Its media type, as a web page's `<source type>` names it; nil for a folder.
        public let mediaType: String?

        /// Whether it is vector shapes rather than pixels: no pixel density applies.
        public var isVector = false
        /// Whether it is one image of one moment (`RenderSettings.stillTime`) rather than an
        /// animation: no work limits, no sound, an image set in an asset catalog, a `drawable`.
        public var isStill = false

        /// Whether it is a folder of files rather than one file.
        public var isFolder: Bool { fileExtension == nil }
        /// Whether it can be written to standard output (`-o -`): every format that is one file.
        public var canStream: Bool { !isFolder }
    }

    public var traits: Traits {
        switch self {
        case .gif:
            Traits(
                name: "gif", fileExtension: "gif", description: "animated GIF",
                settings: [.quality, .dither, .maxBytes],
                video: nil, animation: .gif, uniformType: "com.compuserve.gif", mediaType: "image/gif")
        case .webp:
            Traits(
                name: "webp", fileExtension: "webp",
                description: "animated WebP, lossless unless \(CommandLineOption.quality.flag)",
                settings: [.quality, .maxBytes], video: nil, animation: .webp, uniformType: "org.webmproject.webp",
                mediaType: "image/webp")
        case .apng:
            Traits(
                name: "apng", fileExtension: "apng", description: "animated PNG",
                settings: [.pngCompression, .maxBytes],
                video: nil, animation: .apng, uniformType: "public.png", mediaType: "image/apng")
        case .mp4:
            Traits(
                name: "mp4", fileExtension: "mp4", description: "H.264 or HEVC video",
                settings: [.crf, .matte, .codec],
                video: .mp4,
                animation: nil, uniformType: "public.mpeg-4", mediaType: "video/mp4")
        case .webm:
            Traits(
                name: "webm", fileExtension: "webm", description: "VP9 video with alpha", settings: [.crf, .matte],
                video: .webm, animation: nil, uniformType: "org.webmproject.webm", mediaType: "video/webm")
        case .mov:
            Traits(
                name: "mov", fileExtension: "mov", description: "ProRes 4444 video with alpha, or HEVC",
                settings: [.crf, .matte, .codec], video: .mov, animation: nil,
                uniformType: "com.apple.quicktime-movie", mediaType: "video/quicktime")
        case .pngSequence:
            Traits(
                name: "png", fileExtension: nil, description: "a folder of PNG frames", settings: [.pngCompression],
                video: nil, animation: nil, uniformType: nil, mediaType: nil)
        case .stillPNG:
            Traits(
                name: "png", fileExtension: "png", description: "one PNG image, with \(CommandLineOption.still.flag)",
                settings: [.pngCompression], video: nil, animation: nil, uniformType: "public.png",
                mediaType: "image/png", isStill: true)
        case .lottie:
            Traits(
                name: "lottie", fileExtension: "json", description: "Lottie JSON, vector shapes", settings: [],
                video: nil, animation: nil, uniformType: "public.json", mediaType: "application/json", isVector: true)
        case .dotLottie:
            Traits(
                name: "dotlottie", fileExtension: "lottie", description: "dotLottie, zipped Lottie", settings: [],
                // No registered type identifier for dotLottie: the generic one for bytes; and a ZIP archive.
                video: nil, animation: nil, uniformType: "public.data", mediaType: "application/zip", isVector: true)
        case .svg:
            Traits(
                name: "svg", fileExtension: "svg", description: "animated SVG, vector shapes", settings: [],
                video: nil, animation: nil, uniformType: "public.svg-image", mediaType: "image/svg+xml", isVector: true)
        }
    }

    /// How messages name it: `.gif outputs`, `PNG frames`, `a --still PNG`.
    public var displayName: String {
        switch self {
        case .gif, .webp, .apng, .mp4, .webm, .mov, .svg: ".\(traits.name) outputs"
        case .lottie: "Lottie .json outputs"
        case .dotLottie: "dotLottie .lottie outputs"
        case .pngSequence: "PNG frames"
        case .stillPNG: "a \(CommandLineOption.still.flag) PNG"
        }
    }

    /// Whether a viewer plays the file as an animation (the WCAG warnings apply), and whether it
    /// repeats as `output.loop` says (WCAG 2.2.2 applies; a dotLottie's manifest says whether to
    /// loop); a video plays once, and a Lottie JSON has no playback settings.
    public var playback: (animates: Bool, loops: Bool) {
        switch self {
        case .gif, .webp, .apng, .svg, .dotLottie: (true, true)
        case .mp4, .webm, .mov, .lottie: (true, false)
        case .pngSequence, .stillPNG: (false, false)
        }
    }

    /// `base.gif`, or `base` (a folder) for PNG frames.
    public func fileName(_ base: String) -> String {
        traits.fileExtension.map { "\(base).\($0)" } ?? base
    }

    /// The formats that are one animated file, named by their extension.
    static var animatedFiles: [OutputFormat] { allCases.filter { !$0.traits.isStill && !$0.traits.isFolder } }

    /// The `--format` names of the animated files that `takes`, as a sentence lists them:
    /// `gif, webp, apng, mp4, webm, mov, lottie or dotlottie`. Read from the formats, so a new one
    /// is never left out of a message.
    static func formatList(_ takes: (OutputFormat) -> Bool) -> String {
        let names = animatedFiles.filter(takes).map(\.traits.name)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// The formats as listed in messages and help: `.gif (animated GIF), … or a folder (PNG frames)`.
    public static var summary: String {
        let files = (animatedFiles + [.stillPNG]).map { ".\($0.traits.fileExtension!) (\($0.traits.description))" }
        return files.joined(separator: ", ") + ", or a folder path (\(OutputFormat.pngSequence.traits.description))"
    }

    /// The names `--format` takes.
    public static var names: [String] {
        var seen = Set<String>()
        return allCases.map(\.traits.name).filter { seen.insert($0).inserted }
    }

    /// Infers the format from the path: a folder (a trailing `/`, an existing folder, or no
    /// extension) is PNG frames, else the extension names the format. `.png` is one still image
    /// and needs `--still`: an animated PNG is `.apng`.
    /// - Throws: a `.usage` Diagnostic for an unknown extension, `.png` without `--still`,
    ///   `--still` without `.png`, or a name that is only an extension (`.gif`, `...lottie`),
    ///   which would otherwise be a hidden folder of PNG frames.
    public static func infer(from path: String, still: Bool) throws -> OutputFormat {
        let url = URL(fileURLWithPath: path)
        if !path.hasSuffix("/"), let onlyExtension = extensionWithoutName(url.lastPathComponent) {
            throw Diagnostic(
                kind: .usage,
                message: "the output \(JSONText.quotedPath(path)) is only an extension, with no file name before "
                    + "it; kinetype would write PNG frames into a hidden folder of that name",
                hint: "name the file, as in -o Output/card.\(onlyExtension)"
            ).fail()
        }
        let pathExtension = url.pathExtension.lowercased()
        var isDirectory: ObjCBool = false
        let existingFolder =
            FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        if !still && (path.hasSuffix("/") || existingFolder || pathExtension.isEmpty) { return .pngSequence }
        return try named(pathExtension, still: still, output: JSONText.quotedPath(path), isExtension: true)
    }

    /// The extension a file name is made of alone (`.gif` → `gif`, `...lottie` → `lottie`): dots,
    /// then an extension some format has; nil for any other name, such as `.hidden` or `card.gif`.
    static func extensionWithoutName(_ name: String) -> String? {
        guard name.hasPrefix(".") else { return nil }
        let rest = name.drop { $0 == "." }.lowercased()
        return allCases.contains { $0.traits.fileExtension == rest } ? rest : nil
    }

    /// The single-file format a file extension or `--format` value names (`gif`, `MP4`, …; any
    /// case); `output` names the destination in messages.
    /// - Throws: a `.usage` Diagnostic for an unknown name, `png` without a still time, or a
    ///   still time with another name.
    public static func named(_ name: String, still: Bool, output: String, isExtension: Bool = false) throws
        -> OutputFormat
    {
        let lowered = name.lowercased()
        if still {
            guard lowered == OutputFormat.stillPNG.traits.name else {
                throw Diagnostic(
                    kind: .usage,
                    message:
                        "\(CommandLineOption.still.flag) writes one PNG image, so the output must be .png, not "
                        + "\(output)"
                ).fail()
            }
            return .stillPNG
        }
        if lowered == OutputFormat.stillPNG.traits.name {
            throw Diagnostic(
                kind: .usage,
                message:
                    "\(output) would be one PNG image, but no moment was chosen: add "
                    + "\(CommandLineOption.still.flag) SECONDS for the frame "
                    + "at that time, write .apng for an animated PNG, or give a folder path (frames/) for every frame "
                    + "as PNG files"
            ).fail()
        }
        // `--format lottie` is Lottie JSON (`.json`); the `.lottie` extension is dotLottie.
        let byName = isExtension ? nil : animatedFiles.first(where: { $0.traits.name == lowered })
        guard let format = byName ?? animatedFiles.first(where: { $0.traits.fileExtension == lowered }) else {
            throw Diagnostic(
                kind: .usage,
                message: "unknown output format \(JSONText.quoted("." + lowered)); kinetype writes \(summary)"
            ).fail()
        }
        return format
    }
}

/// The animated image formats: written as a render, and decoded back to whole frames when a golden
/// set is one such file.
public enum AnimationFormat: CaseIterable, Sendable {
    case gif, webp, apng

    public var outputFormat: OutputFormat {
        switch self {
        case .gif: .gif
        case .webp: .webp
        case .apng: .apng
        }
    }

    /// `gif`, `webp`, `apng`: the output format's own, which every animation format has.
    public var fileExtension: String { outputFormat.traits.fileExtension ?? outputFormat.traits.name }

    /// `GIF`, `WebP`, `APNG`, in messages.
    public var displayName: String {
        switch self {
        case .gif: "GIF"
        case .webp: "WebP"
        case .apng: "APNG"
        }
    }
}
