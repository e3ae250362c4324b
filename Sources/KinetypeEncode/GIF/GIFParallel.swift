import Foundation
import KinetypeCore

/// Runs independent per-frame work on up to `jobs` threads and returns the results in order.
enum GIFParallel {
    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], jobs: Int, _ body: @Sendable (Item) -> Result
    ) -> [Result] {
        guard jobs > 1, items.count > 1 else { return items.map(body) }
        let next = Locked(0)
        let results = Locked([Result?](repeating: nil, count: items.count))
        DispatchQueue.concurrentPerform(iterations: min(jobs, items.count)) { _ in
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < items.count else { return }
                let result = body(items[index])
                results.withLock { $0[index] = result }
            }
        }
        return results.withLock { $0.map { $0! } }
    }
}
