import Foundation
import Kinetype

#if os(Linux)
    import CLinux
#endif

/// `kinetype batch TEMPLATE --data DATA.json -o DIR`.
enum BatchCommand: Command {
    static let name = "batch"
    static let abstract = "Render one template for every entry of a data file (and every scale)."
    static let usage =
        "batch TEMPLATE --data DATA.json [-o DIR] [--scale 1,2,3] [--format FORMAT] [options]"
    static let discussion = """
        --data - reads the data from standard input, and the data or the template may be a pipe
        (--data <(jq … data.json)); each is read once, within the size limit of a scene file (a template
        from a pipe needs -o DIR). DATA.json is a JSON array of objects; each object is one output: its keys fill the template's
        {{placeholders}} and its optional "output" names the file (a plain file name: no / or \\, not . or
        .., unique; other names are refused; without it, the output is <template name>-<n>). An entry's
        "layoutDirection" (leftToRight, rightToLeft, auto) lays that output out in its direction. With
        --scale 1,2,3 each entry is rendered at every scale, named name.gif, name@2x.gif, name@3x.gif.
        With --color-scheme light,dark (or an entry's "colorScheme": "light,dark") each entry is
        rendered in both appearances, the dark one named name-dark.gif, name-dark@2x.gif;
        --color-scheme wins over the entries' colorScheme. Outputs whose inputs are unchanged since the last run are kept, not
        rendered again (fingerprints live in DIR/.kinetype/), and a file that renders to the bytes it
        already has is left as it is: an unchanged output, poster, report, asset catalog set or res
        file keeps its bytes and its modification time, and the summary says how many files were
        written and how many were unchanged. A failing entry does not stop the others;
        the summary lists every output, and the exit code is 1 if any failed (73 if an output could not
        be written: disk full, read-only folder, or a frames folder kinetype did not write). With
        --format png, an existing output folder is replaced only if kinetype wrote it. With --still SECONDS
        each output is one PNG of that moment (name.png, name-dark@2x.png); with --poster SECONDS each
        animation also gets one (name-poster.png, name-poster-dark@2x.png). A moment after an entry's end
        fails that entry. Ctrl-C or
        SIGTERM stops the batch: outputs being rendered are dropped with their temporary files,
        finished ones are kept and listed, existing outputs stay as they were, and the exit code is 130.
        """
    /// The options only `batch` takes.
    enum Options {
        static let data = Option(
            .data, .path(placeholder: "DATA.json"), help: "The entries: a JSON array of objects (required).")
        static let output = Option(
            .output, short: "o", .path(placeholder: "DIR"),
            help: "Folder for the outputs (default: Output/<template name>).")
        static let scale = Option(
            .scale, .list(of: .number(FormatRanges.canvasScale), example: "1,2,3"),
            help: "Pixel densities, e.g. 1,2,3 (default: the template's).")
        static let format = SharedOptions.format.with(
            help: "What to write (default gif); png writes a folder of PNG frames per output, or with --still "
                + "one PNG.")
        static let still = Option(
            .still, .moment(RenderCommand.Options.stillRange), value: "SECONDS",
            help: "Write one PNG of this moment per output (name.png) instead of an animation; end is each "
                + "output's last frame.")
        static let poster = Option(
            .poster, .moment(RenderCommand.Options.stillRange), value: "SECONDS",
            help: "Also write a PNG of this moment next to every animation (name-poster.png); end is each "
                + "output's last frame.")
        static let haptics = Flag(
            .haptics,
            help: "Also write each animation's keystrokes as an Apple haptic pattern next to it (name.ahap).")
        static let noSound = Flag(.noSound, help: "Leave the typewriters' key sounds out of videos.")
        static let force = Flag(.force, help: "Render every output, even those whose inputs are unchanged.")
        static let androidRes = Option(
            .androidRes, .path(placeholder: "DIR"),
            help: "Also put the outputs into this Android res folder: animations in raw/, stills and posters in "
                + "drawable-<density>/, with -<locale>, -ldrtl, -night and density qualifiers.")
        static let defaultLocale = Option(
            .defaultLocale,
            .custom(placeholder: "LOCALE", expected: "a locale such as en, pt-BR or zh-Hant-TW") {
                BatchData.isLocale($0) ? $0 : nil
            },
            help: "With --android-res: the entries of this locale are also the default resources (raw/, "
                + "drawable-<density>/), which a device in any other locale shows.")
        static let picture = Option(
            .picture, .path(placeholder: "FILE.html"),
            help: "Also write each animation as WebP and GIF next to it, and an HTML <picture> per entry that "
                + "shows them with its alt text (and the posters under reduced motion).")
        static let xcassets = Option(
            .xcassets, .path(placeholder: "DIR.xcassets"),
            help: "Also put the outputs into this Xcode asset catalog: a data set per entry and scale, an image "
                + "set per entry for stills and posters, dark outputs as the dark appearance.")
    }

