import Foundation
import Kinetype
import KinetypeRender

/// The scene target: bytes → scene decoder → canvas check → timeline → a few frame states → one
/// frame rendered on a canvas of at most 64×64 px. Every error is a normal outcome; only a crash
/// (a trap, a sanitizer report, a hang, runaway memory) is a finding.
public enum SceneHarness {
    /// The largest canvas side rendered, in points at scale 1, so each execution stays fast.
    static let maxSide = 64.0

    /// One font library for every execution: creating a fontconfig configuration per input would
    /// make most of the time go to fontconfig.
    static let fonts: FontLibrary? = try? FontLibrary(fontFiles: [], systemFonts: true)

    /// Runs one input. Returns whether the input got as far as a rendered frame (for tests).
    @discardableResult
    public static func run(_ data: Data) -> Bool {
        guard var scene = try? SceneDecoder.decode(data, fileName: "fuzz.json", baseDirectory: FuzzInputs.folder),
              (try? scene.validateCanvasSize()) != nil,
              let timeline = try? Timeline(scene: scene) else { return false }
        let last = timeline.frameCount - 1
        for index in [0, last / 2, last, last + 1] { _ = timeline.state(atFrame: index) }
        _ = timeline.state(atTime: timeline.duration / 3)

        guard readsOnlyInputs(scene), let fonts, (try? fonts.validate(scene: scene)) != nil else { return false }
        scene.canvas.scale = 1
        scene.canvas.width = min(scene.canvas.width, maxSide)
        scene.canvas.height = min(scene.canvas.height, maxSide)
        guard let small = try? Timeline(scene: scene),
              let renderer = try? FrameRenderer(scene: scene, fonts: fonts),
              (try? renderer.render(small.state(atFrame: last / 2))) != nil else { return false }
        return true
    }

    /// Whether every file the scene names is a plain file name in `Inputs/`. Paths that leave it
    /// (absolute, `..`, devices, FIFOs) are `--root`'s and the regular-file check's concern, not
    /// the renderer's, and a FIFO would block the fuzzer.
    static func readsOnlyInputs(_ scene: Scene) -> Bool {
        func isPlainName(_ path: String) -> Bool {
            !path.isEmpty && !path.contains("/") && !path.contains("\\") && path != "." && path != ".."
        }
        var files = scene.fonts
        for layer in scene.layers {
            switch layer.content {
            case .image(let image): files.append(image.src)
            case .text(let text):
                files += [text.font.file].compactMap { $0 } + (text.spans ?? []).compactMap { $0.font?.file }
            case .rect: break
            }
        }
        return files.allSatisfy(isPlainName)
    }
}
