import Foundation
import Kinetype

/// `kinetype validate SCENE...`: every problem of every scene, without rendering.
enum ValidateCommand: Command {
    static let name = "validate"
    static let abstract = "Check scenes for mistakes and report every problem found."
    static let usage = "validate SCENE... [--set NAME=VALUE]... [--root DIR] [options]"
    static let discussion = """
        Decodes each scene strictly (unknown keys, wrong types, out-of-range values, unknown
        placeholders), compiles its timeline and checks its fonts and images, then reports all
        problems, not only the first, including a scene too long or too large for render's work
        limits (--max-frames, --max-total-pixels). Exits 0 when every scene is valid.
        """
    static let options: [OptionSpec] = []
    static let groups: [OptionGroup] = [.placeholders(), .root, .quiet(help: "Print only problems."), .workLimits]

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> Int32 {
        guard !arguments.positionals.isEmpty else {
            throw DiagnosticList.usage("validate needs at least one scene file", command: name)
        }
        let overrides = try arguments.placeholders()
        let root = try arguments.inputRoot()
        let limits = try arguments.workLimits()
        let quiet = arguments[SharedOptions.quiet]
        var worst: Int32 = 0
        for path in arguments.positionals {
            let problems = SceneValidator.problems(inSceneAt: path, overrides: overrides, root: root, limits: limits)
            if problems.isEmpty {
                if !quiet { terminal.out("\(path): ok") }
                continue
            }
            problems.forEach(terminal.report)
            worst = max(worst, DiagnosticList(problems).exitCode)
        }
        return worst
    }
}
