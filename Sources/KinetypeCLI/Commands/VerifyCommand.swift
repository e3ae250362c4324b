import Foundation
import Kinetype

/// `kinetype verify SCENE... --golden DIR`: golden-image tests of renders.
enum VerifyCommand: Command {
    static let name = "verify"
    static let abstract = "Render scenes and compare them with stored golden frames."
    static let usage =
        "verify SCENE... --golden DIR [--record MODE] [--frames all|sample[:N]|T1,T2,...] [--html PATH] [options]"
    static let discussion = """
        The golden set of intro.json is DIR/intro/ (frame_0001.png … plus environment.json, which
        records the library versions and font hashes) or DIR/intro.gif (decoded frames, delays and loop
        count are compared). Frames are compared byte for byte first, then pixel by pixel with a
        perceptual color distance; pixels that differ only as antialiased edges are reported but not
        counted. Failing frames get expected, actual, diff and triptych images in the artifacts folder.

        Review: --html PATH writes one self-contained HTML page (images inlined, no network) listing
        every scene and frame, failures first, with expected, actual and diff to compare (slider, onion
        skin, side by side), the changed pixel counts, how the environment differs from the goldens',
        and the command that accepts the changes. When frames fail and --html is not given, the page
        is written to report.html in the artifacts folder.

        Recording: missing (default) records a whole set for a scene that has none, and adds the
        frames a set lacks only when the rest of it passes; all re-records the set; failed replaces
        the goldens of failing frames and records missing ones; never only compares. all and failed
        make the set exactly the frames this run compares, so no obsolete golden stays. A failing
        set is never changed. When the CI environment variable is set, the default is never, so CI
        cannot silently accept new goldens. KINETYPE_RECORD sets the default otherwise. A scene's
        goldens (in every appearance asked for) and environment.json replace its sets together once
        the scene is done.

        Obsolete goldens: frames of a set that this run does not compare, and sets in DIR that no
        scene of the run uses (in any direction or appearance), are listed as a note, as a warning
        when CI is set, and fail the run with --strict. --prune removes them: the obsolete frames of
        sets that pass, and the obsolete sets when every scene passes. Two scene files whose sets
        would have the same name (a/card.json and b/card.json) are refused before anything renders.

        Sharding: --shard I/N (or auto) verifies the I-th of N slices of the scenes, as batch does;
        give each shard its own --report and join them with kinetype verify-report merge.

        With --color-scheme dark the scenes render in the dark appearance and are compared with the
        sets DIR/intro-dark/ or DIR/intro-dark.gif; with light,dark each scene is verified in both,
        light against DIR/intro, dark against DIR/intro-dark. Without it, a scene renders in its own
        canvas.colorScheme against DIR/intro.

        Ctrl-C or SIGTERM stops verify: the scene being verified records nothing, goldens stay as they
        were, the scenes already finished are listed, and the exit code is 130.
        """
    /// The options only `verify` takes.
    enum Options {
        static let golden = Option(.golden, .path(placeholder: "DIR"), help: "The folder of golden sets (required).")
        static let record = Option(
            .record, .choice(RecordMode.self),
            help: "Which goldens to write (default missing; never when CI is set).")
        static let frames = Option(
            .frames,
            .custom(
                placeholder: "WHICH",
                expected: "all, sample, sample:N or times in seconds like 0.5,1,2.25",
                FrameSelection.init(parsing:)),
            help: "all (default), sample (every 10th frame plus animation starts/ends), "
                + "sample:N, or times in seconds.")
        static let threshold = Option(
            .threshold, .number(ComparisonOptions.fractions),
            help: "Color distance above which a pixel counts as changed (default 0.1).")
        static let maxDiffPixels = Option(
            .maxDiffPixels, .integer(0...Int(Int32.max)),
            help: "Changed pixels a frame may have and still pass (default 0).")
        static let maxDiffRatio = Option(
            .maxDiffRatio, .number(ComparisonOptions.fractions),
            help: "Changed pixels, as a fraction of the frame, a frame may have (default 0).")
        static let artifacts = Option(
            .artifacts, .path(placeholder: "DIR"),
            help: "Where to write failure images (default Output/verify-failures).")
        static let html = Option(
            .html, .path(),
            help: "Write an HTML review page of every scene and frame (default on failure: ARTIFACTS/report.html).")
        static let prune = Flag(
            .prune,
            help: "Remove obsolete goldens: frames a passing set has that this run does not compare, "
                + "and sets no scene uses (when every scene passes).")
    }