    static let options: [OptionSpec] = [
        Options.data.spec, Options.output.spec, Options.scale.spec, Options.format.spec, Options.still.spec,
        Options.poster.spec, Options.haptics.spec, Options.noSound.spec, Options.force.spec,
        Options.xcassets.spec, Options.androidRes.spec, Options.defaultLocale.spec, Options.picture.spec,
        SharedOptions.report.spec,
    ]
    static let groups: [OptionGroup] = [
        .placeholders(help: "Set a {{NAME}} placeholder for every entry (wins over the data)."),
        .jobs(help: "Outputs rendered at once (default: the number of cores)."), .sceneInputs,
        .quiet(help: "Print only failures."), .progress, .workLimits, .encoding,
        .layoutDirection(help: "Lay every output out in this direction (wins over the data and the template)."),
        .colorScheme, .shard(of: "entries"),
    ]

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> ExitStatus {
        var request = try BatchRequest(arguments, terminal: terminal, command: name)
        let progress = try arguments.progressBar(terminal: terminal)
        try request.readPipes()
        let interrupt = InterruptFlag.installed
        let report = try render(request, interrupt: interrupt, progress: progress)
        progress.finish()
        // Quiet hides progress and successes, never problems: a misspelt data key is a warning.
        report.warnings.forEach(terminal.report)
        if let reportFile = request.options.reportFile {
            // An unchanged run's report is the same bytes: left as it is, like every unchanged file.
            try JSONReport.writeIfChanged(report, to: reportFile)
        }
        printSummary(report, terminal: terminal, quiet: request.quiet)
        if !request.quiet, report.filesWritten + report.filesKept > 0 {
            terminal.out(
                "Wrote \(count(report.filesWritten, "file")) into \(shortened(request.options.outputFolder.path)) "
                    + "(\(report.filesKept) unchanged)")
        }
        if !report.interrupted {
            do {
                try deliver(report, request: request, isCancelled: { interrupt.isSet }, terminal: terminal)
            } catch is CancellationError {
                terminal.err(
                    "kinetype: interrupted; the outputs listed above are written, and the app folders are as they were\n"
                )
                return .interrupted
            }
        } else {
            terminal.err(
                "kinetype: interrupted; \(report.finished) of \(report.planned) outputs finished (listed above); the unfinished ones were not written and their existing files are as they were\n"
            )
            return .interrupted
        }
        if report.hasWriteFailure { return .cannotWrite }
        return report.failed > 0 ? .failure : .success
    }

    /// Renders every entry (`BatchRunner`), with the template's own scales checked against the
    /// delivery folders before rendering.
    private static func render(_ request: BatchRequest, interrupt: InterruptFlag, progress: ProgressBar) throws
        -> BatchReport
    {
        #if os(Linux)
            // A batch starts threads for every output; two arenas keep the memory malloc holds
            // from growing with the outputs (10,000 of them: 38 MB instead of 61), and every 256
            // outputs what it holds free goes back to the system, as does all that planning the
            // outputs freed before any is rendered: the run's report would otherwise be laid over
            // those pages, resident from the start.
            kinetype_limit_malloc_arenas(2)
            let trim: @Sendable (Int) -> Void = { done in if done % 256 == 0 { kinetype_trim_malloc() } }
            let trimAfterPlanning = { kinetype_trim_malloc() }
        #else
            let trim: @Sendable (Int) -> Void = { _ in }
            let trimAfterPlanning = {}
        #endif
        return try BatchRunner.run(
            request.options, isCancelled: { interrupt.isSet }, checkScales: request.checkScales,
            progress: { done, total in
                progress.update(done: done, total: total, label: "outputs", unit: "outputs")
                trim(done)
            }, afterPlanning: trimAfterPlanning)
    }

