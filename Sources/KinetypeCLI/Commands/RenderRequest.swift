import Foundation
import Kinetype

/// What `render` was asked for: its arguments read once and checked against each other (which
/// format the path and `--format` name, the options a format or a still refuses, standard output's
/// rules), before any file is read.
struct RenderRequest {
    /// The scene as given: a path, `-` or a pipe.
    let scenePath: String
    let overrides: [String: String]
    let root: InputRoot?
    let fps: Double?
    let scale: Double?
    let layoutDirection: LayoutDirection?
    let systemFonts: Bool
    let strict: Bool
    let quiet: Bool
    /// `--still`'s moment.
    let still: Double?
    /// `-o` as given, nil for the default path.
    let output: String?
    /// `-o`, or the default path.
    let outputPath: String
    let format: OutputFormat
    let encoding: EncodingOptions
    /// The appearances to render (one nil: the scene's own).
    let schemes: [ColorScheme?]
    let contactSheet: String?
    let haptics: String?
    let audio: String?

    /// Whether the render goes to standard output (`-o -`).
    var toStandardOutput: Bool { outputPath == "-" }

    init(_ arguments: ParsedArguments, command: String) throws {
        guard arguments.positionals.count == 1, let scenePath = arguments.positionals.first else {
            throw DiagnosticList.usage(
                arguments.positionals.isEmpty
                    ? "render needs a scene file" : "render takes one scene file; use 'kinetype batch' for many",
                command: command)
        }
        self.scenePath = scenePath
        overrides = try arguments.placeholders()
        root = try arguments.inputRoot()
        fps = try arguments[RenderCommand.Options.fps]
        scale = try arguments[RenderCommand.Options.scale]
        layoutDirection = try arguments[SharedOptions.layoutDirection]
        let jobs = try arguments[SharedOptions.jobs]
        still = try arguments[RenderCommand.Options.still]
        output = try arguments[RenderCommand.Options.output]
        contactSheet = try arguments[RenderCommand.Options.contactSheet]
        haptics = try arguments[RenderCommand.Options.haptics]
        audio = try arguments[RenderCommand.Options.audio]
        let limits = try arguments.workLimits()
        quiet = arguments[SharedOptions.quiet]
        strict = arguments[SharedOptions.strict]
        systemFonts = arguments[SharedOptions.systemFonts]
        schemes = try arguments[SharedOptions.colorScheme] ?? [nil]

        let formatName = try arguments[RenderCommand.Options.format]
        outputPath =
            output ?? RenderCommand.defaultOutputPath(for: scenePath, still: still != nil, format: formatName)
        format = try StreamArguments.format(
            output: outputPath, named: formatName, still: still != nil, command: command)
        try StreamArguments.checkScale(given: scale != nil, for: format, command: command)
        var encoding = EncodingOptions(settings: try arguments.settings(RenderSettings(format: format)))
        encoding.limits = limits
        if let jobs { encoding.jobs = jobs }
        if let still { encoding.settings.stillTime = still }
        encoding.settings.sound = !arguments[RenderCommand.Options.noSound]
        self.encoding = encoding
        try checkSideFiles(command: command)
    }

    /// The contact sheet, haptics and audio go to files of their own, and a still has no keystrokes;
    /// standard output takes one appearance.
    private func checkSideFiles(command: String) throws {
        if contactSheet == "-" {
            throw DiagnosticList.usage(
                "\(CommandLineOption.contactSheet.flag) needs a file path; standard output is only for the render "
                    + "itself",
                command: command)
        }
        for (option, value) in [(CommandLineOption.haptics.flag, haptics), (CommandLineOption.audio.flag, audio)] {
            if value == "-" {
                throw DiagnosticList.usage(
                    "\(option) needs a file path; standard output is only for the render itself", command: command)
            }
            if value != nil, still != nil {
                throw DiagnosticList.usage(
                    "\(option) writes the keystrokes of an animation; a \(CommandLineOption.still.flag) has none",
                    command: command)
            }
        }
        if toStandardOutput, schemes.count > 1 {
            throw DiagnosticList.usage(
                "-o - writes one render to standard output; give one \(CommandLineOption.colorScheme.flag), or name "
                    + "a file for both",
                command: command)
        }
    }

    /// Where the scene comes from. Standard input and a pipe are read now, once, whatever the number
    /// of appearances; a pipe's relative paths resolve against the current folder, as standard input's do.
    func sceneSource() throws -> SceneSource {
        if scenePath == NamedInput.standardInputPath { return try .standardInput() }
        guard NamedInput.isPipe(scenePath) else { return .file(path: scenePath) }
        return .bytes(
            try NamedInputArguments.read(scenePath, as: "the scene", option: nil), displayName: scenePath,
            baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
    }

    /// The scene overrides of one appearance.
    func sceneOverrides(colorScheme: ColorScheme?) -> SceneOverrides {
        SceneOverrides(
            values: overrides, fps: fps, scale: scale, layoutDirection: layoutDirection, colorScheme: colorScheme,
            systemFonts: systemFonts)
    }

    /// The output path of one appearance: a path the user gave is exact when it names the only
    /// output, else each appearance's file is named by `OutputNaming` (`out-dark.gif`).
    func path(colorScheme: ColorScheme?) -> String {
        let exact = (output != nil && schemes.count == 1) || toStandardOutput
        return exact ? outputPath : OutputNaming.path(outputPath, colorScheme: colorScheme, format: format)
    }

    /// The render options of one appearance: its output, and the contact sheet, haptics and audio
    /// named as it is.
    func renderOptions(colorScheme: ColorScheme?) -> RenderOptions {
        let sidePath = { (path: String) in
            URL(
                fileURLWithPath: schemes.count == 1
                    ? path : OutputNaming.path(path, colorScheme: colorScheme, format: .stillPNG))
        }
        var options = RenderOptions(output: URL(fileURLWithPath: path(colorScheme: colorScheme)), format: format)
        options.encoding = encoding
        options.contactSheet = contactSheet.map(sidePath)
        options.haptics = haptics.map(sidePath)
        options.audio = audio.map(sidePath)
        return options
    }
}
