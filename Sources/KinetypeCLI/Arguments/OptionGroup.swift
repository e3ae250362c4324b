import Foundation
import Kinetype

/// Options several commands take, declared once; a command lists the groups it takes in
/// `Command.groups`, and reads them with the `ParsedArguments` accessors below.
struct OptionGroup {
    let specs: [OptionSpec]

    /// `--set NAME=VALUE` (repeatable), with the command's own help line.
    static func placeholders(help: String = "Set a {{NAME}} placeholder (repeatable).") -> OptionGroup {
        OptionGroup(specs: [SharedOptions.set.with(help: help).spec, SharedOptions.strict.spec])
    }

    /// `-j, --jobs N`, with what a job is for the command.
    static func jobs(help: String = "Worker threads (default: the number of cores).") -> OptionGroup {
        OptionGroup(specs: [SharedOptions.jobs.with(help: help).spec])
    }

    /// `-q, --quiet`, with what the command still prints.
    static func quiet(help: String) -> OptionGroup {
        OptionGroup(specs: [SharedOptions.quiet.with(help: help).spec])
    }

    /// `--progress STYLE`, taken by the commands that run long.
    static let progress = OptionGroup(specs: [SharedOptions.progress.spec])

    /// What a scene may read: `--root DIR` and `--system-fonts`, taken by every command that loads one.
    static let sceneInputs = OptionGroup(specs: [SharedOptions.root.spec, SharedOptions.systemFonts.spec])

    /// `--layout-direction DIRECTION`, with what it overrides for the command.
    static func layoutDirection(
        help: String = "Lay the scene out in this direction (overrides canvas.layoutDirection)."
    ) -> OptionGroup {
        OptionGroup(specs: [SharedOptions.layoutDirection.with(help: help).spec])
    }

    /// `--color-scheme light|dark|light,dark`, taken by the commands that render.
    static let colorScheme = OptionGroup(specs: [SharedOptions.colorScheme.spec])

    /// `--shard I/N|auto`, with what is sliced (`entries`, `scenes`).
    static func shard(of items: String) -> OptionGroup {
        OptionGroup(
            specs: [
                SharedOptions.shard.with(
                    help: "Take only the I-th of N deterministic slices of the \(items); auto reads the CI job's "
                        + "index and count (GitLab, Buildkite, CircleCI, Kubernetes, or "
                        + "KINETYPE_SHARD_INDEX/KINETYPE_SHARD_COUNT)."
                )
                .spec
            ])
    }

    /// `--max-frames`, `--max-total-pixels`, `--max-layer-frames` and `--max-text-layout`: the work
    /// limits (see `WorkLimits`).
    static let workLimits = OptionGroup(specs: [
        SharedOptions.maxFrames.spec, SharedOptions.maxTotalPixels.spec, SharedOptions.maxLayerFrames.spec,
        SharedOptions.maxTextLayout.spec,
    ])
}

extension ParsedArguments {
    /// The `--set` placeholders as a dictionary; a later value of a name wins.
    func placeholders() throws(DiagnosticList) -> [String: String] {
        var result: [String: String] = [:]
        for assignment in try all(SharedOptions.set) { result[assignment.name] = assignment.value }
        return result
    }

    /// The progress reporter the command's `--progress` and `--quiet` ask for.
    func progressBar(terminal: Terminal) throws -> ProgressBar {
        ProgressBar(
            terminal: terminal, style: try self[SharedOptions.progress] ?? .auto, quiet: self[SharedOptions.quiet])
    }

    /// Reports `problems` of unused placeholder values: warnings are printed (unless quiet), errors
    /// (`--strict`) stop the command.
    func reportUnused(_ problems: [Diagnostic], terminal: Terminal, quiet: Bool) throws {
        if problems.contains(where: { $0.severity == .error }) { throw DiagnosticList(problems) }
        if !quiet { problems.forEach(terminal.report) }
    }

    /// The `--root` folder, or nil without the option. A root that is not an existing folder is
    /// an error (exit 66 when missing, 64 when it names a file).
    func inputRoot() throws -> InputRoot? {
        guard let folder = try self[SharedOptions.root] else { return nil }
        do throws(InputFileError) {
            return try InputRoot(folder)
        } catch .notRegular {
            throw DiagnosticList.usage(
                "\(CommandLineOption.root.flag) takes a folder, but \(JSONText.quotedPath(folder)) is a file",
                command: command)
        } catch {
            throw Diagnostic(
                kind: .missingInput,
                message: "the \(CommandLineOption.root.flag) folder \(JSONText.quotedPath(folder)) \(error.reason)"
            ).fail()
        }
    }

    /// The `--shard` slice, or nil without the option. With `auto`, the slice is read from the CI
    /// job's variables and a note says which (`rendering shard 2/4 (from GitLab CI)`) unless quiet.
    func shard(terminal: Terminal, doing activity: String) throws -> Shard? {
        switch try self[SharedOptions.shard] {
        case .explicit(let shard)?:
            return shard
        case .auto?:
            let found = try ShardEnvironment.shard(from: ProcessInfo.processInfo.environment)
            if !self[SharedOptions.quiet] {
                terminal.err("kinetype: note: \(activity) shard \(found.shard.label) (from \(found.system))\n")
            }
            return found.shard
        case nil:
            return nil
        }
    }

    /// The work limits the options give, the defaults for those not given.
    func workLimits() throws(DiagnosticList) -> WorkLimits {
        var limits = WorkLimits.standard
        if let frames = try self[SharedOptions.maxFrames] { limits.maximumFrames = frames }
        if let pixels = try self[SharedOptions.maxTotalPixels] { limits.maximumTotalPixels = pixels }
        if let layerFrames = try self[SharedOptions.maxLayerFrames] { limits.maximumLayerFrames = layerFrames }
        if let characters = try self[SharedOptions.maxTextLayout] { limits.maximumTextLayout = characters }
        return limits
    }
}
