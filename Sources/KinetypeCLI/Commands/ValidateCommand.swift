import Foundation
import Kinetype

/// `kinetype validate PATH...`: every problem of every scene and batch data file, without rendering.
enum ValidateCommand: Command {
    static let name = "validate"
    static let abstract = "Check scenes and batch data for mistakes and report every problem found."
    static let usage = "validate PATH... [--data DATA.json] [--set NAME=VALUE]... [--root DIR] [options]"
    static let discussion = """
        Decodes each scene strictly (unknown keys, wrong types, out-of-range values, unknown
        placeholders), compiles its timeline and checks its fonts and images, then reports all
        problems, not only the first, including a scene too long or too large for render's work
        limits (--max-frames, --max-total-pixels, --max-layer-frames, --max-text-layout). A folder is
        searched for .json files. A file named *.data.json is batch data: it is checked as data and,
        when its template NAME.json lies beside it, every entry is checked against the template. With --data, every scene is checked as a
        template filled by each entry of DATA.json (--data - reads it from standard input, and --data
        <(jq …) from a pipe, once). Data keys and --set names that fill no placeholder
        are warnings (errors with --strict), as are the WCAG warnings a render would give (2.2.2:
        longer than 5 s and looping forever; 2.3.1: flashing more than three times a second).
        Exits 0 when everything is valid.
        """
    /// The options only `validate` takes.
    enum Options {
        static let data = Option(
            .data, .path(placeholder: "DATA.json"), help: "Check every scene as a template filled by each entry.")
    }

    static let options: [OptionSpec] = [Options.data.spec]
    static let groups: [OptionGroup] = [
        .placeholders(), .sceneInputs, .quiet(help: "Print only problems."), .workLimits,
    ]

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> ExitStatus {
        guard !arguments.positionals.isEmpty else {
            throw DiagnosticList.usage("validate needs at least one scene file or folder", command: name)
        }
        let overrides = try arguments.placeholders()
        let sceneOverrides = SceneOverrides(values: overrides, systemFonts: arguments[SharedOptions.systemFonts])
        let root = try arguments.inputRoot()
        let limits = try arguments.workLimits()
        let quiet = arguments[SharedOptions.quiet]
        let strict = arguments[SharedOptions.strict]
        let data = try arguments[Options.data].map(NamedInputArguments.displayName)
        // A pipe (--data -, --data <(jq …)) is read once, for every scene.
        let dataBytes = try arguments[Options.data].flatMap { path in
            NamedInput.isPipe(path)
                ? try NamedInputArguments.read(path, as: "the data", option: CommandLineOption.data.flag) : nil
        }
        let (inputs, unnamed) = ValidationInput.expand(arguments.positionals)
        guard !inputs.isEmpty || !unnamed.isEmpty else {
            throw DiagnosticList.usage(
                "found no .json file in \(arguments.positionals.map(JSONText.quotedPath).joined(separator: ", "))",
                command: name)
        }
        var tally = Tally()
        unnamed.forEach(terminal.report)
        if !unnamed.isEmpty {
            tally.unchecked = unnamed.count
            tally.errorKinds.formUnion(unnamed.map(\.kind))
        }
        let check = Check(
            overrides: overrides, sceneOverrides: sceneOverrides, root: root, limits: limits, strict: strict,
            data: data, dataBytes: dataBytes)
        for input in inputs {
            let problems = check.problems(of: input)
            switch input {
            case .scene: tally.scenes += 1
            case .data: tally.dataFiles += 1
            }
            let errors = problems.filter { $0.severity == .error }
            for problem in problems where problem.severity == .error || !quiet {
                terminal.report(problem)
            }
            if errors.isEmpty {
                if !quiet { terminal.out("\(input.path): ok") }
            } else {
                tally.failed += 1
                tally.errorKinds.formUnion(errors.map(\.kind))
            }
        }
        if !quiet { terminal.out(tally.summary) }
        return DiagnosticKind.mostSevere(tally.errorKinds)?.exitStatus ?? .success
    }

    /// How each input is checked: the options every check shares.
    private struct Check {
        let overrides: [String: String]
        let sceneOverrides: SceneOverrides
        let root: InputRoot?
        let limits: WorkLimits
        let strict: Bool
        /// `--data` (its display name) and, for a pipe, its bytes: every scene is checked as a
        /// template of it.
        let data: String?
        let dataBytes: Data?

        /// The problems of a scene (or, with `--data`, of the data with the scene as its template),
        /// or of a data file with its template.
        func problems(of input: ValidationInput) -> [Diagnostic] {
            switch input {
            case .scene(let path):
                if let data {
                    return DataValidator.problems(
                        inDataAt: data, dataBytes: dataBytes, template: path, overrides: sceneOverrides, root: root,
                        limits: limits, strict: strict)
                }
                let scene = SceneLoader(.file(path: path), overrides: sceneOverrides, root: root, limits: limits)
                return scene.problems()
                    + ValidateCommand.unusedSetProblems(path, overrides: overrides, strict: strict)
            case .data(let path, let template):
                return DataValidator.problems(
                    inDataAt: path, template: template, overrides: sceneOverrides, root: root, limits: limits,
                    strict: strict)
            }
        }
    }

    /// `--set` names the scene at `path` does not use (only when it decodes; otherwise its own
    /// problems say why).
    private static func unusedSetProblems(_ path: String, overrides: [String: String], strict: Bool) -> [Diagnostic] {
        guard !overrides.isEmpty,
            let scene = UnusedPlaceholders.templateScene(.file(path: path), keys: Array(overrides.keys))
        else { return [] }
        return UnusedPlaceholders.setProblems(
            names: Array(overrides.keys), scene: scene, sceneName: path, strict: strict)
    }

    /// What the run checked, for the summary line.
    private struct Tally {
        var scenes = 0
        var dataFiles = 0
        var failed = 0
        /// Files and folders whose names are not UTF-8.
        var unchecked = 0
        /// The kinds of every error found, which decide the exit status.
        var errorKinds: Set<DiagnosticKind> = []

        /// `5 scenes and 3 data files checked: all valid` / `…: 2 with problems`, then
        /// `; 2 names are not UTF-8 and not checked` when some were found.
        var summary: String {
            var checked: [String] = []
            if scenes > 0 || dataFiles == 0 { checked.append(counted(scenes, "scene")) }
            if dataFiles > 0 { checked.append(counted(dataFiles, "data file")) }
            let verdict = failed == 0 ? "all valid" : "\(failed) with problems"
            let skipped =
                unchecked == 0
                ? "" : "; \(counted(unchecked, "name")) \(unchecked == 1 ? "is" : "are") not UTF-8 and not checked"
            return checked.joined(separator: " and ") + " checked: " + verdict + skipped
        }

        private func counted(_ count: Int, _ noun: String) -> String {
            "\(count) \(noun)\(count == 1 ? "" : "s")"
        }
    }
}
