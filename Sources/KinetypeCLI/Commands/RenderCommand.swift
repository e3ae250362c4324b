import Foundation
import Kinetype

/// `kinetype render SCENE -o OUT`.
enum RenderCommand: Command {
    static let name = "render"
    static let abstract =
        "Render a scene to an animated GIF, WebP or APNG, a video, Lottie, PNG frames or a still PNG."
    static let usage = "render SCENE|- [-o OUTPUT|-] [--format NAME] [--set NAME=VALUE]... [options]"
    /// The formats come from `OutputFormat`, so a new one is listed here by itself.
    static let discussion =
        "The output format comes from the path: \(OutputFormat.summary). Videos need ffmpeg. "
            + """
            .png without --still is refused (naming .apng, --still and a folder), and so is a name that is
            only an extension (-o .gif). An encoding option a format does not take (--dither for a .webp)
            is refused too. A scene of - is read from standard input, and a scene
            that is a pipe (<(jq … card.json)) from the pipe (the relative paths of either resolve against the
            current folder); -o - writes
            the file to standard output (name the format with --format; PNG frames cannot). The default output is
            Output/<scene name>.gif. An existing output is replaced only when the render succeeds. A frames
            folder must be new, empty, or one kinetype wrote (it holds .kinetype-frames.json); any other
            folder, such as -o ., is refused with exit 73. Ctrl-C or SIGTERM stops the render with exit 130
            and writes nothing. With --color-scheme light,dark both appearances are rendered: -o out.gif
            writes out.gif (light) and out-dark.gif (dark), a frames folder frames/ and frames-dark/; with
            one scheme, -o is the exact path (the default output of a dark render is Output/<name>-dark.gif).
            """
    /// The options only `render` takes.
    enum Options {
        /// A still's moment: up to a day, beyond any animation's length.
        static let stillRange: ClosedRange<Double> = 0...86_400

        static let output = Option(
            .output, short: "o", .path(), help: "Where to write (default: Output/<scene name>.gif).")
        static let fps = Option(.fps, .number(FormatRanges.fps), help: "Frames per second (overrides canvas.fps).")
        static let scale = Option(
            .scale, .number(FormatRanges.canvasScale),
            help: "Pixel density, e.g. 2 for @2x (overrides canvas.scale).")
        static let still = Option(
            .still, .number(stillRange), value: "SECONDS",
            help: "Write one PNG of this moment instead of an animation.")
        static let format = SharedOptions.format.with(
            help: "The output format when the path gives none (-o -); png with --still.")
        static let contactSheet = Option(
            .contactSheet, .path(),
            help: "Also write a PNG grid of sampled frames with their times.")
        static let haptics = Option(
            .haptics, .path(),
            help: "Also write the keystrokes as an Apple haptic pattern (AHAP) for Core Haptics.")
        static let audio = Option(
            .audio, .path(), help: "Also write the typewriters' key sounds alone as a WAV (48 kHz, 16-bit, mono).")
        static let noSound = Flag(
            .noSound, help: "Leave the typewriters' key sounds out of a video.")
    }

