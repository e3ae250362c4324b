import XCTest

@testable import Kinetype

final class FramePipelineTests: XCTestCase {
    /// A 1×1 image whose red channel encodes the frame index.
    private func marker(_ index: Int) -> Image {
        Image(width: 1, height: 1, pixels: [UInt8(index % 256), 0, 0, 255])
    }

    func testDeliversEveryFrameInOrderWhateverTheJobCount() throws {
        for jobs in [1, 2, 3, 8] {
            let pipeline = FramePipeline(
                jobs: jobs,
                makeRenderer: {
                    return { index in
                        // Uneven work so frames finish out of order.
                        usleep(useconds_t((index * 7919) % 5 * 200))
                        return self.marker(index)
                    }
                })
            var delivered: [Int] = []
            try pipeline.run(frames: Array(0..<60)) { index, image in
                XCTAssertEqual(image, self.marker(index))
                delivered.append(index)
            }
            XCTAssertEqual(delivered, Array(0..<60), "jobs \(jobs)")
        }
    }

    func testNeverRendersMoreThanTheWindowAheadOfTheConsumer() throws {
        let highestRendered = Locked(-1)
        let pipeline = FramePipeline(
            jobs: 2,
            makeRenderer: {
                return { index in
                    highestRendered.withLock { $0 = max($0, index) }
                    return self.marker(index)
                }
            })
        try pipeline.run(frames: Array(0..<40)) { index, _ in
            usleep(500)
            let ahead = highestRendered.withLock { $0 } - index
            XCTAssertLessThanOrEqual(ahead, pipeline.window)
        }
    }

    func testAWorkerFailureStopsTheRunAndIsRethrown() {
        struct Boom: Error {}
        let pipeline = FramePipeline(
            jobs: 2,
            makeRenderer: {
                return { index in
                    if index == 5 { throw Boom() }
                    return self.marker(index)
                }
            })
        var delivered = 0
        XCTAssertThrowsError(try pipeline.run(frames: Array(0..<100)) { _, _ in delivered += 1 }) { error in
            XCTAssertTrue(error is Boom)
        }
        XCTAssertLessThanOrEqual(delivered, 5)
    }

    func testCancellationStopsTheRun() {
        let delivered = Locked(0)
        let pipeline = FramePipeline(
            jobs: 2, makeRenderer: { { self.marker($0) } },
            isCancelled: { delivered.withLock { $0 } >= 3 })
        XCTAssertThrowsError(try pipeline.run(frames: Array(0..<100)) { _, _ in delivered.withLock { $0 += 1 } }) {
            error in
            XCTAssertTrue(error is CancellationError)
        }
        XCTAssertEqual(delivered.withLock { $0 }, 3)
    }
}
