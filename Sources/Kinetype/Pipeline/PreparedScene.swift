import Foundation
import KinetypeEncode
import KinetypeRender

/// A scene ready to render: decoded, its timeline compiled and its fonts checked.
/// Render it as many times as you like; each render is independent.
public final class PreparedScene: @unchecked Sendable {
    public let scene: Scene
    public let timeline: Timeline
    public let fonts: FontLibrary

    /// Compiles the timeline and checks every font the scene names.
    /// - Throws: `Diagnostic` or `DiagnosticList` with JSON paths into the scene.
    public init(scene: Scene) throws {
        self.scene = scene
        self.timeline = try Timeline(scene: scene)
        self.fonts = try FontLibrary(scene: scene)
        try fonts.validate(scene: scene)
    }

    /// Renders to `options.output`, atomically: on failure or cancellation nothing is written and
    /// an existing output stays as it was.
    public func render(_ options: RenderOptions, isCancelled: @escaping () -> Bool = { false },
                       progress: @escaping (RenderProgress) -> Void = { _ in }) throws -> RenderReport {
        let writer = OutputWriter(prepared: self, options: options, isCancelled: isCancelled, progress: progress)
        let report = try writer.write()
        if let sheet = options.contactSheet {
            try ContactSheet(prepared: self).write(to: sheet, jobs: options.jobs)
        }
        return report
    }

    /// Renders one frame by index on the calling thread (a fresh renderer; for tests and tools).
    public func renderFrame(_ index: Int) throws -> Image {
        try FrameRenderer(scene: scene, fonts: fonts).render(timeline.state(atFrame: index))
    }

    /// A pipeline whose workers each own a `FrameRenderer`.
    func pipeline(jobs: Int, isCancelled: @escaping () -> Bool) -> FramePipeline<Image> {
        pipeline(jobs: jobs, isCancelled: isCancelled) { _, image in image }
    }

    /// A pipeline whose workers each own a `FrameRenderer` and pass every frame through
    /// `transform` on the worker thread.
    func pipeline<Output>(jobs: Int, isCancelled: @escaping () -> Bool,
                          transform: @escaping (Int, Image) throws -> Output) -> FramePipeline<Output> {
        FramePipeline(jobs: jobs, makeRenderer: { [scene, fonts, timeline] in
            let renderer = try FrameRenderer(scene: scene, fonts: fonts)
            return { index in try transform(index, renderer.render(timeline.state(atFrame: index))) }
        }, isCancelled: isCancelled)
    }
}
