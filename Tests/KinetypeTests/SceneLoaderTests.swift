import Foundation
import XCTest

@testable import Kinetype

/// `SceneLoader`: each stage, their order, overrides, `--root` and work limits.
final class SceneLoaderTests: XCTestCase {
    private func scene(
        width: Double = 40, scale: Double = 1, fps: Double = 10, duration: Double = 0.3,
        fonts: [String] = [], image: String? = nil
    ) -> Data {
        let fontList = fonts.map { "\"\($0)\"" }.joined(separator: ", ")
        let imageLayer =
            image.map { #", {"type": "image", "src": "\#($0)", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}"# }
            ?? ""
        return Data(
            """
            {"version": 1, "canvas": {"width": \(width), "height": 20, "scale": \(scale), "fps": \(fps), "duration": \(duration)},
             "fonts": [\(fontList)], "vars": {"word": "Hi"},
             "layers": [{"type": "text", "text": "{{word}}", "font": {"family": "DejaVu Sans", "size": 10}}\(imageLayer)]}
            """.utf8)
    }

    private func loader(
        _ data: Data, in folder: URL, overrides: SceneOverrides = .none, root: InputRoot? = nil,
        limits: WorkLimits? = .standard
    ) -> SceneLoader {
        SceneLoader(
            .bytes(data, displayName: "scene.json", baseDirectory: folder), overrides: overrides, root: root,
            limits: limits)
    }

    private func paths(_ problems: [Diagnostic]) -> [String] { problems.map(\.path) }

    func testOverridesReplacePlaceholdersFpsAndScale() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let overrides = SceneOverrides(values: ["word": "Yo"], fps: 24, scale: 2)
        let prepared = try loader(scene(), in: folder, overrides: overrides).load()
        XCTAssertEqual(prepared.scene.layers.first?.text?.text, "Yo")
        XCTAssertEqual(prepared.scene.canvas.fps, 24)
        XCTAssertEqual(prepared.scene.canvas.pixelWidth, 80)
        XCTAssertEqual(prepared.timeline.frameCount, Int((0.3 * 24).rounded(.up)))
        XCTAssertEqual(try loader(scene(), in: folder).decode().canvas.fps, 10)
    }

    func testAFileSourceDecodesWithItsPathAsDisplayName() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let file = folder.appendingPathComponent("broken.json")
        try Data(#"{"version": 1, "canvas": {"width": 40}}"#.utf8).write(to: file)
        XCTAssertThrowsError(try SceneLoader(.file(path: file.path)).load()) { error in
            XCTAssertEqual(DiagnosticList(describing: error).diagnostics.first?.file, file.path)
        }
    }

    func testTheCanvasSizeIsCheckedAfterTheScaleOverride() throws {
        let folder = try TestScenes.temporaryFolder(self)
        XCTAssertNoThrow(try loader(scene(width: 3000), in: folder).load())
        XCTAssertThrowsError(try loader(scene(width: 3000), in: folder, overrides: SceneOverrides(scale: 4)).load()) {
            error in
            XCTAssertEqual(self.paths(DiagnosticList(describing: error).diagnostics), ["canvas.width"])
        }
    }

    func testWorkLimitsAreCheckedOnlyWhenGiven() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let tight = WorkLimits(maximumFrames: 2, maximumTotalPixels: .max)
        XCTAssertThrowsError(try loader(scene(), in: folder, limits: tight).load()) { error in
            let problem = DiagnosticList(describing: error).diagnostics.first
            XCTAssertEqual(problem?.path, "canvas.duration")
            XCTAssertTrue(problem?.message.contains("the limit is 2 frames") == true, problem?.message ?? "")
        }
        XCTAssertEqual(try loader(scene(), in: folder, limits: nil).load().timeline.frameCount, 3)
    }

    func testTheRootConfinesFontsAndImages() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let inside = folder.appendingPathComponent("inside")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("secret.png"))
        let root = try InputRoot(inside.path)
        let problems = loader(scene(image: "secret.png"), in: folder, root: root).problems()
        XCTAssertEqual(paths(problems), ["layers[1].src"])
        XCTAssertTrue(
            problems.first?.message.hasSuffix("is outside the root folder") == true, problems.first?.message ?? "")
        XCTAssertEqual(try loader(scene(), in: folder, root: root).decode().inputRoot, root)
    }

    func testLoadStopsAtTheFirstStageAndProblemsCollectsEveryStageInOrder() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let data = scene(width: 3000, fps: 120, duration: 1000, fonts: ["missing.ttf"], image: "missing.png")
        let broken = loader(data, in: folder, overrides: SceneOverrides(scale: 4))
        XCTAssertEqual(paths(broken.problems()), ["canvas.width", "canvas.duration", "fonts[0]", "layers[1].src"])
        XCTAssertThrowsError(try broken.load()) { error in
            XCTAssertEqual(self.paths(DiagnosticList(describing: error).diagnostics), ["canvas.width"])
        }
        // Without the scale override the canvas passes and the limits stage fails first.
        XCTAssertThrowsError(try loader(data, in: folder).load()) { error in
            XCTAssertEqual(self.paths(DiagnosticList(describing: error).diagnostics), ["canvas.duration"])
        }
        XCTAssertEqual(paths(loader(data, in: folder, limits: nil).problems()), ["fonts[0]", "layers[1].src"])
    }

    func testADecodingFailureEndsCollectingWithTheDecoderProblems() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let problems = loader(
            Data(#"{"version": 1, "canvas": {"width": 40, "height": 20}, "layers": [{"type": "txt"}]}"#.utf8),
            in: folder
        ).problems()
        XCTAssertEqual(paths(problems), ["layers[0].type"])
        XCTAssertEqual(loader(scene(), in: folder).problems(), [])
    }
}
