import Foundation
import Kinetype

/// `kinetype fonts [--scene S]`: the font families a scene can use.
enum FontsCommand: Command {
    static let name = "fonts"
    static let abstract = "List the font families available, with their styles."
    static let usage = "fonts [--scene SCENE [--root DIR]] [--system-fonts] [--json]"
    static let discussion = """
        Without --scene, lists kinetype's own fonts (the set every scene can use, the same on every
        machine), and with --system-fonts also the fonts installed on this machine. With --scene, lists
        exactly what that scene can use: its own font files, kinetype's fonts, and this machine's fonts
        when it sets "systemFonts": true or --system-fonts is given.
        """
    /// The options only `fonts` takes.
    enum Options {
        static let scene = Option(.scene, .path(placeholder: "SCENE"), help: "List the fonts this scene can use.")
    }

    static let options: [OptionSpec] = [
        Options.scene.spec, SharedOptions.json.with(help: "Print JSON instead of a table.").spec,
    ]
    static let groups: [OptionGroup] = [.sceneInputs]

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else {
            throw DiagnosticList.usage(
                "fonts takes no positional arguments; use \(CommandLineOption.scene.flag) SCENE", command: name)
        }
        let root = try arguments.inputRoot()
        let json = arguments[SharedOptions.json]
        let systemFonts = arguments[SharedOptions.systemFonts]
        let scene = try arguments[Options.scene].map { path in
            try SceneLoader(.file(path: path), overrides: SceneOverrides(systemFonts: systemFonts), root: root).decode()
        }
        let families = try FontCatalog.families(for: scene, systemFonts: systemFonts)
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
