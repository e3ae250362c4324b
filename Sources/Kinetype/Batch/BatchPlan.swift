import Foundation

/// Every output a batch will write: each entry of the data file in each appearance at each scale,
/// with its file name (see `OutputNaming`).
struct BatchPlan {
    /// One output: an entry at one scale. A batch holds its jobs until each starts, so a job
    /// keeps what its files' names are made from rather than the names, and its values as pairs.
    struct Job: Sendable {
        /// The entry's position in the data file, from 0.
        let entryIndex: Int
        /// The entry's output name, or `<template>-<n>`.
        let name: String
        /// The entry's placeholder values, key then value, in key order: a few values take half
        /// the memory of a dictionary's.
        private let values: [String]
        /// The entry's `layoutDirection`, or nil for the template's own.
        let layoutDirection: LayoutDirection?
        /// 0 = the template's own scale.
        let scale: Double
        /// The appearance asked for; nil = the template's own `canvas.colorScheme`.
        let colorScheme: ColorScheme?
        /// The entry's `locale`.
        let locale: String?
        /// What every job's file names are made from.
        private let files: Files

        /// What the file names of a batch's jobs are made from, shared by them.
        final class Files: Sendable {
            let format: OutputFormat
            let posters: Bool
            let haptics: Bool
            let fallbacks: [OutputFormat]

            init(format: OutputFormat, posters: Bool, haptics: Bool, fallbacks: [OutputFormat]) {
                self.format = format
                self.posters = posters
                self.haptics = haptics
                self.fallbacks = fallbacks
            }
        }

        init(
            entryIndex: Int, name: String, entry: BatchEntry, scale: Double, colorScheme: ColorScheme?, files: Files
        ) {
            self.entryIndex = entryIndex
            self.name = name
            values = entry.values.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
            layoutDirection = entry.layoutDirection
            self.scale = scale
            self.colorScheme = colorScheme
            locale = entry.locale
            self.files = files
        }

        /// The entry's placeholder values.
        var vars: [String: String] {
            Dictionary(
                uniqueKeysWithValues: stride(from: 0, to: values.count, by: 2).map { (values[$0], values[$0 + 1]) })
        }

        /// `name-dark@2x`: the output's name with its appearance and scale.
        private var stem: String { OutputNaming.stem(name, colorScheme: colorScheme, scale: scale) }
        /// `name-dark@2x.gif`, or `name-dark@2x` (a folder) for PNG frames.
        var fileName: String { files.format.fileName(stem) }
        /// `name-poster-dark@2x.png` with `--poster`, else nil.
        var posterFileName: String? {
            files.posters
                ? OutputFormat.stillPNG.fileName(OutputNaming.posterStem(name, colorScheme: colorScheme, scale: scale))
                : nil
        }
        /// `name-dark@2x.ahap` with `--haptics`, else nil.
        var hapticsFileName: String? { files.haptics ? stem + ".ahap" : nil }
        /// `name-dark@2x.webp` and `.gif` with `--picture`: the output in its fallback formats.
        var fallbackFileNames: [(name: String, format: OutputFormat)] {
            files.fallbacks.map { (name: $0.fileName(stem), format: $0) }
        }
    }

    let jobs: [Job]

    /// Plans the outputs of `entries`, keeping those of `shard`.
    /// - Throws: a `DiagnosticList` when two outputs would get the same file name (compared
    ///   ignoring case, as case-insensitive file systems do), naming both entries, and when
    ///   `nameCheck` finds a name too long for the output folder (one problem per entry, at its
    ///   `output`), whatever the shard.
    init(
        entries: [BatchEntry], dataFileName: String, defaultName: String, scales: [Double]?,
        colorSchemes: [ColorScheme]? = nil, format: OutputFormat, posters: Bool = false, haptics: Bool = false,
        fallbacks: [OutputFormat] = [], shard: Shard?,
        nameCheck: BatchOutputNameCheck? = nil
    ) throws {
        var jobs: [Job] = []
        let files = Job.Files(format: format, posters: posters, haptics: haptics, fallbacks: fallbacks)
        var firstByFile: [String: (index: Int, entry: BatchEntry)] = [:]
        var problems: [Diagnostic] = []
        var tooLong: Set<Int> = []
        for (index, entry) in entries.enumerated() {
            let name = entry.outputName ?? "\(defaultName)-\(index + 1)"
            // --color-scheme wins over the entry's own, as --set wins over its values.
            let schemes: [ColorScheme?] = colorSchemes ?? entry.colorSchemes ?? [nil]
            for (scheme, scale) in schemes.flatMap({ scheme in (scales ?? [0]).map { (scheme, $0) } }) {
                let job = Job(
                    entryIndex: index, name: name, entry: entry, scale: scale, colorScheme: scheme, files: files)
                // An output, a poster and a fallback are all files of the folder: none may take another's name.
                let written =
                    [(job.fileName, format)] + (job.posterFileName.map { [($0, OutputFormat.stillPNG)] } ?? [])
                    + job.fallbackFileNames.map { ($0.name, $0.format) }
                let claimed = written.map(\.0) + (job.hapticsFileName.map { [$0] } ?? [])
                if let (clash, first) = claimed.lazy.compactMap({ file in
                    firstByFile[file.lowercased()].map { (file, $0) }
                }).first {
                    problems.append(
                        Diagnostic(
                            file: dataFileName, position: entry.position, path: "[\(index)]",
                            message:
                                "entries [\(first.index)] (line \(first.entry.position.line)) and [\(index)] both write \(JSONText.unquoted(clash))",
                            hint: "give each entry its own \"output\" name (names are compared ignoring case)"))
                    continue
                }
                for file in claimed { firstByFile[file.lowercased()] = (index, entry) }
                for (file, fileFormat) in written where !tooLong.contains(index) {
                    if let problem = nameCheck?.problem(
                        fileName: file, name: name, format: fileFormat, entry: entry, index: index,
                        dataFileName: dataFileName)
                    {
                        problems.append(problem)
                        tooLong.insert(index)
                    }
                }
                if shard?.contains(entryIndex: index) ?? true {
                    jobs.append(job)
                }
            }
        }
        if !problems.isEmpty { throw DiagnosticList(problems) }
        self.jobs = jobs
    }

}