    static let options: [OptionSpec] = [
        Options.output.spec, Options.fps.spec, Options.scale.spec, Options.still.spec, Options.format.spec,
        Options.contactSheet.spec, Options.haptics.spec, Options.audio.spec, Options.noSound.spec,
    ]
    static let groups: [OptionGroup] = [
        .encoding,
        .placeholders(help: "Set a {{NAME}} placeholder (repeatable; wins over vars)."), .jobs(), .sceneInputs,
        .quiet(help: "Print nothing but errors."), .progress, .workLimits, .layoutDirection(), .colorScheme,
    ]

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> ExitStatus {
        let request = try RenderRequest(arguments, command: name)
        let renders = try load(request, arguments: arguments, terminal: terminal)
        try checkFiles(
            renders.map { ($0.prepared, $0.options) }, scene: request.scenePath,
            toStandardOutput: request.toStandardOutput)
        // Missing folders above the outputs are made (as batch makes its folder), and removed again
        // when the render fails or is interrupted.
        let folders = ParentFolders()
        var finished = false
        defer { if !finished { folders.removeEmpty() } }
        if !request.toStandardOutput {
            try folders.make(
                for: renders.flatMap {
                    [$0.options.output]
                        + [$0.options.contactSheet, $0.options.haptics, $0.options.audio].compactMap { $0 }
                })
        }
        // Ctrl-C is taken over before anything is printed: a script may signal as soon as it sees output.
        let interrupt = InterruptFlag.installed
        // Warnings known before rendering come first (not after a long render), each once.
        var warned: [Diagnostic] = []
        for (prepared, options, _) in renders {
            for warning in prepared.warningsBeforeRendering(options.encoding) where !warned.contains(warning) {
                terminal.report(warning)
                warned.append(warning)
            }
        }
        let written = try renderAll(
            renders, request: request, interrupt: interrupt, arguments: arguments, terminal: terminal)
        finished = true
        for (report, options, path) in written {
            for warning in report.warnings where !warned.contains(warning) {
                terminal.report(warning)
                warned.append(warning)
            }
            if !request.quiet {
                printWritten(report, options: options, path: path, request: request, terminal: terminal)
            }
        }
        return .success
    }

    /// One appearance to render: the scene loaded for it, its options, and its output path as shown.
    typealias PlannedRender = (prepared: PreparedScene, options: RenderOptions, path: String)

    /// Every appearance loaded before anything is written, so a scene that fails in one writes none.
    private static func load(_ request: RenderRequest, arguments: ParsedArguments, terminal: Terminal) throws
        -> [PlannedRender]
    {
        let source = try request.sceneSource()
        var renders: [PlannedRender] = []
        for scheme in request.schemes {
            let prepared = try SceneLoader(
                source, overrides: request.sceneOverrides(colorScheme: scheme), root: request.root,
                limits: request.still == nil ? request.encoding.limits : nil
            ).load()
            if let still = request.still { try checkStill(still, within: prepared.timeline.duration) }
            if request.audio != nil, !prepared.hasSound {
                throw DiagnosticList.usage(
                    "\(CommandLineOption.audio.flag) writes the typewriters' key sounds, but no typewriter of the "
                        + "scene has a \"sound\"",
                    command: name)
            }
            if renders.isEmpty {
                try arguments.reportUnused(
                    UnusedPlaceholders.setProblems(
                        names: Array(request.overrides.keys), scene: prepared.scene, sceneName: request.scenePath,
                        strict: request.strict),
                    terminal: terminal, quiet: request.quiet)
            }
            renders.append(
                (prepared, request.renderOptions(colorScheme: scheme), request.path(colorScheme: scheme)))
        }
        return renders
    }

    /// Renders every appearance, then puts every output of the command in place together once all
    /// are complete, so a failure (a full disk for the second appearance or the contact sheet) or
    /// Ctrl-C leaves every old file as it was.
    private static func renderAll(
        _ renders: [PlannedRender], request: RenderRequest, interrupt: InterruptFlag, arguments: ParsedArguments,
        terminal: Terminal
    ) throws -> [(report: RenderReport, options: RenderOptions, path: String)] {
        let transaction = OutputTransaction()
        var written: [(report: RenderReport, options: RenderOptions, path: String)] = []
        for (prepared, var options, path) in renders {
            // Standard output is written as it renders: nothing of it is put in place.
            options.group = request.toStandardOutput ? nil : transaction.group
            let progress = try arguments.progressBar(terminal: terminal)
            defer { progress.finish() }
            let isCancelled: @Sendable () -> Bool = { interrupt.isSet }
            let update: (RenderProgress) -> Void = {
                progress.update(
                    done: $0.done, total: $0.total, label: $0.phase, unit: $0.phase == "sound" ? "seconds" : "frames",
                    fraction: $0.fraction)
            }
            let report =
                request.toStandardOutput
                ? try StandardOutput.render(prepared, options, isCancelled: isCancelled, progress: update)
                : try prepared.render(options, isCancelled: isCancelled, progress: update)
            written.append((report, options, path))
        }
        // A signal that came after the last check of the work (a contact sheet, the haptics) still
        // stops the command before anything is put in place.
        if interrupt.isSet { throw CancellationError() }
        try transaction.commit()
        return written
    }

