import Kinetype

/// The options more than one command takes, each declared once with its kind. Commands take them
/// through `OptionGroup`; a command-only option lives in its command's `Options`.
enum SharedOptions {
    /// Outputs or worker threads at once: at least one, and no more than any machine has cores.
    static let jobsRange = 1...256

    static let set = Option(.set, .assignment, repeatable: true, help: "Set a {{NAME}} placeholder (repeatable).")
    static let strict = Flag(
        .strict, help: "Fail when a --set name or data key fills no placeholder (default: a warning).")
    static let jobs = Option(
        .jobs, short: "j", .integer(jobsRange), help: "Worker threads (default: the number of cores).")
    static let quiet = Flag(.quiet, short: "q", help: "Print nothing but errors.")
    static let systemFonts = Flag(
        .systemFonts, help: "Also use this machine's installed fonts (renders then depend on the machine).")
    static let root = Option(
        .root, .path(placeholder: "DIR"),
        help: "Read fonts and images only from inside DIR (after symlinks); refuse anything else.")
    static let maxFrames = Option(
        .maxFrames, .integer(1...Int.max),
        help: "Refuse outputs of more frames than N (default \(WorkLimits.defaultMaximumFrames)).")
    static let maxLayerFrames = Option(
        .maxLayerFrames, .integer(1...Int.max),
        help: "Refuse outputs of more layers × frames than N (default \(WorkLimits.defaultMaximumLayerFrames)).")
    static let maxTextLayout = Option(
        .maxTextLayout, .integer(1...Int.max),
        help:
            "Refuse outputs that lay out more text characters than N (default \(WorkLimits.defaultMaximumTextLayout)).")
    static let maxTotalPixels = Option(
        .maxTotalPixels, .integer(1...Int.max),
        help: "Refuse outputs of more pixels × frames than N (default \(WorkLimits.defaultMaximumTotalPixels)).")
    /// `--layout-direction` of `render`, `verify` and `batch`.
    static let layoutDirection = Option(
        .layoutDirection, .choice(LayoutDirection.self, placeholder: "DIRECTION"),
        help: "Lay the scene out in this direction (overrides canvas.layoutDirection).")
    /// `--json` of `info` and `fonts`.
    static let progress = Option(
        .progress, .choice(ProgressStyle.self, placeholder: "STYLE"),
        help: "Progress on standard error: a bar on a terminal (auto), plain lines, JSON lines, or none.")
    static let color = Option(
        .color, .choice(ColorMode.self, placeholder: "WHEN"),
        help: "Colour error:, warning: and note: (auto: on a terminal, unless NO_COLOR or TERM=dumb).")
    static let json = Flag(.json, help: "Print JSON instead of text.")
    /// `--color-scheme` of `render`, `verify` and `batch`: one output per appearance, named by `OutputNaming`.
    static let colorScheme = Option(
        .colorScheme,
        .custom(placeholder: "SCHEME", expected: "light, dark or light,dark", ColorScheme.list(parsing:)),
        help: "Appearance: light, dark, or light,dark for both (the dark output is named <name>-dark); "
            + "overrides canvas.colorScheme.")
    /// `--shard I/N|auto` of `batch` and `verify`.
    static let shard = Option(
        .shard,
        .custom(
            placeholder: "I/N|auto", expected: "\(Shard.syntax) (e.g. 2/4), or auto", ShardRequest.init(parsing:)),
        help: "Take only the I-th of N deterministic slices; auto reads the CI job's index and count "
            + "(GitLab, Buildkite, CircleCI, Kubernetes, or KINETYPE_SHARD_INDEX/KINETYPE_SHARD_COUNT).")
    /// `--format` of `render` and `batch`, each with its own help.
    static let format = Option(.format, .formatName, help: "The output format.")
    /// `--report PATH` of `batch` and `verify`.
    static let report = Option(.report, .path(), help: "Also write the results as JSON.")
}

/// `--shard I/N` or `--shard auto`.
enum ShardRequest: Sendable {
    case explicit(Shard)
    case auto

    init?(parsing text: String) {
        if text.lowercased() == "auto" {
            self = .auto
        } else if let shard = Shard(parsing: text) {
            self = .explicit(shard)
        } else {
            return nil
        }
    }
}
