import Foundation

/// Runs items on worker threads and hands their results back to the submitting thread in
/// submission order: the one way kinetype spreads work over threads.
///
/// Each worker thread makes its own function once (`makeWorker`: a renderer, say, that nothing
/// else touches) and takes the oldest item not yet taken, so no more than `workers` items run at
/// once. Submitting waits, delivering finished results meanwhile, while `maxPending` items, or
/// items whose costs add up to more than `maxPendingCost`, are undelivered: that bounds the
/// memory their inputs and results hold. One item is always let through, whatever its cost.
///
/// Failures keep the order too: an item's error is thrown where its result would have been
/// delivered, and no item after it starts. An error from `makeWorker` is thrown at once. The
/// threads are started as items arrive and stopped, and waited for, by `finish` or when the
/// value is released, so no work outlives an error the submitter throws.
///
/// Use it from one thread: the submitting one.
public final class OrderedWork<Item: Sendable, Result: Sendable> {
    /// What the submitter and the workers share, behind one lock.
    private struct Shared: Sendable {
        /// Items in submission order; a taken item's slot is emptied at once, so its memory goes
        /// as soon as its worker is done with it.
        var queue: [(position: Int, item: Item)?] = []
        var queueStart = 0
        var finished: [Int: Swift.Result<Result, any Error>] = [:]
        var workerFailure: (any Error)?
        var stopped = false

        mutating func nextItem() -> (position: Int, item: Item)? {
            guard !stopped, queueStart < queue.count, let next = queue[queueStart] else { return nil }
            queue[queueStart] = nil
            queueStart += 1
            if queueStart >= 64, queueStart * 2 >= queue.count {
                queue.removeFirst(queueStart)
                queueStart = 0
            }
            return next
        }
    }

    public typealias WorkerFunction = (Item) throws -> Result

    private let shared = Locked(Shared())
    private let threads = DispatchGroup()
    private let workers: Int
    private let maxPending: Int
    private let maxPendingCost: Int
    private let makeWorker: @Sendable () throws -> WorkerFunction
    private var startedWorkers = 0
    private var costs: [Int: Int] = [:]
    private var pendingCost = 0
    private var submitted = 0
    private var delivered = 0

    /// Work on up to `workers` threads, each running the function `makeWorker` makes for it.
    public init(
        workers: Int, maxPending: Int, maxPendingCost: Int = .max,
        makeWorker: @escaping @Sendable () throws -> WorkerFunction
    ) {
        self.workers = max(1, workers)
        self.maxPending = max(1, maxPending)
        self.maxPendingCost = maxPendingCost
        self.makeWorker = makeWorker
    }

    /// Work on up to `workers` threads, each running `body`.
    public convenience init(
        workers: Int, maxPending: Int, maxPendingCost: Int = .max,
        _ body: @escaping @Sendable (Item) throws -> Result
    ) {
        self.init(workers: workers, maxPending: maxPending, maxPendingCost: maxPendingCost) { body }
    }

    deinit {
        stop()
    }

    /// Queues `item`, after waiting for room as described above; `deliver` receives every result
    /// that is ready by then, in order.
    public func submit(_ item: Item, cost: Int = 0, deliver: (Result) throws -> Void) throws {
        try drain(
            until: { pending in
                pending < maxPending && (pending == 0 || pendingCost + cost <= maxPendingCost)
            }, to: deliver)
        let position = take(cost: cost)
        shared.withLock { $0.queue.append((position, item)) }
        if startedWorkers < workers, startedWorkers < submitted - delivered { startWorker() }
    }

    /// Adds a result that needs no work, in its place in the order.
    public func submit(ready result: Result, deliver: (Result) throws -> Void) throws {
        try drain(until: { $0 < maxPending }, to: deliver)
        let position = take(cost: 0)
        shared.withLock { $0.finished[position] = .success(result) }
    }

    /// Delivers every result, waiting for the items still running, then stops the threads.
    public func finish(deliver: (Result) throws -> Void) throws {
        try drain(until: { $0 == 0 }, to: deliver)
        stop()
    }

    private func take(cost: Int) -> Int {
        let position = submitted
        submitted += 1
        costs[position] = cost
        pendingCost += cost
        return position
    }