    static let options: [OptionSpec] = [
        Options.golden.spec, Options.record.spec, Options.frames.spec, Options.threshold.spec,
        Options.maxDiffPixels.spec,
        Options.maxDiffRatio.spec, Options.artifacts.spec, Options.html.spec, SharedOptions.report.spec,
        Options.prune.spec,
    ]
    static let groups: [OptionGroup] = [
        .placeholders(help: "Set a {{NAME}} placeholder (repeatable); with --strict, obsolete goldens fail too."),
        .sceneInputs, .jobs(), .quiet(help: "Print only failures and warnings."), .progress, .workLimits,
        .layoutDirection(), .colorScheme, .shard(of: "scenes"),
    ]

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> ExitStatus {
        let interrupt = InterruptFlag.installed
        let request = try VerifyRequest(arguments, interrupt: interrupt, terminal: terminal, command: name)
        let progress = try arguments.progressBar(terminal: terminal)
        defer { progress.finish() }
        let label = Locked("")
        var options = request.options
        options.progress = { done, total in progress.update(done: done, total: total, label: label.withLock { $0 }) }
        let run = try VerifyRun(
            scenes: try sceneFiles(request.scenePaths, skipping: [options.goldenFolder, options.artifactsFolder]),
            colorSchemes: request.schemes, options: options, shard: request.shard)
        try checkInputs(run, request: request, arguments: arguments, terminal: terminal)
        var report = VerifyReport(
            shard: request.shard, goldenFolder: request.golden, artifactsFolder: options.artifactsFolder.path,
            acceptArguments: acceptArguments(arguments), comparison: options.comparison)
        try run.run(
            into: &report,
            willVerify: { number in
                progress.finish()
                label.withLock { $0 = "frames of scene \(number + 1)/\(run.verificationCount)" }
            },
            onResult: { entry in
                progress.finish()
                Self.report(entry.result, terminal: terminal, quiet: request.quiet)
            })
        progress.finish()
        let obsoleteFail = request.strict && (!report.obsoleteSets.isEmpty || report.obsoleteFrameCount > 0)
        try writeDocuments(report, request: request, terminal: terminal)
        if report.interrupted {
            terminal.err(
                "kinetype: interrupted; \(report.scenes.count) of \(run.verificationCount) scene(s) finished (listed above); "
                    + "the unfinished scene recorded nothing and its goldens are as they were\n"
            )
            return .interrupted
        }
        if !report.failingScenes.isEmpty {
            terminal.err(
                "kinetype: if the changes are intended, accept them with:\n  "
                    + HTMLText.shellCommand(report.acceptCommand(for: report.failingScenes)) + "\n")
        }
        return report.passed && !obsoleteFail ? .success : .failure
    }

    /// The files the run reads and writes are distinct, and every `--set` names a placeholder of
    /// some scene.
    private static func checkInputs(
        _ run: VerifyRun, request: VerifyRequest, arguments: ParsedArguments, terminal: Terminal
    ) throws {
        try run.checkFiles(
            report: request.reportPath.map(URL.init(fileURLWithPath:)),
            page: request.htmlPath.map { (URL(fileURLWithPath: $0), CommandLineOption.html.flag) }
                ?? (request.defaultPage, "the review page"))
        let names = Array(request.options.overrides.keys)
        let used = run.scenes.reduce(into: Set<String>()) { used, path in
            used.formUnion(UnusedPlaceholders.templateScene(.file(path: path), keys: names)?.placeholdersUsed ?? [])
        }
        try arguments.reportUnused(
            UnusedPlaceholders.setProblems(
                names: names, used: used, sceneName: run.scenes.count == 1 ? run.scenes[0] : "no scene",
                strict: request.strict),
            terminal: terminal, quiet: request.quiet)
    }

    /// Writes the JSON report and the review page (`--html`, or the default one when a scene
    /// failed) together, says which goldens are obsolete, and removes a stale default page.
    private static func writeDocuments(_ report: VerifyReport, request: VerifyRequest, terminal: Terminal) throws {
        let documents = OutputTransaction()
        if let reportPath = request.reportPath {
            try JSONReport.write(report, to: URL(fileURLWithPath: reportPath), group: documents.group)
        }
        reportObsolete(report, strict: request.strict, terminal: terminal, quiet: request.quiet)
        let page = request.htmlPath.map(URL.init(fileURLWithPath:)) ?? (report.passed ? nil : request.defaultPage)
        if let page { try VerifyHTMLReport(report: report).write(to: page, group: documents.group) }
        try documents.commit()
        if let page {
            if !report.passed || !request.quiet { terminal.err("kinetype: review the results in \(page.path)\n") }
        } else {
            VerifyHTMLReport.removeStale(at: request.defaultPage)
        }
    }

    /// Says which goldens are obsolete: a note, a warning when CI is set, an error with `--strict`.
    private static func reportObsolete(_ report: VerifyReport, strict: Bool, terminal: Terminal, quiet: Bool) {
        let severity =
            strict
            ? "error" : RecordMode.fromEnvironment(ProcessInfo.processInfo.environment) == .never ? "warning" : "note"
        if severity == "note" && quiet { return }
        if !report.removedSets.isEmpty {
            terminal.err(
                "kinetype: note: removed \(report.removedSets.count) obsolete golden set(s): "
                    + shortList(report.removedSets) + "\n")
        }
        if !report.obsoleteSets.isEmpty {
            terminal.err(
                "kinetype: \(severity): \(report.obsoleteSets.count) obsolete golden set(s) in \(report.goldenFolder) "
                    + "that no scene of this run uses: \(shortList(report.obsoleteSets)); remove them with "
                    + "\(CommandLineOption.prune.flag)\n"
            )
        }
        let frames = report.obsoleteFrameCount
        if frames > 0 {
            let sets = report.scenes.filter { !$0.result.obsoleteFrames.isEmpty }.map(\.result.scene)
            terminal.err(
                "kinetype: \(severity): \(frames) obsolete golden frame(s) in \(shortList(sets)), frames this run "
                    + "does not compare; remove them with \(CommandLineOption.prune.flag) (or re-record with "
                    + "\(CommandLineOption.record.flag) all)\n"
            )
        }
    }

