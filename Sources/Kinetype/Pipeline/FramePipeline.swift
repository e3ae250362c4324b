import Foundation
import KinetypeCore

/// Renders frames on several worker threads and hands them to a consumer strictly in frame order.
///
/// Each worker makes its own renderer (one Cairo surface, Pango context and font map per thread;
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

    /// Renders `frames` (indices, in the order to deliver them) and calls `consume` with each, in order.
    /// The first error from a worker or the consumer stops all workers and is rethrown.
    func run<Frames: RandomAccessCollection>(frames: Frames, consume: (Int, Output) throws -> Void) throws
    where Frames.Element == Int, Frames.Index == Int, Frames: Sendable {
        let state = SharedState()
        let group = DispatchGroup()
        let workerCount = min(jobs, max(1, frames.count))
        for _ in 0..<workerCount {
            group.enter()
            Thread.detachNewThread { [makeRenderer, window] in
                defer { group.leave() }
                Self.work(frames: frames, window: window, state: state, makeRenderer: makeRenderer)
            }
        }
        defer {
            state.stop()
            group.wait()
        }
        for position in 0..<frames.count {
            if isCancelled() { throw CancellationError() }
            let image = try state.take(position)
            try consume(frames[frames.startIndex + position], image)
        }
    }

    private static func work<Frames: RandomAccessCollection>(
        frames: Frames, window: Int, state: SharedState,
        makeRenderer: () throws -> FrameRenderFunction
    )
    where Frames.Element == Int, Frames.Index == Int {
        let render: FrameRenderFunction
        do {
            render = try makeRenderer()
        } catch {
            state.fail(error)
            return
        }
        while let position = state.claim(count: frames.count, window: window) {
            do {
                let image = try render(frames[frames.startIndex + position])
                state.deliver(image, at: position)
            } catch {
                state.fail(error)
                return
            }
        }
    }

    /// The claim counter, the reorder buffer and the first failure, behind one condition lock.
    // Unchecked: every stored property is read and written only while `condition` is locked.
    private final class SharedState: @unchecked Sendable {
        private let condition = NSCondition()
        private var nextToClaim = 0
        private var nextToConsume = 0
        private var ready: [Int: Output] = [:]
        private var failure: Error?
        private var stopped = false

        /// The next position to render, waiting while the window is full; nil when done or stopped.
        func claim(count: Int, window: Int) -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if stopped || failure != nil || nextToClaim >= count { return nil }
                if nextToClaim - nextToConsume < window {
                    nextToClaim += 1
                    return nextToClaim - 1
                }
                condition.wait()
            }
        }

        func deliver(_ image: Output, at position: Int) {
            condition.lock()
            ready[position] = image
            condition.broadcast()
            condition.unlock()
        }

        func fail(_ error: Error) {
            condition.lock()
            if failure == nil { failure = error }
            condition.broadcast()
            condition.unlock()
        }

        func stop() {
            condition.lock()
            stopped = true
            condition.broadcast()
            condition.unlock()
        }

        /// Waits for the frame at `position`; rethrows a worker's failure.
        func take(_ position: Int) throws -> Output {
            condition.lock()
            defer { condition.unlock() }
            while ready[position] == nil {
                if let failure { throw failure }
                condition.wait()
            }
            nextToConsume = position + 1
            condition.broadcast()
            return ready.removeValue(forKey: position)!
        }
    }
}
