import Foundation
import KinetypeEncode

/// Checks, before a batch renders, that every file it will write is a file of its own and none is
/// one it reads (`RunFiles`): each planned output, poster, haptic pattern and fingerprint, the
/// `--report`, and the files of the asset catalog and Android resources it delivers to, against
/// each other and against the template, the data and every file an entry's scene names.
enum BatchFiles {
    /// - Throws: `.usage` naming both files of every clash; nothing has been written then.
    static func check(_ jobs: [BatchPlan.Job], options: BatchOptions, templateBytes: Data, nameLimit: Int) throws {
        var files = RunFiles()
        let folder = BatchFolderPaths(options.outputFolder)
        let isFolder = options.format.traits.isFolder
        let fingerprints = BatchFolderPaths(folder.url.appendingPathComponent(BatchRunner.fingerprintFolder))
        func output(_ name: String, in folder: BatchFolderPaths, _ label: String, isFolder: Bool = false) {
            files.output(path: folder.path(of: name), label, shown: folder.shownPath(of: name), folder: isFolder)
        }
        for job in jobs {
            let entry = "entry [\(job.entryIndex)]"
            output(job.fileName, in: folder, "the output of \(entry)", isFolder: isFolder)
            if let poster = job.posterFileName { output(poster, in: folder, "the poster of \(entry)") }
            if let haptics = job.hapticsFileName { output(haptics, in: folder, "the haptic pattern of \(entry)") }
            for fallback in job.fallbackFileNames {
                output(fallback.name, in: folder, "the \(fallback.format.traits.name) fallback of \(entry)")
            }
            for name in [job.fileName] + (job.posterFileName.map { [$0] } ?? []) + job.fallbackFileNames.map(\.name) {
                output(
                    FingerprintFileName.of(name, nameLimit: nameLimit), in: fingerprints, "the fingerprint of \(entry)")
            }
        }
        if let report = options.reportFile { files.output(report, "--report") }
        if let picture = options.pictureFile { files.output(picture, "--picture") }
        // A template or data that came through a pipe is no file an output could be.
        if options.templateBytes == nil {
            files.input(options.template, "the template", shown: options.templateDisplayName)
        }
        if options.dataBytes == nil { files.input(options.data, "the data", shown: options.dataDisplayName) }

        let delivers = options.assetCatalog != nil || options.androidResources != nil
        let templateFolder = options.templateFolder
        // The files the entries' scenes name are the template's own, or none for an entry that does
        // not decode: when there is no problem with the template's, there is none with the entries'.
        if !delivers,
            let named = filesNamedByEveryEntry(
                jobs, options: options, templateBytes: templateBytes, templateFolder: templateFolder)
        {
            var shared = files
            for (url, label) in named { shared.input(url, label) }
            if shared.problems().isEmpty { return }
        }

        // Each entry's scene, for the files it names and for where its outputs are delivered.
        var outcomes: [BatchOutcome] = []
        var decodedEntries: Set<Int> = []
        for job in jobs where delivers || !decodedEntries.contains(job.entryIndex) {
            // An entry that does not decode fails on its own when it renders.
            guard
                let scene = try? BatchJobRunner.loader(
                    for: job, options: options, templateBytes: templateBytes, templateFolder: templateFolder
                ).decode()
            else { continue }
            if decodedEntries.insert(job.entryIndex).inserted { files.inputs(of: scene) }
            // The planned outcomes are only for the delivery's plan: kept only when delivering.
            guard delivers else { continue }
            var outcome = BatchOutcome(
                entry: job.entryIndex, name: job.name, scale: scene.canvas.scale, output: folder.path(of: job.fileName),
                status: .rendered)
            outcome.colorScheme = scene.canvas.colorScheme
            outcome.layoutDirection = scene.canvas.layoutDirection
            outcome.locale = job.locale
            outcome.poster = job.posterFileName.map(folder.path(of:))
            outcomes.append(outcome)
        }
        if delivers {
            let report = BatchReport(
                template: options.templateDisplayName, data: options.dataDisplayName, shard: nil, outcomes: outcomes,
                planned: outcomes.count)
            let posters = options.posterTime != nil
            // A plan the delivery refuses (two sets of one asset name) is refused when it is written.
            if let catalog = options.assetCatalog,
                let planned = try? catalog.plannedFiles(report, format: options.format, posters: posters)
            {
                for file in planned { files.output(file, "the asset catalog file") }
            }
            if let resources = options.androidResources,
                let planned = try? resources.plannedFiles(report, format: options.format, posters: posters)
            {
                for file in planned { files.output(file, "the Android resource file") }
            }
        }
        try files.check()
    }

    /// The files every entry's scene names, when no data or `--set` value fills a placeholder in
    /// their names: then each entry that decodes names exactly the template's files, in its order,
    /// and they need not be decoded one by one. The template is decoded with a marker for every
    /// value; nil when it does not decode (a value may fill a layer's type) or a file name holds
    /// the marker.
    private static func filesNamedByEveryEntry(
        _ jobs: [BatchPlan.Job], options: BatchOptions, templateBytes: Data, templateFolder: URL
    ) -> [(url: URL, label: String)]? {
        let marker = "kinetype-value-of-an-entry"
        var keys = Set(options.overrides.keys)
        for job in jobs { keys.formUnion(job.vars.keys) }
        var loader = SceneLoader(
            .bytes(templateBytes, displayName: options.templateDisplayName, baseDirectory: templateFolder),
            overrides: SceneOverrides(values: Dictionary(uniqueKeysWithValues: keys.map { ($0, marker) })),
            root: options.root, limits: nil)
        loader.parsed = BatchJobRunner.parsedTemplate
        guard let scene = try? loader.decode(), !scene.namedFilePaths.contains(where: { $0.path.contains(marker) })
        else { return nil }
        return scene.namedFiles
    }
}