    /// `Wrote out.gif (120 frames lasting 4.00 s, 29.7 KB)`, and the files beside it.
    private static func printWritten(
        _ report: RenderReport, options: RenderOptions, path: String, request: RenderRequest, terminal: Terminal
    ) {
        let summary =
            request.format.traits.isStill
            ? String(format: "still at %.2f s, ", options.encoding.settings.stillTime) + byteCount(report.bytes)
            : describe(report)
        if request.toStandardOutput {
            terminal.err("Wrote standard output (\(summary))\n")
        } else {
            terminal.out("Wrote \(path) (\(summary))")
        }
        if let sheet = options.contactSheet { terminal.out("Wrote contact sheet \(sheet.path)") }
        if let haptics = options.haptics { terminal.out("Wrote haptic pattern \(haptics.path)") }
        if let audio = options.audio { terminal.out("Wrote sound track \(audio.path)") }
    }

    /// Every file the render writes is a file of its own and none is one it reads (the scene, its
    /// fonts, pictures and sounds), compared by what they are on disk (`RunFiles`).
    static func checkFiles(
        _ renders: [(prepared: PreparedScene, options: RenderOptions)], scene: String, toStandardOutput: Bool
    ) throws {
        var files = RunFiles()
        for (_, options) in renders {
            if !toStandardOutput { files.output(options.output, "-o", folder: options.encoding.format.traits.isFolder) }
            if let sheet = options.contactSheet { files.output(sheet, CommandLineOption.contactSheet.flag) }
            if let haptics = options.haptics { files.output(haptics, CommandLineOption.haptics.flag) }
            if let audio = options.audio { files.output(audio, CommandLineOption.audio.flag) }
        }
        if scene != "-" { files.input(URL(fileURLWithPath: scene), "the scene") }
        for (prepared, _) in renders { files.inputs(of: prepared) }
        try files.check()
    }

    /// A still must show a moment of the scene (`StillMoment`).
    static func checkStill(_ time: Double, within duration: Double) throws {
        guard let problem = StillMoment.problem(time, within: duration, option: CommandLineOption.still.flag) else {
            return
        }
        throw DiagnosticList.usage(problem, command: name)
    }

    /// `Output/<scene name>.gif`, `.png` for a still, or the extension `--format` names;
    /// `Output/stdin.gif` for a scene read from standard input, `Output/pipe.gif` from another pipe.
    static func defaultOutputPath(for scenePath: String, still: Bool, format: String? = nil) -> String {
        let name =
            scenePath == NamedInput.standardInputPath
            ? "stdin"
            : NamedInput.isPipe(scenePath)
                ? "pipe" : URL(fileURLWithPath: scenePath).deletingPathExtension().lastPathComponent
        let named = format.flatMap { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } ? $0 : nil }
        // A format's extension can differ from its name (`--format lottie` writes `.json`).
        let known = named.flatMap { try? OutputFormat.named($0, still: false, output: "") }
        let fileExtension = known?.traits.fileExtension ?? named?.lowercased() ?? "gif"
        return "Output/\(name).\(still ? "png" : fileExtension)"
    }

    static func describe(_ report: RenderReport) -> String {
        let frames = report.frameCount == 1 ? "1 frame" : "\(report.frameCount) frames"
        let seconds = String(format: "%.2f s", report.duration)
        let budget =
            report.budget.map { choice in
                "; within \(CommandLineOption.maxBytes.flag): \(choice.summary) (\(choice.tried) "
                    + "setting\(choice.tried == 1 ? "" : "s") tried)"
            } ?? ""
        return "\(frames) lasting \(seconds), \(byteCount(report.bytes))\(budget)"
    }
}

/// `12.3 KB`, `1.5 MB`.
func byteCount(_ bytes: Int) -> String {
    if bytes < 1000 { return "\(bytes) B" }
    if bytes < 1_000_000 { return String(format: "%.1f KB", Double(bytes) / 1000) }
    return String(format: "%.1f MB", Double(bytes) / 1_000_000)
}
