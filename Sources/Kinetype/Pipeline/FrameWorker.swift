import Foundation
import KinetypeRender

/// One worker thread's renderer over the scene's timeline. Each frame is drawn over the frame the
/// worker drew before it (`FrameRenderer.renderIncrementally`), so only what changed is drawn and
/// converted; the pixels are always those of a full render.
final class FrameWorker {
    let renderer: FrameRenderer
    let timeline: Timeline

    init(prepared: PreparedScene) throws {
        renderer = try FrameRenderer(scene: prepared.scene, fonts: prepared.fonts, images: prepared.images)
        timeline = prepared.timeline
    }

    func state(_ index: Int) -> FrameState { timeline.state(atFrame: index) }

    /// The whole frame of `state`.
    func image(_ state: FrameState) throws -> Image { try renderer.renderIncrementally(state) }
}