    /// The first few names of a list, quoted, and how many more.
    private static func shortList(_ names: [String]) -> String {
        let shown = names.prefix(5).map { JSONText.quoted($0) }.joined(separator: ", ")
        return names.count > 5 ? shown + " and \(names.count - 5) more" : shown
    }

    /// The options of `kinetype verify SCENES … --record failed`: those of this run that decide
    /// what is compared and how (goldens, frames, thresholds, placeholders, root, limits), in a
    /// fixed order, without the scenes.
    static func acceptArguments(_ arguments: ParsedArguments) -> [String] {
        let skipped: Set<String> = [
            Options.record.name, Options.html.name, SharedOptions.report.name, SharedOptions.jobs.name,
            Options.artifacts.name, SharedOptions.shard.name,
        ]
        var command: [String] = []
        for spec in allOptions where !skipped.contains(spec.name) {
            for value in arguments.all(spec.name) { command += ["--\(spec.name)", value] }
        }
        return command + ["--\(Options.record.name)", RecordMode.failed.rawValue]
    }

    private static func report(_ result: SceneVerification, terminal: Terminal, quiet: Bool) {
        if !result.environmentChanges.isEmpty {
            terminal.err(
                "kinetype: note: \(result.scene): the environment differs from the one the goldens were recorded in, so differences may come from it rather than from the scene:\n"
            )
            for change in result.environmentChanges { terminal.err("  - \(change)\n") }
        }
        for problem in result.problems {
            terminal.err("kinetype: error: \(result.scene): \(problem)\n")
        }
        let statuses: [FrameVerdict.Status] = [.passed, .failed, .missing, .recorded, .updated]
        let counts = statuses.compactMap { status -> String? in
            let count = result.count(status)
            guard count > 0 || status == .passed || status == .failed else { return nil }
            return "\(count) \(status.rawValue)"
        }.joined(separator: ", ")
        let line =
            "\(result.scene): \(result.passed ? "ok" : "FAILED") — \(result.frames.count) frame(s) checked: \(counts)"
        if result.passed {
            if !quiet { terminal.out(line) }
        } else {
            terminal.err(line + "\n")
        }
        let antialiasOnly = result.frames.filter { $0.status == .passed && $0.antialiasedPixels > 0 }
        if !antialiasOnly.isEmpty, !quiet {
            terminal.out(
                "  \(antialiasOnly.count) frame(s) differ only in antialiased edge pixels (\(antialiasOnly.map(\.antialiasedPixels).reduce(0, +)) in all); not counted"
            )
        }
        for line in result.worstFrameLines { terminal.err("  \(line)\n") }
        let missing = result.count(.missing)
        if missing > 0, result.recordingWithheld {
            terminal.err(
                "  \(missing) frame(s) have no golden; they were not recorded because the set fails "
                    + "(a failing run never changes its goldens)\n")
        } else if missing > 0 {
            terminal.err(
                "  \(missing) frame(s) have no golden; record them with \(CommandLineOption.record.flag) missing "
                    + "(recording is off when CI is set)\n"
            )
        }
        if !result.removedFrames.isEmpty, !quiet {
            terminal.out("  removed \(result.removedFrames.count) obsolete golden frame(s)")
        }
    }

    /// The scenes to verify: files as given, folders searched for scenes (skipping what is inside
    /// `skipping`, the golden and artifacts folders, whose JSON files are not scenes). Batch data
    /// is refused with a hint, since a glob like `whats-new/*.json` matches the data files too.
    static func sceneFiles(_ paths: [String], skipping folders: [URL] = []) throws -> [String] {
        let given = Set(paths)
        let skipped = folders.map { $0.standardizedFileURL.path + "/" }
        let found = ValidationInput.expand(paths, scenesInFolders: true)
        if !found.problems.isEmpty { throw DiagnosticList(found.problems) }
        let inputs = found.inputs.filter { input in
            let path = URL(fileURLWithPath: input.path).standardizedFileURL.path
            return given.contains(input.path) || !skipped.contains { path.hasPrefix($0) }
        }
        if case .data(let path, let template)? = inputs.first(where: { if case .data = $0 { true } else { false } }) {
            let pass = template.map { "pass its template \($0)" } ?? "pass the template it fills"
            throw DiagnosticList.usage(
                "\(path) is batch data, not a scene; \(pass), or a folder (its *.data.json files are skipped)",
                command: name)
        }
        let scenes = inputs.map(\.path)
        guard !scenes.isEmpty else {
            throw DiagnosticList.usage(
                "found no scene in \(paths.map(JSONText.quotedPath).joined(separator: ", "))", command: name)
        }
        return scenes
    }
}
