import Kinetype

/// The encoding options of `render` and `batch`, declared once: each applies to the formats whose
/// `OutputFormat.Traits.settings` name it, and giving one to another format is a usage error
/// rather than silently ignored.
enum EncodingArguments {
    /// Every CRF some codec takes (each format checks its own range: H.264 0…51, VP9 0…63).
    static let crfRange = 0...(VideoFormat.allCases.compactMap { $0.crfRange?.upperBound }.max() ?? 0)

    static let quality = Option(
        .quality, .integer(GIFOptions.qualities),
        help: "GIF: palette quality when a scene has more than 255 colors (default 100). WebP: lossy at this "
            + "quality (default lossless).")
    static let dither = Option(
        .dither, .choice(GIFDither.self), help: "GIF dithering for scenes over 255 colors (default none).")
    static let pngCompression = Option(
        .pngCompression, .integer(PNGCompression.levels),
        help: "How hard PNG outputs are compressed (default 6; APNG 7 tries harder, 8…9 add Zopfli: slower, smaller).")
    static let crf = Option(
        .crf, .integer(crfRange),
        help: "Video quality, lower is better and larger: .mp4 0…51 (default 18, HEVC 22), .webm 0…63 (default 30).")
    static let matte = Option(
        .matte,
        .custom(placeholder: "COLOR", expected: "an opaque color such as black, #FFFFFF or rgb(0, 0, 0)") {
            Color(parsing: $0).flatMap { $0.alpha >= 1 ? $0 : nil }
        },
        help: "Flatten a transparent canvas onto COLOR in videos (default: keep alpha in .webm/.mov, black in .mp4).")

    static let codec = Option(
        .codec, .choice(VideoCodec.self, placeholder: "CODEC"),
        help: ".mp4 codec: h264 (default, plays everywhere) or hevc (smaller; tagged hvc1 for Apple's players); "
            + ".mov codec: prores (default, ProRes 4444 for editors) or hevc.")

    static let maxBytes = Option(
        .maxBytes, .integer(ByteBudget.range),
        help: "GIF, WebP, APNG: the most bytes the file may have; kinetype lowers its own settings (colors, "
            + "quality, frame rate, scale) to the best picture that fits, or fails.")

    /// The option of each setting.
    static func option(for setting: OutputFormat.Setting) -> CommandLineOption {
        switch setting {
        case .quality: quality.option
        case .dither: dither.option
        case .pngCompression: pngCompression.option
        case .crf: crf.option
        case .matte: matte.option
        case .codec: codec.option
        case .maxBytes: maxBytes.option
        }
    }

    static let group = OptionGroup(
        specs: [quality.spec, dither.spec, pngCompression.spec, crf.spec, matte.spec, codec.spec, maxBytes.spec])
}

extension OptionGroup {
    /// `--quality`, `--dither`, `--png-compression`, `--crf`, `--matte`, `--codec` and `--max-bytes`.
    static let encoding = EncodingArguments.group
}

extension ParsedArguments {
    /// `settings` with the encoding options given, for its format and the formats of `also` (the
    /// PNG of `batch --poster`).
    /// - Throws: a `.usage` diagnostic for an option none of them takes (`--dither applies to gif
    ///   outputs only`).
    func settings(_ settings: RenderSettings, also: [OutputFormat] = []) throws -> RenderSettings {
        var settings = settings
        var given: [OutputFormat.Setting] = []
        if let quality = try self[EncodingArguments.quality] {
            settings.gifQuality = quality
            settings.webpQuality = quality
            given.append(.quality)
        }
        if let dither = try self[EncodingArguments.dither] {
            settings.gifDither = dither
            given.append(.dither)
        }
        if let level = try self[EncodingArguments.pngCompression] {
            settings.pngCompression = level
            given.append(.pngCompression)
        }
        if let crf = try self[EncodingArguments.crf] {
            settings.video.crf = crf
            given.append(.crf)
        }
        if let matte = try self[EncodingArguments.matte] {
            settings.video.matte = matte
            given.append(.matte)
        }
        if let codec = try self[EncodingArguments.codec] {
            settings.video.codec = codec
            given.append(.codec)
        }
        if let maximum = try self[EncodingArguments.maxBytes] {
            settings.maxBytes = maximum
            given.append(.maxBytes)
        }
        let formats = [settings.format] + also
        for setting in given where !formats.contains(where: { $0.traits.settings.contains(setting) }) {
            throw DiagnosticList.usage(
                "\(EncodingArguments.option(for: setting).flag) applies to \(Self.formats(taking: setting)) "
                    + "only, not to \(settings.format.displayName)",
                command: command)
        }
        if let video = settings.format.traits.video { try settings.video.check(for: video) }
        return settings
    }
}

extension ParsedArguments {
    /// `.mp4 and .webm outputs`, `.apng outputs, PNG frames and a --still PNG`.
    static func formats(taking setting: OutputFormat.Setting) -> String {
        let takers = OutputFormat.allCases.filter { $0.traits.settings.contains(setting) }
        let files = takers.filter { !$0.traits.isFolder && !$0.traits.isStill }.map { "." + $0.traits.name }
        var parts = files.isEmpty ? [] : [TextList.and(files) + " outputs"]
        parts += takers.filter { $0.traits.isFolder || $0.traits.isStill }.map(\.displayName)
        return TextList.and(parts)
    }
}

/// Words joined as a sentence does: `a`, `a and b`, `a, b and c`.
enum TextList {
    static func and(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
