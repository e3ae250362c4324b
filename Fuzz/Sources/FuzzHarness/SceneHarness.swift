import Foundation
import KinetypeRender

@testable import Kinetype

/// The scene target: bytes → scene decoder → canvas check → timeline → a few frame states → one
/// frame rendered on a canvas of at most 64×64 px. Every error is a normal outcome; only a crash
/// (a trap, a sanitizer report, a hang, runaway memory) is a finding.
public enum SceneHarness {
    /// The largest canvas side rendered, in points at scale 1, so each execution stays fast.
    static let maxSide = 64.0

    /// One font library for every execution: creating a fontconfig configuration per input would
    /// make most of the time go to fontconfig.
    static let fonts: FontLibrary? = try? FontLibrary(fontFiles: [], systemFonts: true)

    /// Every file a scene names must lie in `Fuzz/Inputs` (as with `--root`), so the fuzzer
    /// exercises the confinement and never reads the machine's files or blocks on a device.
    static let root: InputRoot? = try? InputRoot(FuzzInputs.folder.path)

    /// Runs one input. Returns whether the input got as far as a rendered frame (for tests).
    @discardableResult
    public static func run(_ data: Data) -> Bool {
        guard var scene = try? SceneDecoder.decode(data, fileName: "fuzz.json", baseDirectory: FuzzInputs.folder),
            (try? scene.validateCanvasSize()) != nil,
            let timeline = try? Timeline(scene: scene)
        else { return false }
        let last = timeline.frameCount - 1
        for index in [0, last / 2, last, last + 1] { _ = timeline.state(atFrame: index) }
        _ = timeline.state(atTime: timeline.duration / 3)

        scene.inputRoot = root
        guard let fonts, (try? SceneFontResolution.check(scene, with: fonts)) != nil else { return false }
        scene.canvas.scale = 1
        scene.canvas.width = min(scene.canvas.width, maxSide)
        scene.canvas.height = min(scene.canvas.height, maxSide)
        guard let small = try? Timeline(scene: scene),
            let images = try? SceneImageResolution.decode(scene),
            let renderer = try? FrameRenderer(scene: scene, fonts: fonts, images: images),
            (try? renderer.render(small.state(atFrame: last / 2))) != nil
        else { return false }
        return true
    }
}
