import Foundation

/// The files of one `assertScene`: the scene and golden folder resolved against the test file's
/// folder, and a folder of its own for what `verify` writes (failure images, the review page, the
/// JSON report and what it printed), so assertions running at once in parallel test processes
/// never share one.
struct VerifyRunFolders: Sendable {
    var scene: URL
    var goldens: URL
    /// `<artifacts root>/<golden set>`: `card`, `card-dark`.
    var artifacts: URL

    init(assertion: SceneAssertion) {
        let base = URL(fileURLWithPath: assertion.testFile).deletingLastPathComponent()
        func resolve(_ path: String) -> URL {
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path).standardizedFileURL
        }
        scene = resolve(assertion.scene)
        goldens = resolve(assertion.goldens)
        let root = assertion.artifacts.map(resolve) ?? Self.defaultArtifacts(near: base)
        let set = scene.deletingPathExtension().lastPathComponent + (assertion.colorScheme == .dark ? "-dark" : "")
        artifacts = root.appendingPathComponent(set)
    }

    /// `verify --report`.
    var report: URL { artifacts.appendingPathComponent("report.json") }
    /// What `verify` printed on standard error.
    var log: URL { artifacts.appendingPathComponent("verify.log") }
    /// The review page `verify` writes when a frame fails.
    var page: URL { artifacts.appendingPathComponent("report.html") }

    /// `.build/kinetype-verify-failures` of the package holding `folder` (the nearest folder above
    /// it with a `Package.swift`), else a folder of that name in the temporary directory.
    static func defaultArtifacts(near folder: URL) -> URL {
        var candidate = folder
        while candidate.pathComponents.count > 1 {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) {
                return candidate.appendingPathComponent(".build/kinetype-verify-failures")
            }
            candidate.deleteLastPathComponent()
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-verify-failures")
    }
}

/// Runs `kinetype verify` for one assertion and reads what it found.
enum VerifyProcess {
    struct Outcome {
        /// verify's exit status: 0 passed, 1 failed, anything else could not verify.
        var status: Int32
        /// What it printed on standard error.
        var errors: String
        /// Its `--report`, when it wrote one.
        var report: ReportDocument?
    }

    /// `--report` as far as `assertScene` reads it.
    struct ReportDocument: Decodable {
        struct Entry: Decodable {
            var result: Result
        }

        struct Result: Decodable {
            var scene: String
            var golden: String
            var frames: [Frame]
            var removedFrames: [String]?
        }

        struct Frame: Decodable {
            var status: String
            var diffPath: String?
        }

        var scenes: [Entry]
    }

    enum Failure: Error, CustomStringConvertible {
        case cannotStart(URL, String)
        case cannotPrepare(URL, String)

        var description: String {
            switch self {
            case .cannotStart(let url, let reason): "cannot run \(url.path): \(reason)"
            case .cannotPrepare(let url, let reason): "cannot make the folder \(url.path): \(reason)"
            }
        }
    }

    /// Runs `executable` with `arguments` and the given environment, its standard error into the
    /// run's log (no pipe to drain), its standard output discarded (verify is `--quiet`).
    static func run(
        _ executable: URL, _ arguments: [String], folders: VerifyRunFolders, environment: [String: String]
    ) throws -> Outcome {
        do {
            try FileManager.default.createDirectory(at: folders.artifacts, withIntermediateDirectories: true)
        } catch {
            throw Failure.cannotPrepare(folders.artifacts, error.localizedDescription)
        }
        try? FileManager.default.removeItem(at: folders.report)
        _ = FileManager.default.createFile(atPath: folders.log.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        do {
            let log = try FileHandle(forWritingTo: folders.log)
            defer { try? log.close() }
            process.standardError = log
            try process.run()
        } catch {
            throw Failure.cannotStart(executable, error.localizedDescription)
        }
        process.waitUntilExit()
        let errors = (try? String(contentsOf: folders.log, encoding: .utf8)) ?? ""
        let report = (try? Data(contentsOf: folders.report)).flatMap {
            try? JSONDecoder().decode(ReportDocument.self, from: $0)
        }
        let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
        return Outcome(status: status, errors: errors, report: report)
    }
}

extension VerifyProcess.Outcome {
    /// The failure message of the assertion, or nil when it passed and recorded nothing.
    func failure(scene: String, folders: VerifyRunFolders, acceptCommand: String) -> String? {
        let result = report?.scenes.first?.result
        switch status {
        case 0:
            guard let result else { return nil }
            return Self.recording(result)
        case 1:
            return failed(scene: scene, result: result, folders: folders, acceptCommand: acceptCommand)
        default:
            let said = errors.trimmingCharacters(in: .whitespacesAndNewlines)
            return "\(scene) could not be verified (kinetype verify exited \(status)):\n\(said)"
        }
    }

    /// What a passing verification wrote into the golden set, which fails the test so that a run
    /// that records never passes by itself; nil when it wrote nothing.
    static func recording(_ result: VerifyProcess.ReportDocument.Result) -> String? {
        let written = result.frames.filter { $0.status == "recorded" || $0.status == "updated" }.count
        let removed = result.removedFrames?.count ?? 0
        guard written > 0 || removed > 0 else { return nil }
        var parts: [String] = []
        if written > 0 { parts.append("recorded \(written) golden frame(s)") }
        if removed > 0 { parts.append("removed \(removed) obsolete one(s)") }
        return "\(result.scene): \(parts.joined(separator: " and ")) in \(result.golden); "
            + "run the test again to compare against them (with CI set, nothing is recorded)"
    }

    /// verify's account of the failure, then where to review it and how to accept it.
    private func failed(
        scene: String, result: VerifyProcess.ReportDocument.Result?, folders: VerifyRunFolders, acceptCommand: String
    ) -> String {
        var lines = [
            "\(result?.scene ?? scene) does not match its goldens in \(result?.golden ?? folders.goldens.path)"
        ]
        // Its own lines, less its review and accept lines, which are given below for this test.
        var skipping = false
        for line in errors.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("kinetype: review the results in ") { continue }
            if line.hasPrefix("kinetype: if the changes are intended") {
                skipping = true
                continue
            }
            if skipping, line.hasPrefix("  ") { continue }
            skipping = false
            if !line.isEmpty { lines.append(line) }
        }
        if let diff = result?.frames.lazy.compactMap(\.diffPath).first {
            lines.append(
                "Expected, actual and diff images: \(URL(fileURLWithPath: diff).deletingLastPathComponent().path)")
        }
        if FileManager.default.fileExists(atPath: folders.page.path) {
            lines.append("Review page: \(folders.page.path)")
        }
        lines.append("If the change is intended, accept it: \(acceptCommand)")
        return lines.joined(separator: "\n")
    }
}
