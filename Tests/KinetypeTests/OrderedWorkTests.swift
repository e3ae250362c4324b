import Foundation
import XCTest

@testable import Kinetype

final class OrderedWorkTests: XCTestCase {
    /// Counts what runs and what waits, to hold the bounds to account.
    private final class Gauge: @unchecked Sendable {
        private let lock = NSLock()
        private var running = 0
        private(set) var mostRunning = 0

        func enter() {
            lock.lock()
            running += 1
            mostRunning = max(mostRunning, running)
            lock.unlock()
        }

        func leave() {
            lock.lock()
            running -= 1
            lock.unlock()
        }
    }

    func testResultsArriveInOrderWithinTheBounds() throws {
        for lanes in [1, 2, 3] {
            let gauge = Gauge()
            let work = OrderedWork<Int>(lanes: lanes, maxPending: 5, maxPendingCost: 100)
            var delivered: [Int] = []
            var submitted = 0
            var mostPending = 0
            let deliver: (Int) -> Void = { delivered.append($0) }
            for index in 0..<120 {
                mostPending = max(mostPending, submitted - delivered.count)
                if index.isMultiple(of: 7) {
                    try work.submit(ready: index, deliver: deliver)
                } else {
                    // Uneven work, so items finish out of order.
                    try work.submit(
                        cost: index.isMultiple(of: 5) ? 150 : 30,
                        { [gauge] in
                            gauge.enter()
                            usleep(useconds_t((index * 7919) % 4 * 300))
                            gauge.leave()
                            return index
                        }, deliver: deliver)
                }
                submitted += 1
            }
            try work.finish(deliver: deliver)
            XCTAssertEqual(delivered, Array(0..<120), "\(lanes) lanes")
            XCTAssertLessThanOrEqual(gauge.mostRunning, lanes)
            XCTAssertLessThanOrEqual(mostPending, 5, "at most 5 undelivered")
            if lanes > 1 { XCTAssertGreaterThan(gauge.mostRunning, 1, "lanes run at once") }
        }
    }

    func testCostBoundsWhatWaitsButLetsOneLargeItemThrough() throws {
        let work = OrderedWork<Int>(lanes: 2, maxPending: 10, maxPendingCost: 100)
        var delivered: [Int] = []
        var mostPending = 0
        for index in 0..<20 {
            mostPending = max(mostPending, index - delivered.count)
            try work.submit(
                cost: 60,
                {
                    usleep(500)
                    return index
                }, deliver: { delivered.append($0) })
        }
        try work.finish(deliver: { delivered.append($0) })
        XCTAssertEqual(delivered, Array(0..<20))
        XCTAssertLessThanOrEqual(mostPending, 1, "two items of cost 60 exceed 100: one waits at a time")
        let large = OrderedWork<Int>(lanes: 1, maxPending: 4, maxPendingCost: 10)
        var got: [Int] = []
        try large.submit(cost: 1_000, { 7 }, deliver: { got.append($0) })
        try large.finish(deliver: { got.append($0) })
        XCTAssertEqual(got, [7])
    }

    func testAFailingDeliveryStopsAndIsRethrown() {
        struct Stop: Error {}
        let work = OrderedWork<Int>(lanes: 2, maxPending: 3, maxPendingCost: .max)
        var delivered: [Int] = []
        XCTAssertThrowsError(
            try {
                for index in 0..<50 {
                    try work.submit(cost: 1, { index }) { value in
                        if value == 10 { throw Stop() }
                        delivered.append(value)
                    }
                }
            }()
        ) { XCTAssertTrue($0 is Stop) }
        XCTAssertEqual(delivered, Array(0..<10))
    }
}
