import Foundation
import Kinetype

/// What `/state.json` tells the page about the current version of the scene: whether it loaded,
/// its size and timing, every animation of the timeline (and the text `kinetype info` prints), the
/// diagnostics, and the files being watched.
struct PreviewState: Encodable, Sendable {
    struct Animation: Encodable, Sendable {
        var kind: String
        var property: String
        var start: Double
        var end: Double
    }

    struct Layer: Encodable, Sendable {
        /// `layers[1] "title" (text)`, as `info` names it.
        var title: String
        var animations: [Animation]
    }

    struct Problem: Encodable, Sendable {
        var severity: String
        /// The diagnostic as the terminal shows it, hint included.
        var text: String
    }

    var version: Int
    var scene: String
    var path: String
    var ok: Bool
    var fps = 0.0
    var duration = 0.0
    var frameCount = 0
    var pixelWidth = 0
    var pixelHeight = 0
    /// The timeline as `kinetype info` prints it.
    var info = ""
    var layers: [Layer] = []
    var diagnostics: [Problem] = []
    var watched: [String] = []

    init(version: Int, scene: String, path: String, ok: Bool) {
        self.version = version
        self.scene = scene
        self.path = path
        self.ok = ok
    }

    init(version: Int, scenePath: String, prepared: PreparedScene?, diagnostics: [Diagnostic], watched: [String]) {
        self.init(
            version: version, scene: URL(fileURLWithPath: scenePath).deletingPathExtension().lastPathComponent,
            path: scenePath, ok: prepared != nil)
        self.diagnostics = diagnostics.map { Problem(severity: $0.severity.rawValue, text: $0.reportText) }
        self.watched = watched
        guard let prepared else { return }
        let summary = prepared.timeline.summary
        // Times are seconds to the microsecond, as in every JSON kinetype writes (4.94, not 4.940000000000002).
        fps = summary.fps
        duration = ReportNumbers.seconds(summary.duration)
        frameCount = summary.frameCount
        pixelWidth = prepared.scene.canvas.pixelWidth
        pixelHeight = prepared.scene.canvas.pixelHeight
        info = InfoCommand.describe(summary, scene: prepared.scene, name: scenePath)
        layers = summary.layers.map { layer in
            Layer(
                title: "layers[\(layer.index)]" + (layer.id.map { " \"\($0)\"" } ?? "") + " (\(layer.type))",
                animations: layer.animations.map {
                    Animation(
                        kind: $0.kind, property: $0.property == $0.kind ? "" : $0.property,
                        start: ReportNumbers.seconds($0.start), end: ReportNumbers.seconds($0.end))
                })
        }
    }
}