    /// Writes the `<picture>` snippet and delivers the outputs into the asset catalog and the
    /// Android resources. Another kinetype run delivering into the same folder is waited for (its
    /// lock); Ctrl-C ends the wait and leaves the folders as they were (`CancellationError`).
    private static func deliver(
        _ report: BatchReport, request: BatchRequest, isCancelled: @escaping () -> Bool, terminal: Terminal
    ) throws {
        let quiet = request.quiet
        func waiting(_ folder: URL) -> () -> Void {
            {
                terminal.err(
                    "kinetype: note: waiting for another kinetype run to finish writing into \(shortened(folder.path))\n"
                )
            }
        }
        if let picture = request.picture {
            let written = try picture.write(report, format: request.options.format)
            if !quiet {
                terminal.out(
                    "Wrote \(count(Set(report.outcomes.map(\.entry)).count, "<picture> element")) to "
                        + "\(shortened(picture.file.path))\(written ? "" : " (unchanged)")")
            }
        }
        if let catalog = request.catalog {
            let sets = try catalog.write(
                report, format: request.options.format, posters: request.posters, waiting: waiting(catalog.folder),
                isCancelled: isCancelled)
            if !quiet {
                terminal.out(
                    "Wrote \(count(sets.written.count, "set")) into the asset catalog "
                        + "\(shortened(catalog.folder.path)) (\(sets.unchanged.count) unchanged)")
            }
        }
        if let resources = request.resources {
            let files = try resources.write(
                report, format: request.options.format, posters: request.posters, waiting: waiting(resources.folder),
                isCancelled: isCancelled)
            files.warnings.forEach(terminal.report)
            if !quiet {
                terminal.out(
                    "Wrote \(count(files.written, "file")) into the Android resources "
                        + "\(shortened(resources.folder.path)) (\(files.unchanged) unchanged)")
            }
        }
    }

    /// `1 file`, `2 files`.
    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// `path` from the current folder when it lies inside it, as the user would type it.
    static func shortened(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let prefix = current.hasSuffix("/") ? current : current + "/"
        return path.hasPrefix(prefix) && path.count > prefix.count ? String(path.dropFirst(prefix.count)) : path
    }

    /// A table of every output, then the totals; failures are printed even when quiet.
    private static func printSummary(_ report: BatchReport, terminal: Terminal, quiet: Bool) {
        let rows = report.outcomes.filter { !quiet || $0.status == .failed }
        if !rows.isEmpty {
            var table = [["ENTRY", "OUTPUT", "FRAMES", "SIZE", "RENDER TIME", "RESULT"]]
            for outcome in rows {
                var output = outcome.output.isEmpty ? "-" : JSONText.unquotedPath(shortened(outcome.output))
                // Its poster lies next to it: the file name says where.
                for file in [outcome.poster, outcome.haptics].compactMap({ $0 }) {
                    output += " + " + JSONText.unquotedPath(URL(fileURLWithPath: file).lastPathComponent)
                }
                table.append([
                    "\(outcome.entry + 1) \(JSONText.unquoted(outcome.name))", output,
                    outcome.frames.map(String.init) ?? "-",
                    outcome.bytes.map(byteCount) ?? "-",
                    outcome.seconds.map { String(format: "%.1f s", $0) } ?? "-",
                    outcome.status.rawValue,
                ])
            }
            let widths = (0..<6).map { column in table.map { $0[column].count }.max() ?? 0 }
            for row in table {
                terminal.out(
                    zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }
                        .joined(separator: "  ").trimmingCharacters(in: .whitespaces))
            }
            for outcome in report.outcomes where outcome.status == .failed {
                terminal.problem(
                    "kinetype: error: entry \(outcome.entry + 1) (\(JSONText.unquoted(outcome.name))): \(outcome.error ?? "failed")\n"
                )
            }
        }
        if !quiet || report.failed > 0 {
            terminal.out("\(report.rendered) rendered, \(report.unchanged) unchanged, \(report.failed) failed")
        }
    }
}
