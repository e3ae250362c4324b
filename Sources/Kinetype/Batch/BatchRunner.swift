import Foundation
import KinetypeEncode

/// Renders one template for every entry of a data file (and every scale), in parallel, isolating
/// failures: an entry that fails is reported and the others still render.
public enum BatchRunner {
    /// The folder, inside the output folder, holding each output's input fingerprint.
    static let fingerprintFolder = ".kinetype"

    /// Runs the batch.
    /// - Throws: only for problems that stop every entry (unreadable template or data, a data file
    ///   that is not an array of string-valued objects, an output folder that cannot be made).
    ///   Failing entries are reported in the returned report.
    public static func run(_ options: BatchOptions,
                           progress: @escaping (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws -> BatchReport {
        let templateBytes = try read(options.template, displayName: options.templateDisplayName)
        let dataBytes = try read(options.data, displayName: options.dataDisplayName)
        let entries = try BatchData.decode(dataBytes, fileName: options.dataDisplayName)
        let jobs = try BatchPlan(entries: entries, dataFileName: options.dataDisplayName,
                                 defaultName: options.template.deletingPathExtension().lastPathComponent,
                                 scales: options.scales, format: options.format, shard: options.shard).jobs
        try createFolder(options.outputFolder)

        let results = BatchResults(count: jobs.count)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = max(1, options.jobs)
        for (position, job) in jobs.enumerated() {
            queue.addOperation {
                let finished = results.store(BatchJobRunner(job: job).run(options: options, templateBytes: templateBytes), at: position)
                progress(finished, jobs.count)
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        return BatchReport(template: options.templateDisplayName, data: options.dataDisplayName,
                           shard: options.shard.map { "\($0.index)/\($0.count)" }, outcomes: results.outcomes)
    }

    private static func read(_ url: URL, displayName: String) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw Diagnostic(kind: .missingInput, file: displayName, message: "cannot read \(displayName): the file does not exist or is not readable")
        }
    }

    private static func createFolder(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url.appendingPathComponent(fingerprintFolder),
                                                    withIntermediateDirectories: true)
        } catch {
            throw Diagnostic(kind: .cannotWrite, message: "cannot create the output folder \(url.path): \(error.localizedDescription)")
        }
    }
}

/// Outcomes filled in by concurrent jobs, in job order.
private final class BatchResults: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [BatchOutcome?]
    private var finished = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// Stores an outcome and returns how many jobs have finished.
    func store(_ outcome: BatchOutcome, at position: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        slots[position] = outcome
        finished += 1
        return finished
    }

    var outcomes: [BatchOutcome] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}

/// Renders one planned output, turning every failure into a failed outcome.
private struct BatchJobRunner {
    let job: BatchPlan.Job

    func run(options: BatchOptions, templateBytes: Data) -> BatchOutcome {
        let started = Date()
        let output = options.outputFolder.appendingPathComponent(job.fileName)
        var outcome = BatchOutcome(entry: job.entryIndex, name: job.name, scale: job.scale, output: output.path,
                                   status: .failed)
        do {
            let overrides = job.vars.merging(options.overrides) { $1 }
            var scene = try SceneDecoder.decode(templateBytes, fileName: options.templateDisplayName,
                                                baseDirectory: options.template.deletingLastPathComponent(),
                                                overrides: overrides)
            if job.scale > 0 { scene.canvas.scale = job.scale }
            outcome.scale = scene.canvas.scale
            try scene.validateCanvasSize()

            var fingerprint = InputFingerprint(templateBytes: templateBytes, overrides: overrides, settings: [
                "scale \(scene.canvas.scale)", "format \(options.format.rawValue)", "quality \(options.gif.quality)",
                "dither \(options.gif.dither.rawValue)", "png-compression \(options.pngCompression)",
            ])
            fingerprint.addFiles(of: scene)
            let fingerprintFile = options.outputFolder.appendingPathComponent(BatchRunner.fingerprintFolder)
                .appendingPathComponent(job.fileName + ".sha256")
            if !options.force, FileManager.default.fileExists(atPath: output.path),
               (try? String(contentsOf: fingerprintFile, encoding: .utf8)) == fingerprint.hex {
                outcome.status = .skipped
                return outcome
            }

            var renderOptions = RenderOptions(output: output, format: options.format.outputFormat)
            renderOptions.jobs = 1
            renderOptions.gif = options.gif
            renderOptions.pngCompression = options.pngCompression
            renderOptions.limits = options.limits
            let report = try PreparedScene(scene: scene).render(renderOptions)
            try AtomicFile.write(Data(fingerprint.hex.utf8), to: fingerprintFile)
            outcome.status = .rendered
            outcome.frames = report.frameCount
            outcome.bytes = report.bytes
        } catch {
            outcome.error = SceneValidator.diagnostics(from: error).map(\.description).joined(separator: "\n")
        }
        outcome.seconds = Date().timeIntervalSince(started)
        return outcome
    }
}
