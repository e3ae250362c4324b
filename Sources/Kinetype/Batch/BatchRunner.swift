import Foundation
import KinetypeEncode

/// Renders one template for every entry of a data file (and every scale), in parallel, isolating
/// failures: an entry that fails is reported and the others still render.
public enum BatchRunner {
    /// The folder, inside the output folder, holding each output's input fingerprint.
    static let fingerprintFolder = ".kinetype"

    /// Runs the batch.
    /// - Parameter isCancelled: polled before each output and while it renders; once it returns
    ///   true no output is started, the ones rendering stop and remove their temporary files
    ///   (existing outputs stay as they were), and the report lists only the finished outputs,
    ///   with `interrupted` set.
    /// - Parameter checkScales: called once, before anything is written, with the scales the
    ///   outputs will have: `options.scales`, or else the template's own `canvas.scale` (when the
    ///   template decodes; otherwise its entries fail on their own). What it throws stops the batch.
    /// - Throws: only for problems that stop every entry (unreadable template or data, a data file
    ///   that is not an array of string-valued objects, an output folder that cannot be made).
    ///   Failing entries are reported in the returned report.
    public static func run(
        _ options: BatchOptions, isCancelled: @escaping @Sendable () -> Bool = { false },
        checkScales: (_ scales: [Double]) throws -> Void = { _ in },
        progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
    )
        throws -> BatchReport
    {
        let templateBytes =
            try options.templateBytes ?? read(options.template, displayName: options.templateDisplayName)
        let (jobs, nameLimit, warnings) = try plan(options, templateBytes: templateBytes, checkScales: checkScales)
        try createFolder(options.outputFolder)

        let finished = Locked(0)
        let planned = jobs.count
        let templateFolder = options.templateFolder
        let folder = BatchFolderPaths(options.outputFolder)
        FileDigests.shared.startRun()
        // Each outcome is kept as it is delivered, and only the finished ones: memory for one
        // outcome per output, however many outputs there are.
        var outcomes: [BatchOutcome] = []
        outcomes.reserveCapacity(planned)
        try OrderedWork.forEach(
            jobs, workers: options.jobs, maxPending: maxPendingOutcomes,
            { job -> BatchOutcome? in
                guard !isCancelled(),
                    let outcome = BatchJobRunner(
                        job: job, folder: folder, nameLimit: nameLimit, templateFolder: templateFolder
                    ).run(
                        options: options, templateBytes: templateBytes, isCancelled: isCancelled)
                else { return nil }
                progress(
                    finished.withLock {
                        $0 += 1
                        return $0
                    }, planned)
                return outcome
            },
            deliver: { if let outcome = $0 { outcomes.append(outcome) } })
        // The inputs' digests, for the next run to decide without reading them.
        FileDigests.shared.save()
        var report = BatchReport(
            template: options.templateDisplayName, data: options.dataDisplayName,
            shard: options.shard.map { "\($0.index)/\($0.count)" }, outcomes: outcomes, planned: planned)
        report.interrupted = report.outcomes.count < planned
        // Every entry of a template usually has the same font warnings: list each once.
        var seen = Set(warnings.map(\.reportText))
        let renderWarnings = report.outcomes.flatMap(\.warnings).filter { seen.insert($0.reportText).inserted }
        report.warnings = warnings + renderWarnings
        return report
    }

    /// Outputs rendered but not yet taken in order: enough that no worker waits for one slow
    /// output, few enough that the queue does not hold a batch's every job.
    private static let maxPendingOutcomes = 256

