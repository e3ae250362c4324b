import Foundation
import KinetypeEncode

/// One `verify` over many scenes: each scene file once, no two scenes sharing a golden set, the
/// run's shard of them, each scene in every appearance asked for with its goldens put in place
/// together, and the golden sets no scene of the run uses.
public struct VerifyRun {
    /// The distinct scene files of the whole run (every shard), in order.
    public let scenes: [String]
    public let colorSchemes: [ColorScheme?]
    public var options: VerifyOptions
    /// The slice this machine verifies; nil for every scene.
    public var shard: Shard?

    /// - Throws: a `.usage` diagnostic when two scene files would use one golden set.
    public init(scenes: [String], colorSchemes: [ColorScheme?], options: VerifyOptions, shard: Shard? = nil) throws {
        self.scenes = try GoldenSetNames.distinctScenes(
            scenes, direction: options.layoutDirection, colorSchemes: colorSchemes)
        self.colorSchemes = colorSchemes
        self.options = options
        self.shard = shard
    }

    /// The scenes this run verifies: its shard's, or all of them.
    public var scenesToVerify: [String] {
        scenes.enumerated().filter { shard?.contains(entryIndex: $0.offset) ?? true }.map(\.element)
    }

    /// The number of verifications (scenes × appearances) this run makes.
    public var verificationCount: Int { scenesToVerify.count * colorSchemes.count }

    /// Checks, before anything renders, that the `report` and `page` the caller will write are
    /// files of their own and none is one the run reads (a scene, or a font, picture or sound one
    /// names) or a golden set of its scenes (`RunFiles`).
    /// - Throws: `.usage` naming both files.
    public func checkFiles(report: URL?, page: (url: URL, label: String)?) throws {
        var files = RunFiles()
        if let report { files.output(report, CommandLineOption.report.flag) }
        if let page { files.output(page.url, page.label) }
        for path in scenesToVerify {
            let stem = GoldenSetNames.stem(ofScene: path)
            for name in GoldenSetNames.names(stem: stem, direction: options.layoutDirection, colorSchemes: colorSchemes)
            {
                let set = options.goldenFolder.appendingPathComponent(name)
                files.output(set, "the golden set", folder: true)
                for fileExtension in GoldenFolderInventory.animationExtensions {
                    files.output(set.appendingPathExtension(fileExtension), "the golden set")
                }
            }
        }
        for path in scenesToVerify {
            files.input(URL(fileURLWithPath: path), "the scene", shown: path)
            // A scene that does not decode fails on its own when it is verified.
            let loader = SceneLoader(.file(path: path), overrides: SceneOverrides(values: options.overrides))
            if let scene = try? loader.decode() { files.inputs(of: scene) }
        }
        try files.check(consequence: "nothing was verified")
    }

    /// Verifies every scene of the shard, in order; `report` starts as the run's empty report and
    /// is filled in. `onResult` sees each verdict as it comes (for the terminal), and `willVerify`
    /// is told the 0-based number of the verification about to start (for progress).
    /// Ctrl-C (`options.isCancelled`) stops the run between frames: the scene being verified
    /// records nothing, and the report says the run was interrupted.
    public func run(
        into report: inout VerifyReport, willVerify: (Int) -> Void = { _ in },
        onResult: (VerifyReport.Entry) -> Void = { _ in }
    ) throws {
        var number = 0
        do {
            for path in scenesToVerify {
                let transaction = OutputTransaction()
                var entries: [VerifyReport.Entry] = []
                for scheme in colorSchemes {
                    if options.isCancelled() { throw CancellationError() }
                    willVerify(number)
                    number += 1
                    let result = try GoldenVerifier.verify(
                        sceneAt: path, colorScheme: scheme, options: options, group: transaction.group)
                    entries.append(VerifyReport.Entry(scenePath: path, result: result))
                }
                if options.isCancelled() { throw CancellationError() }
                try transaction.commit()
                for entry in entries {
                    report.scenes.append(entry)
                    onResult(entry)
                }
            }
        } catch is CancellationError {
            report.interrupted = true
        }
        report.obsoleteSets = obsoleteSets().map(\.label)
        if options.prune, shard == nil, !report.interrupted, report.passed {
            report.removedSets = try removeObsoleteSets()
            report.obsoleteSets.removeAll { report.removedSets.contains($0) }
        }
    }

    /// The stored sets that belong to no scene of the whole run, in any direction or appearance.
    func obsoleteSets() -> [GoldenFolderInventory.StoredSet] {
        let stems = Set(scenes.map(GoldenSetNames.stem(ofScene:)))
        return GoldenFolderInventory.sets(in: options.goldenFolder).filter { set in
            !stems.contains { GoldenSetNames.belongs(set.name, toStem: $0) }
        }
    }

    /// Removes the obsolete sets: a frame set's frames and `environment.json` (and its folder once
    /// empty), an animation golden and its environment file. Nothing else is touched.
    private func removeObsoleteSets() throws -> [String] {
        var removed: [String] = []
        for set in obsoleteSets() {
            for path in set.paths {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: path.path)) ?? []
                    for name in names
                    where name == GoldenVerifier.environmentFile || GoldenFrameName.index(of: name) != nil {
                        try remove(path.appendingPathComponent(name))
                    }
                    if (try? FileManager.default.contentsOfDirectory(atPath: path.path))?.isEmpty == true {
                        try remove(path)
                    }
                } else {
                    try remove(path)
                }
            }
            removed.append(set.label)
        }
        return removed
    }

    private func remove(_ url: URL) throws {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw Diagnostic(
                kind: .cannotWrite,
                message: "cannot remove the obsolete golden \(OutputError.displayPath(url)): "
                    + SystemError.reason(of: error),
                hint: SystemError.errno(of: error).flatMap(SystemError.hint(errno:))
            ).fail()
        }
    }
}
