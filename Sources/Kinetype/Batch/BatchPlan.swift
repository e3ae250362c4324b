import Foundation

/// Every output a batch will write: each entry of the data file in each appearance at each scale,
/// with its file name (see `OutputNaming`).
struct BatchPlan {
    /// One output: an entry at one scale.
    struct Job {
        /// The entry's position in the data file, from 0.
        let entryIndex: Int
        /// The entry's output name, or `<template>-<n>`.
        let name: String
        let vars: [String: String]
        /// The entry's `layoutDirection`, or nil for the template's own.
        let layoutDirection: LayoutDirection?
        /// 0 = the template's own scale.
        let scale: Double
        /// The appearance asked for; nil = the template's own `canvas.colorScheme`.
        let colorScheme: ColorScheme?
        /// The entry's `locale`.
        let locale: String?
        /// `name-dark@2x.gif`, or `name-dark@2x` (a folder) for PNG frames.
        let fileName: String
        /// `name-poster-dark@2x.png` with `--poster`, else nil.
        let posterFileName: String?
        /// `name-dark@2x.ahap` with `--haptics`, else nil.
        let hapticsFileName: String?
        /// `name-dark@2x.webp` and `.gif` with `--picture`: the output in its fallback formats.
        var fallbackFileNames: [(name: String, format: OutputFormat)] = []
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
        var firstByFile: [String: (index: Int, entry: BatchEntry)] = [:]
        var problems: [Diagnostic] = []
        var tooLong: Set<Int> = []
        for (index, entry) in entries.enumerated() {
            let name = entry.outputName ?? "\(defaultName)-\(index + 1)"
            // --color-scheme wins over the entry's own, as --set wins over its values.
            let schemes: [ColorScheme?] = colorSchemes ?? entry.colorSchemes ?? [nil]
            for (scheme, scale) in schemes.flatMap({ scheme in (scales ?? [0]).map { (scheme, $0) } }) {
                let fileName = format.fileName(OutputNaming.stem(name, colorScheme: scheme, scale: scale))
                let posterFileName =
                    posters
                    ? OutputFormat.stillPNG.fileName(OutputNaming.posterStem(name, colorScheme: scheme, scale: scale))
                    : nil
                let hapticsFileName =
                    haptics ? OutputNaming.stem(name, colorScheme: scheme, scale: scale) + ".ahap" : nil
                let fallbackFileNames = fallbacks.map { fallback in
                    (
                        name: fallback.fileName(OutputNaming.stem(name, colorScheme: scheme, scale: scale)),
                        format: fallback
                    )
                }
                // An output, a poster and a fallback are all files of the folder: none may take another's name.
                let written =
                    [(fileName, format)] + (posterFileName.map { [($0, OutputFormat.stillPNG)] } ?? [])
                    + fallbackFileNames.map { ($0.name, $0.format) }
                let claimed = written.map(\.0) + (hapticsFileName.map { [$0] } ?? [])
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
                    jobs.append(
                        Job(
                            entryIndex: index, name: name, vars: entry.values,
                            layoutDirection: entry.layoutDirection, scale: scale, colorScheme: scheme,
                            locale: entry.locale, fileName: fileName, posterFileName: posterFileName,
                            hapticsFileName: hapticsFileName, fallbackFileNames: fallbackFileNames))
                }
            }
        }
        if !problems.isEmpty { throw DiagnosticList(problems) }
        self.jobs = jobs
    }

}