    /// The jobs of the batch, checked before anything is written: the data read and planned
    /// (`BatchPlan`), the placeholders and scales checked, and no output any other file of the run
    /// (`BatchFiles`). The data and its entries are let go once the jobs are made.
    /// - Returns: the jobs, the output folder's longest file name, and the warnings about placeholders.
    private static func plan(
        _ options: BatchOptions, templateBytes: Data, checkScales: (_ scales: [Double]) throws -> Void
    ) throws -> (jobs: [BatchPlan.Job], nameLimit: Int, warnings: [Diagnostic]) {
        let dataBytes = try options.dataBytes ?? read(options.data, displayName: options.dataDisplayName)
        let entries = try BatchData.decode(dataBytes, fileName: options.dataDisplayName)
        let nameCheck = BatchOutputNameCheck(folder: options.outputFolder)
        let jobs = try BatchPlan(
            entries: entries, dataFileName: options.dataDisplayName,
            defaultName: options.defaultOutputName,
            scales: options.scales, colorSchemes: options.colorSchemes, format: options.format,
            posters: options.posterTime != nil,
            haptics: options.haptics, fallbacks: options.fallbackFormats, shard: options.shard, nameCheck: nameCheck
        ).jobs
        let template = templateScene(entries: entries, templateBytes: templateBytes, options: options)
        let warnings = try unusedPlaceholderWarnings(entries: entries, template: template, options: options)
        if let scales = options.scales ?? template.map({ [$0.canvas.scale] }) { try checkScales(scales) }
        try BatchFiles.check(
            jobs, options: options, templateBytes: templateBytes, nameLimit: nameCheck.limits.nameBytes)
        return (jobs, nameCheck.limits.nameBytes, warnings)
    }

    /// The template decoded once with every data key and `--set` name given; nil when it does not
    /// decode (its entries then fail on their own).
    private static func templateScene(entries: [BatchEntry], templateBytes: Data, options: BatchOptions) -> Scene? {
        let keys = Set(entries.flatMap(\.values.keys)).union(options.overrides.keys)
        let source = SceneSource.bytes(
            templateBytes, displayName: options.templateDisplayName,
            baseDirectory: options.templateFolder)
        return UnusedPlaceholders.templateScene(source, keys: keys.sorted())
    }

    /// Data keys and `--set` names that fill no placeholder of the template: warnings, or with
    /// `strictPlaceholders` a thrown error before anything renders.
    private static func unusedPlaceholderWarnings(
        entries: [BatchEntry], template: Scene?, options: BatchOptions
    ) throws -> [Diagnostic] {
        guard let scene = template else { return [] }
        let problems =
            UnusedPlaceholders.dataProblems(
                entries: entries, dataName: options.dataDisplayName, scene: scene,
                templateName: options.templateDisplayName, strict: options.strictPlaceholders)
            + UnusedPlaceholders.setProblems(
                names: Array(options.overrides.keys), scene: scene, sceneName: options.templateDisplayName,
                strict: options.strictPlaceholders)
        if problems.contains(where: { $0.severity == .error }) { throw DiagnosticList(problems) }
        return problems
    }

    private static func read(_ url: URL, displayName: String) throws -> Data {
        do throws(InputFileError) {
            return try RegularFile.read(url.path, limit: RegularFile.documentLimit)
        } catch {
            throw Diagnostic(
                kind: error.kind, file: displayName, message: "cannot read \(displayName): the file \(error.reason)"
            ).fail()
        }
    }

    private static func createFolder(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(
                at: url.appendingPathComponent(fingerprintFolder),
                withIntermediateDirectories: true)
        } catch {
            throw Diagnostic(
                kind: .cannotWrite,
                message: "cannot create the output folder \(OutputError.displayPath(url)): "
                    + SystemError.reason(of: error),
                hint: SystemError.errno(of: error).flatMap(SystemError.hint(errno:))
            ).fail()
        }
    }
}

/// Renders one planned output, turning every failure into a failed outcome.
struct BatchJobRunner {
    let job: BatchPlan.Job
    /// The output folder, `options.outputFolder`.
    let folder: BatchFolderPaths
    /// The longest file name the output folder takes, for the fingerprint's name.
    let nameLimit: Int
    /// The template's folder, which its relative paths start from.
    var templateFolder: URL?

