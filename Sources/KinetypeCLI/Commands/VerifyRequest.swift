import Foundation
import Kinetype

/// What `verify` was asked for: its arguments read once and checked against each other (the
/// golden folder, the record mode, comparison thresholds, sharding and pruning) into
/// `VerifyOptions`, with the report files and how much to say.
struct VerifyRequest {
    var options: VerifyOptions
    /// The scene files and folders as given.
    let scenePaths: [String]
    /// `--golden` as given.
    let golden: String
    /// `--report`.
    let reportPath: String?
    /// `--html`.
    let htmlPath: String?
    let schemes: [ColorScheme?]
    let shard: Shard?
    let strict: Bool
    let quiet: Bool

    /// Where the review page goes when `--html` names none and a scene fails.
    var defaultPage: URL { options.artifactsFolder.appendingPathComponent("report.html") }

    init(_ arguments: ParsedArguments, interrupt: InterruptFlag, terminal: Terminal, command: String) throws {
        guard !arguments.positionals.isEmpty else {
            throw DiagnosticList.usage("verify needs at least one scene file", command: command)
        }
        scenePaths = arguments.positionals
        guard let golden = try arguments[VerifyCommand.Options.golden] else {
            throw DiagnosticList.usage(
                "verify needs \(CommandLineOption.golden.flag) DIR, the folder of golden sets", command: command)
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: golden, isDirectory: &isFolder), !isFolder.boolValue {
            throw DiagnosticList.usage(
                "\(CommandLineOption.golden.flag) takes the folder of golden sets, but "
                    + "\(JSONText.quotedPath(golden)) is a file",
                command: command)
        }
        self.golden = golden
        options = try Self.verifyOptions(arguments, golden: golden)
        options.isCancelled = { interrupt.isSet }
        reportPath = try arguments[SharedOptions.report]
        quiet = arguments[SharedOptions.quiet]
        schemes = try arguments[SharedOptions.colorScheme] ?? [nil]
        htmlPath = try arguments[VerifyCommand.Options.html]
        strict = arguments[SharedOptions.strict]
        options.prune = arguments[VerifyCommand.Options.prune]
        shard = try arguments.shard(terminal: terminal, doing: "verifying")
        if options.prune, shard != nil {
            throw DiagnosticList.usage(
                "\(CommandLineOption.prune.flag) cannot be used with \(CommandLineOption.shard.flag): a shard sees "
                    + "only its own scenes; prune in an unsharded run",
                command: command)
        }
    }

    /// The options of the comparison and of every render.
    private static func verifyOptions(_ arguments: ParsedArguments, golden: String) throws -> VerifyOptions {
        var options = VerifyOptions(goldenFolder: URL(fileURLWithPath: golden))
        options.record =
            try arguments[VerifyCommand.Options.record]
            ?? RecordMode.fromEnvironment(ProcessInfo.processInfo.environment)
        if let frames = try arguments[VerifyCommand.Options.frames] { options.frames = frames }
        if let threshold = try arguments[VerifyCommand.Options.threshold] { options.comparison.threshold = threshold }
        if let pixels = try arguments[VerifyCommand.Options.maxDiffPixels] {
            options.comparison.maxDiffPixels = pixels
        }
        if let ratio = try arguments[VerifyCommand.Options.maxDiffRatio] { options.comparison.maxDiffRatio = ratio }
        if let artifacts = try arguments[VerifyCommand.Options.artifacts] {
            options.artifactsFolder = URL(fileURLWithPath: artifacts)
        }
        if let jobs = try arguments[SharedOptions.jobs] { options.jobs = jobs }
        options.overrides = try arguments.placeholders()
        options.layoutDirection = try arguments[SharedOptions.layoutDirection]
        options.root = try arguments.inputRoot()
        options.systemFonts = arguments[SharedOptions.systemFonts]
        options.limits = try arguments.workLimits()
        return options
    }
}
