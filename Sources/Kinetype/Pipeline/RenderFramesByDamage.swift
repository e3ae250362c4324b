import Foundation
import KinetypeCore

/// What a worker hands over for one frame: the pixels of the frame inside the damage since the
/// frame before it (every pixel outside is that frame's), or nothing when it draws the same.
struct FramePatch: Sendable {
    let index: Int
    /// nil: the frame draws the same as the frame before it.
    let rect: PixelRect?
    /// Straight RGBA pixels of `rect`, row by row.
    let pixels: [UInt8]
}

extension PreparedScene {
    /// Renders `frames` and calls `consume` with each, in display order, with the exact rectangle
    /// that changed since the frame delivered before it (`RenderedFrame.changed`; nil = identical;
    /// the whole image for the first frame delivered).
    ///
    /// Each worker asks its renderer for the damage between a frame's state and the state of the
    /// frame before it (`FrameRenderer.damage`): a frame that draws the same is not rendered at all,
    /// and only the damaged pixels travel to the calling thread, which finds the exact changed
    /// rectangle by comparing only them with the frame before.
    func renderFrames(
        _ frames: Range<Int>, jobs: Int, isCancelled: @escaping @Sendable () -> Bool,
        consume: (RenderedFrame) throws -> Void
    ) throws {
        let first = frames.lowerBound
        let pipeline = workerPipeline(jobs: jobs, isCancelled: isCancelled) { worker in
            { index in try Self.patch(index, first: first, worker: worker) }
        }
        var current: Image?
        try pipeline.run(frames: frames) { index, patch in
            let changed: PixelRect?
            if var image = current {
                current = nil
                changed = patch.rect.flatMap { Self.apply(patch.pixels, in: $0, to: &image) }
                current = image
            } else {
                let canvas = scene.canvas
                current = Image(width: canvas.pixelWidth, height: canvas.pixelHeight, pixels: patch.pixels)
                changed = .whole(width: canvas.pixelWidth, height: canvas.pixelHeight)
            }
            try consume(RenderedFrame(index: index, image: current!, changed: changed))
        }
    }

    /// Frame `index` as its pixels inside the damage since frame `index - 1` (the whole frame for
    /// `first`).
    static func patch(_ index: Int, first: Int, worker: FrameWorker) throws -> FramePatch {
        let state = worker.state(index)
        let whole = PixelRect.whole(width: state.canvas.pixelWidth, height: state.canvas.pixelHeight)
        let rect = index == first ? whole : try worker.renderer.damage(from: worker.state(index - 1), to: state)
        guard let rect else { return FramePatch(index: index, rect: nil, pixels: []) }
        return FramePatch(index: index, rect: rect, pixels: try worker.renderer.renderPixels(state, in: rect))
    }

    /// Copies `pixels` (of `rect`) into `image` and returns the bounding box of the pixels that
    /// differed (nil: none did).
    private static func apply(_ pixels: [UInt8], in rect: PixelRect, to image: inout Image) -> PixelRect? {
        let width = image.width
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        image.pixels.withUnsafeMutableBytes { target in
            pixels.withUnsafeBytes { source in
                func same(_ x: Int, _ row: Int, _ targetRow: Int) -> Bool {
                    source.loadUnaligned(fromByteOffset: (row + x) * 4, as: UInt32.self)
                        == target.loadUnaligned(fromByteOffset: (targetRow + x) * 4, as: UInt32.self)
                }
                for y in 0..<rect.height {
                    let row = y * rect.width
                    let targetRow = (rect.y + y) * width + rect.x
                    var x = 0
                    while x < rect.width, same(x, row, targetRow) { x += 1 }
                    guard x < rect.width else { continue }
                    var last = rect.width - 1
                    while same(last, row, targetRow) { last -= 1 }
                    minX = min(minX, rect.x + x)
                    maxX = max(maxX, rect.x + last)
                    minY = min(minY, rect.y + y)
                    maxY = rect.y + y
                    (target.baseAddress! + (targetRow + x) * 4).copyMemory(
                        from: source.baseAddress! + (row + x) * 4, byteCount: (last - x + 1) * 4)
                }
            }
        }
        guard maxY >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