    /// How the job's scene is loaded: the template with the entry's values and `--set`'s, at the
    /// job's scale, direction and appearance.
    /// `templateFolder`: `options.templateFolder`, worked out once for all the jobs.
    static func loader(
        for job: BatchPlan.Job, options: BatchOptions, templateBytes: Data,
        templateFolder: URL? = nil
    ) -> SceneLoader {
        var loader = SceneLoader(
            .bytes(
                templateBytes, displayName: options.templateDisplayName,
                baseDirectory: templateFolder ?? options.templateFolder),
            overrides: SceneOverrides(
                values: job.vars.merging(options.overrides) { $1 }, scale: job.scale > 0 ? job.scale : nil,
                layoutDirection: options.layoutDirection ?? job.layoutDirection, colorScheme: job.colorScheme,
                systemFonts: options.systemFonts),
            // A still renders one frame: the work limits are for animations (as for `render --still`).
            root: options.root, limits: options.format.traits.isStill ? nil : options.encoding.limits)
        loader.parsed = parsedTemplate
        return loader
    }

    /// The template parsed once for every job (and for planning the files): only the placeholders'
    /// values differ between entries, and they are filled in after parsing.
    static let parsedTemplate = ParsedDocuments()

    /// The outcome, or nil when the job was interrupted before it finished (nothing was written).
    func run(options: BatchOptions, templateBytes: Data, isCancelled: @escaping @Sendable () -> Bool) -> BatchOutcome? {
        let started = Date()
        let output = folder.path(of: job.fileName)
        var outcome = BatchOutcome(
            entry: job.entryIndex, name: job.name, scale: job.scale, output: output, status: .failed)
        outcome.locale = job.locale
        do {
            let loader = Self.loader(
                for: job, options: options, templateBytes: templateBytes, templateFolder: templateFolder)
            let scene = try loader.decode()
            outcome.scale = scene.canvas.scale
            outcome.colorScheme = scene.canvas.colorScheme
            outcome.layoutDirection = scene.canvas.layoutDirection
            outcome.pointWidth = scene.canvas.width
            outcome.pointHeight = scene.canvas.height
            try scene.validateCanvasSize()
            let prepared = try loader.prepare(scene)
            outcome.altText = AltText.of(prepared.timeline)
            // A still or poster must show a moment of this entry's scene, whose length its text decides.
            let duration = prepared.timeline.duration
            var settings = options.outputSettings
            settings.stillTime = StillMoment.seconds(settings.stillTime, within: duration)
            let posterTime = options.posterTime.map { StillMoment.seconds($0, within: duration) }
            let moments: [(option: String, time: Double)] =
                (options.format.traits.isStill ? [(CommandLineOption.still.flag, settings.stillTime)] : [])
                + (posterTime.map { [(CommandLineOption.poster.flag, $0)] } ?? [])
            for (option, time) in moments {
                if let problem = StillMoment.problem(time, within: duration, option: option) {
                    throw Diagnostic(kind: .usage, message: problem).fail()
                }
            }

            // The output, and its poster with --poster: each has its own fingerprint, of the settings
            // it renders with, so either is rendered only when its inputs changed.
            func file(_ name: String, path: String, _ settings: RenderSettings, haptics: Bool) throws -> BatchFile {
                let fingerprinted = FingerprintSettings(settings, scene: prepared.scene, haptics: haptics)
                return BatchFile(
                    name: name, path: path, settings: settings,
                    fingerprint: try fingerprint(
                        prepared, templateBytes: templateBytes, options: options, fingerprinted))
            }
            var files = [try file(job.fileName, path: output, settings, haptics: options.haptics)]
            let haptics = job.hapticsFileName.map(folder.path(of:))
            files[0].haptics = job.hapticsFileName
            files[0].hapticsPath = haptics
            if let posterFileName = job.posterFileName, let posterTime {
                var posterSettings = settings
                posterSettings.format = .stillPNG
                posterSettings.stillTime = posterTime
                files.append(
                    try file(posterFileName, path: folder.path(of: posterFileName), posterSettings, haptics: false))
            }
            let poster = job.posterFileName != nil && files.count > 1 ? files[1].path : nil
            for fallback in job.fallbackFileNames {
                var fallbackSettings = settings
                fallbackSettings.format = fallback.format
                files.append(
                    try file(
                        fallback.name, path: folder.path(of: fallback.name), fallbackSettings,
                        haptics: options.haptics))
            }
            let fallbacks = job.fallbackFileNames.map { folder.path(of: $0.name) }
            let stale = files.filter { options.force || !isUnchanged($0) }
            let fresh = files.filter { file in !stale.contains { $0.path == file.path } }
            outcome.kept = fresh.flatMap(\.paths)
            if stale.isEmpty {
                outcome.status = .unchanged
                outcome.poster = poster
                outcome.haptics = haptics
                outcome.fallbacks = fallbacks
                return outcome
            }

            // What is rendered is put in place together: an output never stands next to the poster
            // of other inputs. A file that renders to the bytes already there stays as it is.
            let transaction = OutputTransaction(keepingIdenticalFiles: true)
            for file in stale {
                // URLs as the folder was named, for the messages of a render that fails.
                var renderOptions = RenderOptions(output: folder.url(of: file.name), format: file.settings.format)
                renderOptions.encoding = options.encoding
                renderOptions.encoding.settings = file.settings
                renderOptions.group = transaction.group
                renderOptions.haptics = file.haptics.map(folder.url(of:))
                let report = try prepared.render(renderOptions, isCancelled: isCancelled)
                if file.path == output {
                    outcome.frames = report.frameCount
                    outcome.warnings = report.warnings
                    outcome.bytes = report.bytes
                    outcome.budget = report.budget?.summary
                }
            }
            let identical = Set(try transaction.commit().map(\.path))
            for path in stale.flatMap(\.paths) {
                if identical.contains(path) { outcome.kept.append(path) } else { outcome.written.append(path) }
            }
            for file in stale {
                do {
                    let record = folder.fingerprintURL(of: file.name, nameLimit: nameLimit)
                    try AtomicFile.writeIfChanged(Data(file.fingerprint.utf8), to: record)
                } catch {
                    // The new output is in place; without this, an old fingerprint would describe it.
                    for file in stale { unlink(fingerprintFile(of: file)) }
                    throw error
                }
            }
            outcome.poster = poster
            outcome.haptics = haptics
            outcome.fallbacks = fallbacks
            outcome.status = .rendered
        } catch {
            // Interrupted (or failing because of the interruption): unfinished, nothing was written.
            if error is CancellationError || isCancelled() { return nil }
            let diagnostics = DiagnosticList(describing: error).diagnostics
            outcome.error = diagnostics.map(\.description).joined(separator: "\n")
            outcome.couldNotWrite = diagnostics.contains { $0.kind == .cannotWrite }
        }
        outcome.seconds = Date().timeIntervalSince(started)
        return outcome
    }

