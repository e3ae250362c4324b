import Foundation
import KinetypeRender

/// Finds every problem of a scene file without rendering it: decoding, canvas size, timeline
/// compilation, fonts and images. The stages are `SceneLoader`'s, run in collecting mode.
public enum SceneValidator {
    /// All problems of the scene at `path`; empty when it is valid. With a `root`, every file the
    /// scene names must lie inside it (see `Scene.inputRoot`).
    public static func problems(
        inSceneAt path: String, overrides: SceneOverrides = .none,
        root: InputRoot? = nil, limits: WorkLimits = .standard
    ) -> [Diagnostic] {
        SceneLoader(.file(path: path), overrides: overrides, root: root, limits: limits).problems()
    }

    /// All problems of a decoded scene found after decoding: the timeline, the work limits that
    /// `render` would apply, fonts and images (read and decoded exactly as a render does, so a
    /// damaged picture is found here too).
    public static func problems(in scene: Scene, limits: WorkLimits = .standard) -> [Diagnostic] {
        var stages = LoadingStages(collecting: true)
        _ = try? stages.prepare(scene, limits: limits) // collecting: records problems, never throws
        return stages.problems
    }
}

extension Scene {
    /// Checks the canvas stays within 1…8192 pixels each way after scaling (a `--scale` override
    /// can push a valid scene over the limit).
    public func validateCanvasSize() throws {
        for (name, points) in [("width", canvas.width), ("height", canvas.height)] {
            let pixels = (points * canvas.scale).rounded()
            let limit = FormatRanges.canvasSize.maximum
            guard pixels >= 1, pixels <= limit else {
                throw source.diagnostic(
                    at: "canvas.\(name)",
                    "canvas.\(name) is \(JSONText.number(pixels)) pixels at scale \(canvas.scale); the limit is 1 to \(JSONText.number(limit))",
                    hint: "lower canvas.scale or the canvas size"
                ).fail()
            }
        }
    }
}
