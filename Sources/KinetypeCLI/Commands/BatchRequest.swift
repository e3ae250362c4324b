import Foundation
import Kinetype

/// What `batch` was asked for: its arguments read once and checked against each other (where
/// the template and data come from, the format with `--still` and `--poster`, and what each
/// delivery folder takes) into `BatchOptions`, which also holds the report and the delivery folders.
struct BatchRequest {
    var options: BatchOptions
    /// The template as given: a path, `-` or a pipe.
    let templatePath: String
    /// `--data` as given.
    let dataPath: String
    let quiet: Bool

    /// Whether each animation has a poster beside it.
    var posters: Bool { options.posterTime != nil }
    /// `--xcassets`.
    var catalog: AssetCatalog? { options.assetCatalog }
    /// `--android-res`.
    var resources: AndroidResources? { options.androidResources }
    /// `--picture`.
    var picture: PictureSnippet? { options.pictureFile.map(PictureSnippet.init(file:)) }

    init(_ arguments: ParsedArguments, terminal: Terminal, command: String) throws {
        guard arguments.positionals.count == 1, let templatePath = arguments.positionals.first else {
            throw DiagnosticList.usage(
                arguments.positionals.isEmpty ? "batch needs a template scene" : "batch takes one template scene",
                command: command)
        }
        guard let dataPath = try arguments[BatchCommand.Options.data] else {
            throw DiagnosticList.usage("batch needs \(CommandLineOption.data.flag) DATA.json", command: command)
        }
        self.templatePath = templatePath
        self.dataPath = dataPath
        quiet = arguments[SharedOptions.quiet]
        options = try Self.inputs(arguments, template: templatePath, data: dataPath, command: command)
        options.overrides = try arguments.placeholders()
        options.strictPlaceholders = arguments[SharedOptions.strict]
        options.layoutDirection = try arguments[SharedOptions.layoutDirection]
        options.force = arguments[BatchCommand.Options.force]
        options.root = try arguments.inputRoot()
        options.systemFonts = arguments[SharedOptions.systemFonts]
        options.encoding.limits = try arguments.workLimits()
        if let scales = try arguments[BatchCommand.Options.scale] { options.scales = scales }
        if let schemes = try arguments[SharedOptions.colorScheme] { options.colorSchemes = schemes }
        try Self.readFormat(arguments, into: &options, command: command)
        if let jobs = try arguments[SharedOptions.jobs] { options.jobs = jobs }
        options.shard = try arguments.shard(terminal: terminal, doing: "rendering")
        options.reportFile = try arguments[SharedOptions.report].map(URL.init(fileURLWithPath:))
        options.assetCatalog = try arguments[BatchCommand.Options.xcassets].map {
            try AssetCatalog(folder: URL(fileURLWithPath: $0))
        }
        if catalog != nil { try AssetCatalog.check(format: options.format, scales: options.scales, posters: posters) }
        let defaultLocale = try arguments[BatchCommand.Options.defaultLocale]
        options.androidResources = try arguments[BatchCommand.Options.androidRes].map {
            AndroidResources(folder: URL(fileURLWithPath: $0), defaultLocale: defaultLocale)
        }
        if defaultLocale != nil, resources == nil {
            throw DiagnosticList.usage(
                "\(CommandLineOption.defaultLocale.flag) goes with \(CommandLineOption.androidRes.flag)",
                command: command)
        }
        if resources != nil {
            try AndroidResources.check(format: options.format, scales: options.scales, posters: posters)
        }
        options.pictureFile = try arguments[BatchCommand.Options.picture].map(URL.init(fileURLWithPath:))
        if options.pictureFile != nil { options.fallbackFormats = try PictureSnippet.fallbacks(for: options.format) }
        // Every outcome is needed for the table of every output, and by the deliveries.
        options.keepsOutcomes =
            !quiet || options.pictureFile != nil || options.assetCatalog != nil || options.androidResources != nil
    }

