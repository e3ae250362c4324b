import Foundation
import KinetypeCore
import KinetypeEncode

extension PreparedScene {
    /// Renders `frames` for a GIF's palette pass and calls `consume` with each frame's change
    /// (`GIFFrameChange`: the exact changed rectangle, its pixels packed, its colors), in display
    /// order; `endTime` gives a frame's end time.
    ///
    /// Workers render each frame's damage (as `renderFrames` does) and look at the first frame
    /// themselves. The calling thread only keeps the canvas current: it swaps each frame's damaged
    /// pixels into it and hands the pixels they replace, with the new ones, to `jobs` more threads,
    /// which compare them, count colors and pack (`OrderedWork`); small damage it compares itself.
    /// So the per-pixel work of the palette pass runs in parallel, and the calling thread's follows
    /// the damage's bytes.
    func renderGIFFrameChanges(
        _ frames: Range<Int>, jobs: Int, endTime: (Int) -> Double, isCancelled: @escaping @Sendable () -> Bool,
        consume: (GIFFrameChange) throws -> Void
    ) throws {
        let first = frames.lowerBound
        let firstEndTime = endTime(first)
        let width = scene.canvas.pixelWidth
        let whole = PixelRect.whole(width: width, height: scene.canvas.pixelHeight)
        let pipeline = workerPipeline(jobs: jobs, isCancelled: isCancelled) { worker in
            { index -> (FramePatch, GIFFrameChange?) in
                let patch = try Self.patch(index, first: first, worker: worker)
                guard index == first else { return (patch, nil) }
                return (patch, GIFFrameChange(old: nil, new: patch.pixels, in: whole, endTime: firstEndTime))
            }
        }
        let work = OrderedWork<ChangedPixels, GIFFrameChange>(
            workers: jobs, maxPending: 2 * jobs + 2, maxPendingCost: Self.gifChangeBudget
        ) { GIFFrameChange(old: $0.old, new: $0.new, in: $0.rect, endTime: $0.endTime) }
        var canvas: [UInt8] = []
        try pipeline.run(frames: frames) { index, rendered in
            let (patch, firstChange): (FramePatch, GIFFrameChange?) = rendered
            let frameEnd = index == first ? firstEndTime : endTime(index)
            if let firstChange {
                canvas = patch.pixels
                try work.submit(ready: firstChange, deliver: consume)
            } else if let rect = patch.rect {
                let new = patch.pixels
                let old = Self.exchange(new, in: rect, of: &canvas, width: width)
                guard rect.area >= Self.gifChangeHandedOnArea else {
                    let change = GIFFrameChange(old: old, new: new, in: rect, endTime: frameEnd)
                    try work.submit(ready: change, deliver: consume)
                    return
                }
                try work.submit(
                    ChangedPixels(old: old, new: new, rect: rect, endTime: frameEnd), cost: 2 * new.count,
                    deliver: consume)
            } else {
                try work.submit(ready: .unchanged(endTime: frameEnd), deliver: consume)
            }
        }
        try work.finish(deliver: consume)
    }

    /// A frame's damaged pixels before and after, for a worker to compare.
    private struct ChangedPixels: Sendable {
        let old: [UInt8]
        let new: [UInt8]
        let rect: PixelRect
        let endTime: Double
    }

    /// The bytes of damaged pixels (old and new) waiting to be compared, beyond one frame's.
    static var gifChangeBudget: Int { 16 << 20 }

    /// Damage smaller than this many pixels (a typewriter frame's few letters) is compared on the
    /// calling thread: handing it to another thread would cost more than the comparison.
    static var gifChangeHandedOnArea: Int { 16_384 }

    /// Writes `pixels` (of `rect`) into `canvas` and returns the pixels they replaced.
    private static func exchange(_ pixels: [UInt8], in rect: PixelRect, of canvas: inout [UInt8], width: Int) -> [UInt8]
    {
        let rowBytes = rect.width * 4
        return [UInt8](largeUninitializedCapacity: pixels.count) { old, initialized in
            canvas.withUnsafeMutableBytes { canvas in
                pixels.withUnsafeBytes { new in
                    for y in 0..<rect.height {
                        let canvasRow = canvas.baseAddress! + ((rect.y + y) * width + rect.x) * 4
                        UnsafeMutableRawPointer(old.baseAddress! + y * rowBytes).copyMemory(
                            from: canvasRow, byteCount: rowBytes)
                        canvasRow.copyMemory(from: new.baseAddress! + y * rowBytes, byteCount: rowBytes)
                    }
                }
            }
            initialized = pixels.count
        }
    }
}
