import Foundation
import KinetypeCore

/// Renders frames on several worker threads and hands them to a consumer strictly in frame order.
///
/// Each worker thread makes its own renderer (one Cairo surface, Pango context and font map per thread;
/// nothing mutable is shared). At most `window` frames are rendered ahead of the consumer, so peak
/// memory does not grow with the number of frames. A worker's result is usually the frame's
/// `Image`, but may be anything made from it on the worker (an encoded PNG, say), so that work
/// runs in parallel too.
final class FramePipeline<Output: Sendable> {
    /// Renders one frame by index; made once per worker thread.
    typealias FrameRenderFunction = (Int) throws -> Output

    let jobs: Int
    let window: Int
    private let makeRenderer: @Sendable () throws -> FrameRenderFunction
    private let isCancelled: @Sendable () -> Bool

    init(
        jobs: Int, makeRenderer: @escaping @Sendable () throws -> FrameRenderFunction,
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) {
        self.jobs = max(1, jobs)
        self.window = 2 * max(1, jobs)
        self.makeRenderer = makeRenderer
        self.isCancelled = isCancelled
    }

    /// Renders `frames` (indices, in the order to deliver them) and calls `consume` with each, in order
    /// (`OrderedWork`). The first error in frame order, from a worker or the consumer, stops all
    /// workers and is rethrown.
    func run<Frames: Sequence>(frames: Frames, consume: (Int, Output) throws -> Void) throws
    where Frames.Element == Int {
        let work = OrderedWork<Int, (Int, Output)>(workers: jobs, maxPending: window) { [makeRenderer] in
            let render = try makeRenderer()
            return { index in (index, try render(index)) }
        }
        let deliver: ((Int, Output)) throws -> Void = { [isCancelled] frame in
            if isCancelled() { throw CancellationError() }
            try consume(frame.0, frame.1)
        }
        for index in frames {
            if isCancelled() { throw CancellationError() }
            try work.submit(index, deliver: deliver)
        }
        try work.finish(deliver: deliver)
    }
}
