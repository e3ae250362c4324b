import Foundation
import Kinetype

/// `kinetype fonts [--scene S]`: the font families a scene can use.
enum FontsCommand: Command {
    static let name = "fonts"
    static let abstract = "List the font families available, with their styles."
    static let usage = "fonts [--scene SCENE [--root DIR]] [--json]"
    static let discussion = """
        Without --scene, lists the fonts installed on this system. With --scene, lists exactly what that
        scene can use: its own font files, plus system fonts unless it sets "systemFonts": false.
        """
    /// The options only `fonts` takes.
    enum Options {
        static let scene = Option("scene", .path(placeholder: "SCENE"), help: "List the fonts this scene can use.")
    }

    static let options: [OptionSpec] = [
        Options.scene.spec, SharedOptions.json.with(help: "Print JSON instead of a table.").spec,
    ]
    static let groups: [OptionGroup] = [.root]

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else {
            throw DiagnosticList.usage("fonts takes no positional arguments; use --scene SCENE", command: name)
        }
        let root = try arguments.inputRoot()
        let json = arguments[SharedOptions.json]
        let scene = try arguments[Options.scene].map { path in try SceneLoader(.file(path: path), root: root).decode() }
        let families = try FontCatalog.families(for: scene)
        if json {
            let entries: [[String: Any]] = families.map {
                ["family": $0.name, "styles": $0.styles, "variable": $0.isVariable]
            }
            let data = try JSONSerialization.data(withJSONObject: entries, options: [.prettyPrinted, .sortedKeys])
            terminal.out(String(decoding: data, as: UTF8.self))
            return .success
        }
        let width = min(40, families.map { $0.name.count }.max() ?? 0)
        for family in families {
            let padding = String(repeating: " ", count: max(1, width - family.name.count + 2))
            let variable = family.isVariable ? " (variable)" : ""
            terminal.out("\(family.name)\(padding)\(family.styles.joined(separator: ", "))\(variable)")
        }
        return .success
    }
}
