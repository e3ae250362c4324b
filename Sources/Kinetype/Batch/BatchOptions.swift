import Foundation
import KinetypeEncode

/// Everything a batch run needs.
public struct BatchOptions: Sendable {
    public var template: URL
    /// The template as the user named it, for messages.
    public var templateDisplayName: String
    public var data: URL
    public var dataDisplayName: String
    /// The template's bytes when the caller read them already: a pipe or standard input, which can
    /// be read only once (`NamedInput`). `template` is then not read, and the template's relative
    /// paths resolve against the current folder.
    public var templateBytes: Data?
    /// The data's bytes when the caller read them already (a pipe or standard input); `data` is
    /// then not read.
    public var dataBytes: Data?
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
    /// How every output is encoded: its format (GIF by default; `.stillPNG` renders the moment
    /// `stillTime` of every output, `batch --still`, which may be `StillMoment.end`), the format's options and the work limits
    /// (not checked for stills, which render one frame). Each output renders on one thread
    /// (`jobs` = 1).
    public var encoding: EncodingOptions = {
        var encoding = EncodingOptions(format: .gif)
        encoding.jobs = 1
        return encoding
    }()
    /// The settings every output renders with: `encoding`'s, where a byte budget keeps the scale of
    /// outputs named for it (`scales`: `card@3x.gif` holds @3x pixels or fails). Each file of a job
    /// renders with these (its format and moment set) and its fingerprint records the very value
    /// (`FingerprintSettings`), so what changes bytes is fingerprinted.
    var outputSettings: RenderSettings {
        var settings = encoding.settings
        settings.budgetMayLowerScale = scales == nil
        return settings
    }

    /// `--poster`: also render each output's still at this moment (seconds, or `StillMoment.end`),
    /// named by `OutputNaming.posterStem` (`name-poster.png`).
    public var posterTime: Double?
    /// `--picture`: the formats each animation is also rendered in, next to it with its name
    /// (`name-dark@2x.webp`), as the fallbacks the `<picture>` snippet names (`PictureSnippet`).
    public var fallbackFormats: [OutputFormat] = []
    /// `--picture`: where the caller will write the `<picture>` snippet, checked like `reportFile`.
    public var pictureFile: URL?
    /// `--haptics`: also write each animation's keystrokes as a haptic pattern next to it, named
    /// like the output with `.ahap` (`name-dark@2x.ahap`).
    public var haptics = false
    /// Outputs rendered at once.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Render even outputs whose inputs have not changed.
    public var force = false
    public var shard: Shard?
    /// `--root`: the folder every font and image the template (or a data value) names must lie in.
    public var root: InputRoot?
    /// `--system-fonts`: every entry may use the machine's fonts (`SceneOverrides.systemFonts`).
    public var systemFonts = false

    /// Whether the returned report holds every finished outcome (the default), or only the failed
    /// ones, the others counted: then the outcomes take memory only for failures, and with `reportFile`
    /// set each outcome waits for the report (written by `JSONReport`) in an anonymous file in the
    /// report's folder. `batch` keeps them only to print or deliver them.
    public var keepsOutcomes = true

    /// `--report`: where the caller will write the batch's report. Named here so that the batch
    /// checks, before it renders, that the report is none of its outputs or inputs (`BatchFiles`).
    public var reportFile: URL?
    /// `--xcassets`: the asset catalog the caller will deliver the outputs into, checked likewise.
    public var assetCatalog: AssetCatalog?
    /// `--android-res`: the Android resources the caller will deliver the outputs into, checked likewise.
    public var androidResources: AndroidResources?

    /// The folder the template's relative paths resolve against: its own, or the current folder
    /// for a template that came through a pipe.
    var templateFolder: URL {
        templateBytes == nil
            ? template.deletingLastPathComponent()
            : URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }

    /// The name of an output whose entry has no `"output"`, before its number: the template's name,
    /// or `template` for one that came through a pipe (whose name, `63` or `-`, says nothing).
    var defaultOutputName: String {
        templateBytes == nil ? template.deletingPathExtension().lastPathComponent : "template"
    }

    /// The format of every output.
    public var format: OutputFormat {
        get { encoding.format }
        set { encoding.format = newValue }
    }

    public init(template: URL, data: URL, outputFolder: URL) {
        self.template = template
        self.templateDisplayName = template.path
        self.data = data
        self.dataDisplayName = data.path
        self.outputFolder = outputFolder
    }
}