    /// Reads a template or data that comes from a pipe, once: opening one waits for its writer, so
    /// this runs before Ctrl-C is taken over.
    mutating func readPipes() throws {
        if NamedInput.isPipe(templatePath) {
            options.templateBytes = try NamedInputArguments.read(templatePath, as: "the template", option: nil)
        }
        if NamedInput.isPipe(dataPath) {
            options.dataBytes = try NamedInputArguments.read(
                dataPath, as: "the data", option: CommandLineOption.data.flag)
        }
    }

    /// Checks the scales a template's own `canvas.scale` adds against the delivery folders, as
    /// `--scale`'s were checked.
    func checkScales(_ scales: [Double]) throws {
        if catalog != nil { try AssetCatalog.check(format: options.format, scales: scales, posters: posters) }
        if resources != nil { try AndroidResources.check(format: options.format, scales: scales, posters: posters) }
    }

    /// The template, the data and the output folder: standard input for one of the first two at
    /// most, and a folder named by `-o` when the template has no name (a pipe).
    private static func inputs(_ arguments: ParsedArguments, template: String, data: String, command: String) throws
        -> BatchOptions
    {
        let templateURL = URL(fileURLWithPath: template)
        if template == NamedInput.standardInputPath, data == NamedInput.standardInputPath {
            throw DiagnosticList.usage(
                "the template and the data cannot both come from standard input; give one of them as a file or "
                    + "a pipe (\(CommandLineOption.data.flag) <(jq … data.json))",
                command: command)
        }
        if NamedInput.isPipe(template), try arguments[BatchCommand.Options.output] == nil {
            throw DiagnosticList.usage(
                "a template from a pipe has no name to call the output folder by; give the folder with -o DIR",
                command: command)
        }
        let outputPath =
            try arguments[BatchCommand.Options.output]
            ?? "Output/" + templateURL.deletingPathExtension().lastPathComponent
        if outputPath == "-" {
            throw DiagnosticList.usage(
                "batch writes a folder of outputs, which cannot go to standard output; give a folder with -o DIR",
                command: command)
        }
        var options = BatchOptions(
            template: templateURL, data: URL(fileURLWithPath: data), outputFolder: URL(fileURLWithPath: outputPath))
        options.templateDisplayName = NamedInputArguments.displayName(template)
        options.dataDisplayName = NamedInputArguments.displayName(data)
        return options
    }

    /// `--format`, `--still` and `--poster` (a still has no poster and no keystrokes), and the
    /// encoding options the format takes.
    private static func readFormat(_ arguments: ParsedArguments, into options: inout BatchOptions, command: String)
        throws
    {
        let still = try arguments[BatchCommand.Options.still]
        if let name = try arguments[BatchCommand.Options.format] {
            options.format =
                name == OutputFormat.pngSequence.traits.name && still == nil
                ? .pngSequence
                : try OutputFormat.named(name, still: still != nil, output: "\(CommandLineOption.format.flag) \(name)")
        } else if still != nil {
            options.format = .stillPNG
        }
        if let still { options.encoding.settings.stillTime = still }
        try StreamArguments.checkScale(
            given: try arguments[BatchCommand.Options.scale] != nil, for: options.format, command: command)
        options.posterTime = try arguments[BatchCommand.Options.poster]
        if options.posterTime != nil, still != nil {
            throw DiagnosticList.usage(
                "\(CommandLineOption.poster.flag) is a still next to each animation; with "
                    + "\(CommandLineOption.still.flag) every output is already a still, "
                    + "so give one of them",
                command: command)
        }
        options.haptics = arguments[BatchCommand.Options.haptics]
        options.encoding.settings.sound = !arguments[BatchCommand.Options.noSound]
        if options.haptics, still != nil {
            throw DiagnosticList.usage(
                "\(CommandLineOption.haptics.flag) writes the keystrokes of each animation; with "
                    + "\(CommandLineOption.still.flag) every output is a still",
                command: command)
        }
        options.encoding.settings = try arguments.settings(
            options.encoding.settings, also: options.posterTime == nil ? [] : [.stillPNG])
    }
}
