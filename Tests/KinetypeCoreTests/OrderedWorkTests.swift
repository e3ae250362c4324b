import Foundation
import KinetypeCore
import XCTest

final class OrderedWorkTests: XCTestCase {
    /// Counts what runs at once, to hold the bounds to account.
    private struct Gauge: Sendable {
        var running = 0
        var mostRunning = 0
    }

    /// Sleeps a few hundred microseconds that vary with `index`, so items finish out of order:
    /// jitter to shuffle the timing, not synchronisation.
    private static func unevenWork(_ index: Int) {
        usleep(useconds_t((index * 7919) % 4 * 300))
    }

    func testResultsArriveInOrderWithinTheBounds() throws {
        for workers in [1, 2, 3] {
            let gauge = Locked(Gauge())
            let work = OrderedWork<Int, Int>(workers: workers, maxPending: 5, maxPendingCost: 100) { index in
                gauge.withLock {
                    $0.running += 1
                    $0.mostRunning = max($0.mostRunning, $0.running)
                }
                Self.unevenWork(index)
                gauge.withLock { $0.running -= 1 }
                return index
            }
            var delivered: [Int] = []
            var submitted = 0
            var mostPending = 0
            let deliver: (Int) -> Void = { delivered.append($0) }
            for index in 0..<120 {
                mostPending = max(mostPending, submitted - delivered.count)
                if index.isMultiple(of: 7) {
                    try work.submit(ready: index, deliver: deliver)
                } else {
                    try work.submit(index, cost: index.isMultiple(of: 5) ? 150 : 30, deliver: deliver)
                }
                submitted += 1
            }
            try work.finish(deliver: deliver)
            let mostRunning = gauge.withLock { $0.mostRunning }
            XCTAssertEqual(delivered, Array(0..<120), "\(workers) workers")
            XCTAssertLessThanOrEqual(mostRunning, workers)
            XCTAssertLessThanOrEqual(mostPending, 5, "at most 5 undelivered")
            if workers > 1 { XCTAssertGreaterThan(mostRunning, 1, "workers run at once") }
        }
    }

    func testCostBoundsWhatWaitsButLetsOneLargeItemThrough() throws {
        let work = OrderedWork<Int, Int>(workers: 2, maxPending: 10, maxPendingCost: 100) { index in
            Self.unevenWork(index)
            return index
        }
        var delivered: [Int] = []
        var mostPending = 0
        for index in 0..<20 {
            mostPending = max(mostPending, index - delivered.count)
            try work.submit(index, cost: 60, deliver: { delivered.append($0) })
        }
        try work.finish(deliver: { delivered.append($0) })
        XCTAssertEqual(delivered, Array(0..<20))
        XCTAssertLessThanOrEqual(mostPending, 1, "two items of cost 60 exceed 100: one waits at a time")
        let large = OrderedWork<Int, Int>(workers: 1, maxPending: 4, maxPendingCost: 10) { $0 }
        var got: [Int] = []
        try large.submit(7, cost: 1_000, deliver: { got.append($0) })
        try large.finish(deliver: { got.append($0) })
        XCTAssertEqual(got, [7])
    }

    func testAFailingDeliveryStopsAndIsRethrown() {
        struct Stop: Error {}
        let work = OrderedWork<Int, Int>(workers: 2, maxPending: 3) { $0 }
        var delivered: [Int] = []
        XCTAssertThrowsError(
            try {
                for index in 0..<50 {
                    try work.submit(index) { value in
                        if value == 10 { throw Stop() }
                        delivered.append(value)
                    }
                }
            }()
        ) { XCTAssertTrue($0 is Stop) }
        XCTAssertEqual(delivered, Array(0..<10))
    }

    func testAnItemsErrorIsThrownInItsPlaceAndNoLaterItemStarts() {
        struct Failed: Error, Equatable { let index: Int }
        let started = Locked(Set<Int>())
        let work = OrderedWork<Int, Int>(workers: 3, maxPending: 4) { index in
            started.withLock { _ = $0.insert(index) }
            Self.unevenWork(index)
            if index == 9 || index == 12 { throw Failed(index: index) }
            return index
        }
        var delivered: [Int] = []
        XCTAssertThrowsError(
            try {
                for index in 0..<40 { try work.submit(index) { delivered.append($0) } }
                try work.finish { delivered.append($0) }
            }()
        ) { XCTAssertEqual($0 as? Failed, Failed(index: 9), "the first failure in order, whatever the timing") }
        XCTAssertEqual(delivered, Array(0..<9))
        let latest = started.withLock { $0.max() ?? 0 }
        XCTAssertLessThan(latest, 9 + 4, "nothing starts once an item failed, beyond what was already queued")
    }

