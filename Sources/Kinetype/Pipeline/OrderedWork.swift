import Foundation

/// Runs work items on `lanes` threads and hands their results back to the submitting thread in
/// submission order.
///
/// Item `n` runs on lane `n % lanes`, each lane in order, so no more than `lanes` items run at
/// once. Submitting waits (delivering finished results meanwhile) while `maxPending` items, or
/// items whose costs add up to more than `maxPendingCost`, are undelivered: that bounds the memory
/// their inputs and results hold. One item is always let through, whatever its cost.
final class OrderedWork<Result: Sendable>: @unchecked Sendable {
    // Unchecked: `finished` is only touched while `condition` is locked; the other state only on
    // the submitting thread.
    private let condition = NSCondition()
    private var finished: [Int: Result] = [:]
    private let lanes: [DispatchQueue]
    private let maxPending: Int
    private let maxPendingCost: Int
    private var costs: [Int: Int] = [:]
    private var pendingCost = 0
    private var submitted = 0
    private var delivered = 0

    init(lanes: Int, maxPending: Int, maxPendingCost: Int) {
        self.lanes = (0..<max(1, lanes)).map { DispatchQueue(label: "kinetype.ordered-work.\($0)") }
        self.maxPending = max(1, maxPending)
        self.maxPendingCost = maxPendingCost
    }

    /// Starts `work`, after waiting for room as described above; `deliver` receives every result
    /// that is ready by then, in order.
    func submit(
        cost: Int, _ work: @escaping @Sendable () -> Result, deliver: (Result) throws -> Void
    ) throws {
        try drain(
            until: { pending in
                pending < maxPending && (pending == 0 || pendingCost + cost <= maxPendingCost)
            }, to: deliver)
        let position = take(cost: cost)
        lanes[position % lanes.count].async { [self] in
            let result = work()
            condition.lock()
            finished[position] = result
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Adds a result that needs no work, in its place in the order.
    func submit(ready result: Result, deliver: (Result) throws -> Void) throws {
        try drain(until: { $0 < maxPending }, to: deliver)
        let position = take(cost: 0)
        condition.lock()
        finished[position] = result
        condition.unlock()
    }

    /// Delivers every result, waiting for the items still running.
    func finish(deliver: (Result) throws -> Void) throws {
        try drain(until: { $0 == 0 }, to: deliver)
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
            condition.lock()
            var result = finished.removeValue(forKey: delivered)
            while result == nil, !hasRoom(submitted - delivered) {
                condition.wait()
                result = finished.removeValue(forKey: delivered)
            }
            condition.unlock()
            guard let result else { return }
            pendingCost -= costs.removeValue(forKey: delivered) ?? 0
            delivered += 1
            try deliver(result)
        }
    }
}
