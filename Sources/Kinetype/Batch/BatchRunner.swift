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
    /// - Parameter afterPlanning: called once the outputs are planned and checked, before anything is
    ///   rendered or kept for the run: the memory planning took (the parsed data, every file's
    ///   path) is free by then, and a command may give it back to the system (`malloc_trim`), so
    ///   that what the run keeps is not laid over pages planning left resident.
    /// - Throws: only for problems that stop every entry (unreadable template or data, a data file
    ///   that is not an array of string-valued objects, an output folder that cannot be made).
    ///   Failing entries are reported in the returned report.
    public static func run(
        _ options: BatchOptions, isCancelled: @escaping @Sendable () -> Bool = { false },
        checkScales: (_ scales: [Double]) throws -> Void = { _ in },
        progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in },
        afterPlanning: () -> Void = {}
    )
        throws -> BatchReport
    {
        let templateBytes =
            try options.templateBytes ?? read(options.template, displayName: options.templateDisplayName)
        let (jobs, nameLimit, warnings) = try plan(options, templateBytes: templateBytes, checkScales: checkScales)
        try createFolder(options.outputFolder)
        afterPlanning()

        let finished = Locked(0)
        let planned = jobs.count
        let templateFolder = options.templateFolder
        let folder = BatchFolderPaths(options.outputFolder)
        FileDigests.shared.startRun()
        let runStarted = FileDigests.realTime()
        let summaries = SceneSummaries(folder: folder, templateBytes: templateBytes)
        let summaryWriter = SceneSummaryWriter(replacing: summaries, in: folder)
        let settingsCache = BatchFileSettingsCache()
        // Each outcome is kept as it is delivered, and only the finished ones: memory for one
        // outcome per output, however many outputs there are; or, not keeping them, only for the
        // failed ones, with the others counted and, for the report, spooled to a file.
        var outcomes: [BatchOutcome] = []
        var dropped = BatchOutcomeCounts()
        // Beside the report, on the disk it needs room on anyway.
        let spool = options.keepsOutcomes ? nil : options.reportFile.flatMap(BatchOutcomeSpool.init(for:))
        let keepsEvery = options.keepsOutcomes || (options.reportFile != nil && spool == nil)
        if keepsEvery { outcomes.reserveCapacity(planned) }
        // Every entry of a template usually has the same font warnings: each is listed once.
        var reportWarnings = warnings
        var seenWarnings = Set(warnings.map(\.reportText))
        let runner: @Sendable (BatchPlan.Job) -> BatchJobRunner = { job in
            BatchJobRunner(
                job: job, folder: folder, nameLimit: nameLimit, templateFolder: templateFolder,
                settingsCache: settingsCache)
        }
        let reportProgress: @Sendable () -> Void = {
            progress(
                finished.withLock {
                    $0 += 1
                    return $0
                }, planned)
        }
        try OrderedWork.forEach(
            consume jobs, workers: options.jobs, maxPending: maxPendingOutcomes,
            // An unchanged entry is settled here: a few stamps, sooner checked than handed to a thread.
            ready: { job -> BatchJobRunner.Result?? in
                guard !isCancelled(),
                    let result = runner(job).unchangedResult(
                        options: options, templateBytes: templateBytes, summaries: summaries)
                else { return nil }
                reportProgress()
                return result
            },
            { job -> BatchJobRunner.Result? in
                guard !isCancelled(),
                    let result = runner(job).run(
                        options: options, templateBytes: templateBytes, summaries: summaries, runStarted: runStarted,
                        isCancelled: isCancelled)
                else { return nil }
                reportProgress()
                return result
            },
            deliver: { result in
                guard let result else { return }
                let outcome = result.outcome
                reportWarnings += outcome.warnings.filter { seenWarnings.insert($0.reportText).inserted }
                spool?.add(outcome)
                if keepsEvery || outcome.status == .failed { outcomes.append(outcome) } else { dropped.add(outcome) }
                if let record = result.summary { summaryWriter.add(record) }
            })
        // The inputs' digests and the scenes' summaries, for the next run to decide without reading
        // the inputs or preparing the scenes.
        FileDigests.shared.save()
        // An interrupted run leaves the summaries as they were, as it leaves unfinished outputs.
        if outcomes.count + dropped.finished == planned {
            summaryWriter.finish(keepingOthers: options.shard != nil)
        } else {
            summaryWriter.discard()
        }
        var report = BatchReport(
            template: options.templateDisplayName, data: options.dataDisplayName,
            shard: options.shard.map { "\($0.index)/\($0.count)" }, outcomes: outcomes, planned: planned,
            warnings: reportWarnings, dropped: dropped, spool: spool)
        report.interrupted = report.finished < planned
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
    /// The file settings of the run's jobs, shared by them.
    let settingsCache: BatchFileSettingsCache

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

    /// What running a job gave: its outcome, and the record of its scene's summary for later runs
    /// (`SceneSummaries`), when it has one.
    struct Result: Sendable {
        var outcome: BatchOutcome
        var summary: SceneSummaryRecord?
    }

    /// The outcome, or nil when the job was interrupted before it finished (nothing was written).
    /// The scene is decoded and prepared: the caller runs a job only when `unchangedResult` could
    /// not settle it from `summaries`. `runStarted`: when the run started, in nanoseconds since 1970.
    func run(
        options: BatchOptions, templateBytes: Data, summaries: SceneSummaries, runStarted: Int64,
        isCancelled: @escaping @Sendable () -> Bool
    ) -> Result? {
        let started = Date()
        var outcome = plannedOutcome()
        let loader = Self.loader(
            for: job, options: options, templateBytes: templateBytes, templateFolder: templateFolder)
        let key = summaries.key(of: loader)
        var summaryRecord: SceneSummaryRecord?
        do {
            let scene = try loader.decode()
            outcome.describe(scene.canvas)
            try scene.validateCanvasSize()
            let prepared = try loader.prepare(scene)
            let summary = SceneSummary(prepared)
            outcome.altText = summary.altText
            let (files, settings) = try files(
                of: summary, output: outcome.output, options: options, templateBytes: templateBytes)
            summaryRecord = key.flatMap { key in
                SceneSummaries.record(
                    key: key, summary: summary, settings: settings, fingerprints: files.map(\.fingerprint),
                    runStarted: runStarted)
            }
            let stale = files.filter { options.force || !isUnchanged($0) }
            if stale.isEmpty {
                keep(files, in: &outcome)
                return Result(outcome: outcome, summary: summaryRecord)
            }
            let fresh = files.filter { file in !stale.contains { $0.path == file.path } }
            outcome.kept = fresh.flatMap(\.paths)

            try render(stale, of: prepared, options: options, into: &outcome, isCancelled: isCancelled)
            setPlacedFiles(of: files, in: &outcome)
            outcome.status = .rendered
        } catch {
            // Interrupted (or failing because of the interruption): unfinished, nothing was written.
            if error is CancellationError || isCancelled() { return nil }
            let diagnostics = DiagnosticList(describing: error).diagnostics
            outcome.error = diagnostics.map(\.description).joined(separator: "\n")
            outcome.couldNotWrite = diagnostics.contains { $0.kind == .cannotWrite }
        }
        outcome.seconds = Date().timeIntervalSince(started)
        // A summary is kept for what is in place, as a fingerprint is: not for an output that failed.
        return Result(outcome: outcome, summary: outcome.status == .failed ? nil : summaryRecord)
    }

    /// The result of the job when a previous run summarized its scene (`summaries`) from files
    /// that have not changed, and every file the job writes is in place with the fingerprint that
    /// summary gives it: all kept, without decoding or preparing the scene. Nil when the job must
    /// be run (always with `force`). Costs a few file stamps and one small read per file.
    func unchangedResult(options: BatchOptions, templateBytes: Data, summaries: SceneSummaries) -> Result? {
        guard !options.force, !summaries.known.isEmpty else { return nil }
        let loader = Self.loader(
            for: job, options: options, templateBytes: templateBytes, templateFolder: templateFolder)
        var outcome = plannedOutcome()
        guard let key = summaries.key(of: loader), let record = summaries.record(for: key),
            let (files, settings) = try? files(
                of: record.summary, output: outcome.output, options: options, templateBytes: templateBytes,
                recorded: record),
            files.allSatisfy(isUnchanged)
        else { return nil }
        outcome.describe(record.summary)
        keep(files, in: &outcome)
        return Result(
            outcome: outcome, summary: record.with(settings: settings, fingerprints: files.map(\.fingerprint)))
    }

    /// The job's outcome before it is run: failed, until it is known otherwise.
    private func plannedOutcome() -> BatchOutcome {
        var outcome = BatchOutcome(
            entry: job.entryIndex, name: job.name, scale: job.scale, output: folder.path(of: job.fileName),
            status: .failed)
        outcome.locale = job.locale
        return outcome
    }

    /// Renders the `stale` files of the job from `prepared` and puts them in place together (an
    /// output never stands next to the poster of other inputs; a file that renders to the bytes
    /// already there stays as it is), then writes their fingerprints. `outcome` gets the main
    /// output's frames, warnings, bytes and budget, and which paths were written or kept.
    private func render(
        _ stale: [BatchFile], of prepared: PreparedScene, options: BatchOptions, into outcome: inout BatchOutcome,
        isCancelled: @escaping @Sendable () -> Bool
    ) throws {
        let transaction = OutputTransaction(keepingIdenticalFiles: true)
        for file in stale {
            // URLs as the folder was named, for the messages of a render that fails.
            var renderOptions = RenderOptions(output: folder.url(of: file.name), format: file.settings.format)
            renderOptions.encoding = options.encoding
            renderOptions.encoding.settings = file.settings
            renderOptions.group = transaction.group
            renderOptions.haptics = file.haptics.map(folder.url(of:))
            let report = try prepared.render(renderOptions, isCancelled: isCancelled)
            if file.path == outcome.output {
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
    }

    /// The files of the job (the output, its poster with --poster, its fallbacks with --picture),
    /// each with its fingerprint, for the scene `summary` describes, and the digest of their
    /// fingerprint settings. The fingerprints are `recorded`'s when its settings digest is the same
    /// (its summary is `summary`, from unchanged files, under the same key). `output` is the
    /// output's path: the outcome's string, so that the report holds one copy of it.
    /// - Throws: when a still's or poster's moment is past the scene's end.
    private func files(
        of summary: SceneSummary, output: String, options: BatchOptions, templateBytes: Data,
        recorded: SceneSummaryRecord? = nil
    ) throws -> (files: [BatchFile], settings: String) {
        // A still or poster must show a moment of this entry's scene, whose length its text decides.
        let duration = summary.duration
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
        let poster = job.posterFileName.flatMap { name in posterTime.map { (name: name, time: $0) } }
        let fileSettings = try settingsCache.settings(
            settings, posterTime: poster?.time, fallbacks: job.fallbackFileNames.map(\.format),
            haptics: options.haptics, scene: summary)
        let names = [job.fileName] + (poster.map { [$0.name] } ?? []) + job.fallbackFileNames.map(\.name)
        let paths = [output] + names.dropFirst().map(folder.path(of:))
        var files = zip(zip(names, paths), zip(fileSettings.render, fileSettings.canonicalJSON)).map { file, settings in
            BatchFile(name: file.0, path: file.1, settings: settings.0, settingsJSON: settings.1)
        }
        files[0].haptics = job.hapticsFileName
        files[0].hapticsPath = job.hapticsFileName.map(folder.path(of:))
        let digest = fileSettings.digest
        if let recorded, recorded.settings == digest, recorded.fingerprints.count == files.count {
            for index in files.indices { files[index].fingerprint = recorded.fingerprints[index] }
        } else {
            let overrides = job.vars.merging(options.overrides) { $1 }
            for index in files.indices {
                var fingerprint = InputFingerprint(
                    templateBytes: templateBytes, overrides: overrides, settingsJSON: files[index].settingsJSON)
                fingerprint.addFiles(of: summary)
                files[index].fingerprint = fingerprint.hex
            }
        }
        return (files, digest)
    }

    /// Makes `outcome` that of a job whose files were all unchanged: kept, not rendered.
    private func keep(_ files: [BatchFile], in outcome: inout BatchOutcome) {
        outcome.kept = files.flatMap(\.paths)
        setPlacedFiles(of: files, in: &outcome)
        outcome.status = .unchanged
    }

    /// Sets the paths of the poster, haptic pattern and fallbacks, which are in place.
    private func setPlacedFiles(of files: [BatchFile], in outcome: inout BatchOutcome) {
        outcome.poster = job.posterFileName != nil && files.count > 1 ? files[1].path : nil
        outcome.haptics = files[0].hapticsPath
        outcome.fallbacks = job.fallbackFileNames.map { folder.path(of: $0.name) }
    }

    /// One file a job writes: the output, or its poster.
    private struct BatchFile {
        /// Its file name in the output folder.
        let name: String
        /// Its path.
        let path: String
        /// What it renders with: its format, and its moment when it is a still.
        let settings: RenderSettings
        /// The canonical JSON of what its fingerprint records of how it is rendered (`FingerprintSettings`).
        let settingsJSON: Data
        /// The hex SHA-256 of its inputs and settings (`InputFingerprint`).
        var fingerprint = ""
        /// The file name of the output's haptic pattern (`--haptics`), written with it.
        var haptics: String?
        /// The path of the haptic pattern.
        var hapticsPath: String?

        /// The paths it puts in place: the file, and its haptic pattern.
        var paths: [String] { [path] + (hapticsPath.map { [$0] } ?? []) }
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
            && Self.holds(fingerprintFile(of: file), file.fingerprint)
    }

    /// Whether `path` is a regular file holding exactly `text` (a fingerprint: 64 bytes), read with
    /// one `read` into a small buffer rather than as a whole file: a batch reads one per output.
    private static func holds(_ path: String, _ text: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        let expected = Array(text.utf8)
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size == expected.count
        else { return false }
        var buffer = [UInt8](repeating: 0, count: expected.count + 1)
        var count = 0
        while count < buffer.count {
            let got = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        return count == expected.count && buffer[..<count].elementsEqual(expected)
    }
}

/// `read(2)`, named apart from the functions called `read` in this file's types.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