    func testEachWorkerMakesItsFunctionOnceAndAFailureToMakeOneIsThrown() throws {
        let itemsPerFunction = Locked([Int]())
        let work = OrderedWork<Int, Int>(workers: 3, maxPending: 6) {
            let function = itemsPerFunction.withLock {
                $0.append(0)
                return $0.count - 1
            }
            return { index in
                itemsPerFunction.withLock { $0[function] += 1 }
                Self.unevenWork(index)
                return index * 2
            }
        }
        var delivered: [Int] = []
        for index in 0..<100 { try work.submit(index) { delivered.append($0) } }
        try work.finish { delivered.append($0) }
        XCTAssertEqual(delivered, (0..<100).map { $0 * 2 })
        let counts = itemsPerFunction.withLock { $0 }
        XCTAssertTrue((1...3).contains(counts.count), "one function per worker thread, at most 3: \(counts)")
        XCTAssertEqual(counts.reduce(0, +), 100, "each item runs once")

        struct NoRenderer: Error {}
        let failing = OrderedWork<Int, Int>(workers: 2, maxPending: 4) { throw NoRenderer() }
        XCTAssertThrowsError(
            try {
                for index in 0..<10 { try failing.submit(index) { _ in } }
                try failing.finish { _ in }
            }()
        ) { XCTAssertTrue($0 is NoRenderer) }
    }

    func testMapKeepsTheOrderOfItsItems() throws {
        let items = Array(0..<200)
        for workers in [1, 2, 5] {
            let mapped = try OrderedWork.map(items, workers: workers) { index -> String in
                Self.unevenWork(index % 3)
                return "#\(index)"
            }
            XCTAssertEqual(mapped, items.map { "#\($0)" }, "\(workers) workers")
        }
    }

    func testForEachDeliversInOrderAndStopsAtTheFirstError() throws {
        let items = Array(0..<200)
        for workers in [1, 2, 5] {
            var delivered: [Int] = []
            try OrderedWork.forEach(
                items, workers: workers, maxPending: 3,
                { index -> Int in
                    Self.unevenWork(index % 3)
                    return index * 2
                }, deliver: { delivered.append($0) })
            XCTAssertEqual(delivered, items.map { $0 * 2 }, "\(workers) workers")

            struct Failure: Error {}
            var beforeFailure: [Int] = []
            XCTAssertThrowsError(
                try OrderedWork.forEach(
                    items, workers: workers, maxPending: 3,
                    { index -> Int in
                        if index == 50 { throw Failure() }
                        return index
                    }, deliver: { beforeFailure.append($0) })
            ) { XCTAssertTrue($0 is Failure) }
            XCTAssertEqual(beforeFailure, Array(0..<50), "\(workers) workers")
        }
    }

    /// Items `ready` settles are delivered in their place among those the threads run, and never
    /// reach `body`; with every item ready, no item does.
    func testReadyResultsKeepTheirPlaceAndSkipTheWorkers() throws {
        let items = Array(0..<300)
        for (workers, isReady) in [(1, { (index: Int) in index % 3 != 0 }), (3, { $0 % 3 != 0 }), (3, { _ in true })] {
            let ran = Locked(Set<Int>())
            var delivered: [Int] = []
            try OrderedWork.forEach(
                items, workers: workers, maxPending: 4, ready: { isReady($0) ? -$0 : nil },
                { index -> Int in
                    ran.withLock { _ = $0.insert(index) }
                    Self.unevenWork(index % 5)
                    return index
                }, deliver: { delivered.append($0) })
            XCTAssertEqual(delivered, items.map { isReady($0) ? -$0 : $0 }, "\(workers) workers")
            XCTAssertEqual(ran.withLock { $0 }, Set(items.filter { !isReady($0) }), "\(workers) workers")
        }
    }
}
