import Foundation
import Kinetype

/// `kinetype render SCENE -o OUT`.
enum RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render a scene to a GIF, PNG frames, a video or a still PNG."
    static let usage = "render SCENE [-o OUTPUT] [--set NAME=VALUE]... [options]"
    static let discussion = """
    The output format comes from the path: .gif (animated GIF), .mp4 or .webm (video, needs ffmpeg),
    a folder (PNG frames frame_0001.png …), or .png with --still. The default output is
    Output/<scene name>.gif. An existing output is replaced only when the render succeeds. A frames
    folder must be new, empty, or one kinetype wrote (it holds .kinetype-frames.json); any other
    folder, such as -o ., is refused with exit 73. Ctrl-C or SIGTERM stops the render with exit 130
    and writes nothing.
    """
    static let options: [OptionSpec] = [
        OptionSpec("output", short: "o", value: "PATH", help: "Where to write (default: Output/<scene name>.gif)."),
        OptionSpec("set", value: "NAME=VALUE", repeatable: true, help: "Set a {{NAME}} placeholder (repeatable; wins over vars)."),
        OptionSpec("fps", value: "N", help: "Frames per second, \(FormatRanges.fps.text) (overrides canvas.fps)."),
        OptionSpec("scale", value: "N", help: "Pixel density \(FormatRanges.canvasScale.text), e.g. 2 for @2x (overrides canvas.scale)."),
        OptionSpec("jobs", short: "j", value: "N", help: "Worker threads (default: the number of cores)."),
        OptionSpec("still", value: "SECONDS", help: "Write one PNG of this moment instead of an animation."),
        OptionSpec("quality", value: "0-100", help: "GIF palette quality when a scene has more than 255 colors (default 100)."),
        OptionSpec("dither", value: "MODE", help: "GIF dithering for scenes over 255 colors: none, ordered, diffusion (default none)."),
        OptionSpec("png-compression", value: "0-9", help: "zlib level of PNG outputs (default 6)."),
        OptionSpec("contact-sheet", value: "PATH", help: "Also write a PNG grid of sampled frames with their times."),
        rootOption,
        OptionSpec("quiet", short: "q", help: "Print nothing but errors."),
    ] + LimitOptions.specs

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> Int32 {
        guard arguments.positionals.count == 1, let scenePath = arguments.positionals.first else {
            throw UsageError(message: arguments.positionals.isEmpty ? "render needs a scene file" : "render takes one scene file; use 'kinetype batch' for many", command: name)
        }
        let overrides = try parseAssignments(arguments.all("set"), command: name)
        let root = try parseRoot(arguments, command: name)
        let fps = try parseNumber(arguments.value("fps"), option: "fps", range: FormatRanges.fps.closedRange, command: name)
        let scale = try parseNumber(arguments.value("scale"), option: "scale", range: FormatRanges.canvasScale.closedRange, command: name)
        let jobs = try parseInteger(arguments.value("jobs"), option: "jobs", range: 1...256, command: name)
        let still = try parseNumber(arguments.value("still"), option: "still", range: 0...86_400, command: name)
        let quality = try parseInteger(arguments.value("quality"), option: "quality", range: 0...100, command: name)
        let compression = try parseInteger(arguments.value("png-compression"), option: "png-compression", range: 0...9, command: name)
        let dither = try arguments.value("dither").map { text -> GIFDither in
            guard let dither = GIFDither(rawValue: text) else {
                throw UsageError(message: "--dither takes none, ordered or diffusion, found \"\(text)\"", command: name)
            }
            return dither
        }

        let outputPath = arguments.value("output") ?? defaultOutputPath(for: scenePath, still: still != nil)
        if arguments.value("output") == nil {
            // The default folder is made on demand; a folder the user names must already exist.
            try? FileManager.default.createDirectory(atPath: "Output", withIntermediateDirectories: true)
        }
        let format = try OutputFormat.infer(from: outputPath, still: still != nil)

        let limits = try LimitOptions.parse(arguments, command: name)
        let prepared = try SceneLoader(.file(path: scenePath), overrides: SceneOverrides(values: overrides, fps: fps, scale: scale),
                                       root: root, limits: still == nil ? limits : nil).load()

        var options = RenderOptions(output: URL(fileURLWithPath: outputPath), format: format)
        options.limits = limits
        if let jobs { options.jobs = jobs }
        if let still { options.stillTime = still }
        if let quality { options.gif.quality = quality }
        if let dither { options.gif.dither = dither }
        if let compression { options.pngCompression = compression }
        options.contactSheet = arguments.value("contact-sheet").map { URL(fileURLWithPath: $0) }

        let quiet = arguments.has("quiet")
        let progress = ProgressBar(terminal: terminal, quiet: quiet)
        let interrupt = InterruptFlag.installed
        let report: RenderReport
        do {
            report = try prepared.render(options, isCancelled: { interrupt.isSet }) { step in
                progress.update(done: step.done, total: step.total, label: step.phase)
            }
        } catch {
            progress.finish()
            throw error
        }
        progress.finish()
        if !quiet {
            report.warnings.forEach(terminal.warn)
            terminal.out("Wrote \(outputPath) (\(describe(report)))")
            if let sheet = options.contactSheet { terminal.out("Wrote contact sheet \(sheet.path)") }
        }
        return 0
    }

    /// `Output/<scene name>.gif`, or `.png` for a still.
    static func defaultOutputPath(for scenePath: String, still: Bool) -> String {
        let name = URL(fileURLWithPath: scenePath).deletingPathExtension().lastPathComponent
        return "Output/\(name).\(still ? "png" : "gif")"
    }

    static func describe(_ report: RenderReport) -> String {
        let frames = report.frameCount == 1 ? "1 frame" : "\(report.frameCount) frames"
        let seconds = String(format: "%.2f s", report.duration)
        return "\(frames), \(seconds), \(byteCount(report.bytes))"
    }
}

/// `12.3 KB`, `1.5 MB`.
func byteCount(_ bytes: Int) -> String {
    if bytes < 1000 { return "\(bytes) B" }
    if bytes < 1_000_000 { return String(format: "%.1f KB", Double(bytes) / 1000) }
    return String(format: "%.1f MB", Double(bytes) / 1_000_000)
}