    /// One file a job writes: the output, or its poster.
    private struct BatchFile {
        /// Its file name in the output folder.
        let name: String
        /// Its path.
        let path: String
        /// What it renders with: its format, and its moment when it is a still.
        let settings: RenderSettings
        /// The hex SHA-256 of its inputs.
        let fingerprint: String
        /// The file name of the output's haptic pattern (`--haptics`), written with it.
        var haptics: String?
        /// The path of the haptic pattern.
        var hapticsPath: String?

        /// The paths it puts in place: the file, and its haptic pattern.
        var paths: [String] { [path] + (hapticsPath.map { [$0] } ?? []) }
    }

    private func fingerprint(
        _ prepared: PreparedScene, templateBytes: Data, options: BatchOptions, _ settings: FingerprintSettings
    ) throws -> String {
        var fingerprint = try InputFingerprint(
            templateBytes: templateBytes, overrides: job.vars.merging(options.overrides) { $1 }, settings: settings)
        fingerprint.addFiles(of: prepared)
        return fingerprint.hex
    }

    /// The path of the file's fingerprint, `DIR/.kinetype/<file name>.sha256`.
    private func fingerprintFile(of file: BatchFile) -> String {
        folder.fingerprintPath(of: file.name, nameLimit: nameLimit)
    }

    /// Whether the file exists and its fingerprint says it was made from these inputs.
    private func isUnchanged(_ file: BatchFile) -> Bool {
        var status = stat()
        return stat(file.path, &status) == 0
            && (file.hapticsPath.map { stat($0, &status) == 0 } ?? true)
            && (try? RegularFile.read(fingerprintFile(of: file), limit: 4096)) == Data(file.fingerprint.utf8)
    }
}
