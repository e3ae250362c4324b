import Kinetype

/// `--crf N` and `--matte COLOR`, the video options `render` and `batch` take.
enum VideoArguments {
    /// Every CRF some codec takes (each format checks its own range: H.264 0…51, VP9 0…63).
    static let crfRange = 0...(VideoFormat.allCases.compactMap { $0.crfRange?.upperBound }.max() ?? 0)

    static let crf = Option(
        "crf", .integer(crfRange),
        help: "Video quality, lower is better and larger: .mp4 0…51 (default 18), .webm 0…63 (default 30).")
    static let matte = Option(
        "matte",
        .custom(placeholder: "COLOR", expected: "an opaque color such as black, #FFFFFF or rgb(0, 0, 0)") {
            Color(parsing: $0).flatMap { $0.alpha >= 1 ? $0 : nil }
        },
        help: "Flatten a transparent canvas onto COLOR in videos (default: keep alpha in .webm/.mov, black in .mp4).")

    static let group = OptionGroup(specs: [crf.spec, matte.spec])
}

extension OptionGroup {
    /// `--crf N` and `--matte COLOR`.
    static let video = VideoArguments.group
}

extension ParsedArguments {
    /// The video settings the options give. A setting given for an output that is not a video is a
    /// usage error rather than silently ignored.
    func videoSettings(for format: OutputFormat) throws -> VideoSettings {
        let settings = VideoSettings(crf: try self[VideoArguments.crf], matte: try self[VideoArguments.matte])
        guard settings != VideoSettings() else { return settings }
        switch format {
        case .mp4, .webm, .mov: return settings
        default:
            let name = settings.crf != nil ? "--crf" : "--matte"
            throw DiagnosticList.usage("\(name) applies to video outputs (.mp4, .webm, .mov) only", command: command)
        }
    }
}
