import Foundation
import KinetypeEncode

/// The file type every output of a batch gets.
public enum BatchFormat: String, CaseIterable, Sendable {
    case gif, png, mp4, webm, mov, webp, apng

    /// The output format; `png` writes a folder of frames per output, `apng` one animated PNG.
    public var outputFormat: OutputFormat {
        switch self {
        case .gif: return .gif
        case .png: return .pngSequence
        case .mp4: return .mp4
        case .webm: return .webm
        case .webp: return .webp
        case .apng: return .apng
        case .mov: return .mov
        }
    }

    /// `name.gif`, or `name` (a folder) for PNG frames.
    func fileName(_ base: String) -> String { self == .png ? base : "\(base).\(rawValue)" }
}

/// Everything a batch run needs.
public struct BatchOptions: Sendable {
    public var template: URL
    /// The template as the user named it, for messages.
    public var templateDisplayName: String
    public var data: URL
    public var dataDisplayName: String
    public var outputFolder: URL
    /// `--set` values; they win over every entry's values.
    public var overrides: [String: String] = [:]
    /// `--strict`: a `--set` name or data key that fills no placeholder fails the batch instead
    /// of being a warning.
    public var strictPlaceholders = false
    /// `--layout-direction`: wins over every entry's `layoutDirection` and the template's own.
    public var layoutDirection: LayoutDirection?
    /// One output per scale; nil = the template's own `canvas.scale`.
    public var scales: [Double]?
    /// `--color-scheme`: one output per appearance for every entry (winning over an entry's
    /// `colorScheme`); nil = each entry's own, else the template's `canvas.colorScheme`.
    public var colorSchemes: [ColorScheme]?
    public var format: BatchFormat = .gif
    /// Entries rendered at once.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Render even outputs whose inputs have not changed.
    public var force = false
    public var shard: Shard?
    public var gif = GIFOptions()
    /// Lossless (the default) or lossy WebP, for `--format webp`.
    public var webp = WebPOptions()
    public var pngCompression = 6
    /// `--crf` and `--matte` of video outputs.
    public var video = VideoSettings()
    /// `--root`: the folder every font and image the template (or a data value) names must lie in.
    public var root: InputRoot?
    /// The work limits of every output.
    public var limits = WorkLimits.standard

    public init(template: URL, data: URL, outputFolder: URL) {
        self.template = template
        self.templateDisplayName = template.path
        self.data = data
        self.dataDisplayName = data.path
        self.outputFolder = outputFolder
    }
}
