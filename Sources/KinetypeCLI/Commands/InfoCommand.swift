import Foundation
import Kinetype

/// `kinetype info SCENE`: the compiled timeline, so authors see what their text does to timing.
enum InfoCommand: Command {
    static let name = "info"
    static let abstract = "Print a scene's compiled timeline: every animation's start and end, duration, frames."
    static let usage = "info SCENE [--json] [--set NAME=VALUE]... [--root DIR]"
    static let options: [OptionSpec] = [SharedOptions.json.with(help: "Print the timeline as JSON.").spec]
    static let groups: [OptionGroup] = [.placeholders(), .sceneInputs]

    static func run(_ arguments: ParsedArguments, terminal: Terminal) throws -> ExitStatus {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw DiagnosticList.usage("info takes one scene file", command: name)
        }
        let root = try arguments.inputRoot()
        let overrides = try arguments.placeholders()
        let json = arguments[SharedOptions.json]
        let scene = try SceneLoader(
            .file(path: path),
            overrides: SceneOverrides(values: overrides, systemFonts: arguments[SharedOptions.systemFonts]), root: root
        )
        .decode()
        try arguments.reportUnused(
            UnusedPlaceholders.setProblems(
                names: Array(overrides.keys), scene: scene, sceneName: path, strict: arguments[SharedOptions.strict]),
            terminal: terminal, quiet: false)
        let summary = try Timeline(scene: scene, words: UnicodeWords()).summary
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let report = InfoReport(scene: path, canvas: scene.canvas, summary: summary)
            terminal.out(String(decoding: try encoder.encode(report), as: UTF8.self))
            return .success
        }
        terminal.out(describe(summary, scene: scene, name: path))
        return .success
    }

    static func describe(_ summary: TimelineSummary, scene: Scene, name: String) -> String {
        var lines = [
            "\(name): \(format(scene.canvas.width))×\(format(scene.canvas.height)) pt at @\(format(scene.canvas.scale))x "
                + "(\(scene.canvas.pixelWidth)×\(scene.canvas.pixelHeight) px), \(format(summary.fps)) fps",
            String(format: "duration %.3f s, %ld frames", summary.duration, summary.frameCount),
            "",
        ]
        for layer in summary.layers {
            let title =
                "layers[\(layer.index)]" + (layer.id.map { " " + JSONText.quoted($0) } ?? "") + " (\(layer.type))"
            lines.append(layer.animations.isEmpty ? "\(title): no animations" : "\(title):")
            for animation in layer.animations {
                // A typewriter's "property" is the typewriter itself; show it once.
                let property = animation.property == animation.kind ? "" : animation.property
                var line =
                    "  " + padded(animation.kind, 11) + padded(property, 13)
                    + String(format: "%7.3f s → %7.3f s", animation.start, animation.end)
                if let finish = animation.typingFinish, let units = animation.unitCount {
                    line += String(format: "  (%ld units typed by %.3f s)", units, finish)
                }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}

/// `info --json`: the scene, its canvas in points and pixels, and the timeline summary's keys.
struct InfoReport: Encodable {
    let scene: String
    let canvas: Canvas
    let summary: TimelineSummary

    private enum CodingKeys: String, CodingKey { case scene, canvas }
    private enum CanvasKeys: String, CodingKey { case width, height, scale, pixelWidth, pixelHeight }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scene, forKey: .scene)
        var size = container.nestedContainer(keyedBy: CanvasKeys.self, forKey: .canvas)
        try size.encode(canvas.width, forKey: .width)
        try size.encode(canvas.height, forKey: .height)
        try size.encode(canvas.scale, forKey: .scale)
        try size.encode(canvas.pixelWidth, forKey: .pixelWidth)
        try size.encode(canvas.pixelHeight, forKey: .pixelHeight)
        try summary.encode(to: encoder)
    }
}