    /// Delivers finished results in order until `hasRoom(undelivered count)` holds, waiting for
    /// the next one whenever it does not.
    private func drain(until hasRoom: (Int) -> Bool, to deliver: (Result) throws -> Void) throws {
        while true {
            let pending = submitted - delivered
            let position = delivered
            let isReady = { (shared: Shared) in
                shared.finished[position] != nil || shared.workerFailure != nil || hasRoom(pending)
            }
            let next = try shared.withLock(waitingUntil: isReady) { shared -> Swift.Result<Result, any Error>? in
                if let next = shared.finished.removeValue(forKey: position) { return next }
                if let failure = shared.workerFailure { throw failure }
                return nil
            }
            guard let next else { return }
            pendingCost -= costs.removeValue(forKey: delivered) ?? 0
            delivered += 1
            try deliver(next.get())
        }
    }

    private func startWorker() {
        startedWorkers += 1
        threads.enter()
        Thread.detachNewThread { [shared, threads, makeWorker] in
            defer { threads.leave() }
            Self.work(shared: shared, makeWorker: makeWorker)
        }
    }

    private static func work(shared: Locked<Shared>, makeWorker: () throws -> WorkerFunction) {
        let body: WorkerFunction
        do {
            body = try makeWorker()
        } catch {
            shared.withLock { shared in
                if shared.workerFailure == nil { shared.workerFailure = error }
            }
            return
        }
        while let next = shared.withLock(
            waitingUntil: { $0.stopped || $0.queueStart < $0.queue.count }, { $0.nextItem() })
        {
            let result = Swift.Result { try body(next.item) }
            shared.withLock { shared in
                shared.finished[next.position] = result
                if case .failure = result { shared.stopped = true }
            }
        }
    }

    /// Stops the workers once their current items are done, and waits for them.
    private func stop() {
        shared.withLock { $0.stopped = true }
        threads.wait()
    }
}

extension OrderedWork {
    /// `body` applied to each of `items` on up to `workers` threads, in the order of `items`; the
    /// first item's error in that order is thrown.
    public static func map(
        _ items: [Item], workers: Int, _ body: @escaping @Sendable (Item) throws -> Result
    ) throws -> [Result] {
        var results: [Result] = []
        results.reserveCapacity(items.count)
        try forEach(items, workers: workers, maxPending: items.count, body) { results.append($0) }
        return results
    }

    /// `body` applied to each of `items` on up to `workers` threads, each result handed to
    /// `deliver` on this thread in the order of `items`, with at most `maxPending` of them run and
    /// not yet delivered: the caller keeps only what it needs of each result. The first item's
    /// error in that order is thrown.
    ///
    /// `ready` is asked first, on this thread, for each item's result when it needs no work (an
    /// item cheaper to settle than to hand to a thread); only the items it gives nil for go to
    /// `body`, and no thread is started until one does.
    ///
    /// Each item is let go once it is handed on, and the list shrinks as it empties, so the
    /// memory of items already done goes while the others run (a batch's jobs): pass the list
    /// with `consume` when the caller has no more use for it.
    public static func forEach(
        _ items: consuming [Item], workers: Int, maxPending: Int, ready: (Item) throws -> Result? = { _ in nil },
        _ body: @escaping @Sendable (Item) throws -> Result, deliver: (Result) throws -> Void
    ) throws {
        var remaining = ShrinkingQueue(items)
        guard workers > 1, remaining.count > 1 else {
            while let item = remaining.next() { try deliver(ready(item) ?? body(item)) }
            return
        }
        // Made for the first item that needs a thread: until then every result is ready, and is
        // delivered at once.
        var work: OrderedWork?
        while let item = remaining.next() {
            if let result = try ready(item) {
                if let work { try work.submit(ready: result, deliver: deliver) } else { try deliver(result) }
            } else {
                let started =
                    work ?? OrderedWork(workers: min(workers, remaining.count + 1), maxPending: maxPending, body)
                work = started
                try started.submit(item, deliver: deliver)
            }
        }
        try work?.finish(deliver: deliver)
    }
}
