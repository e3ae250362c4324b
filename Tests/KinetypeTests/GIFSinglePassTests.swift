import KinetypeCore
import KinetypeEncode
import XCTest

@testable import Kinetype

/// A GIF render renders each frame once and keeps the changed pixels for the write pass; past
/// its memory budget it renders the remaining frames again. The bytes never depend on which.
final class GIFSinglePassTests: XCTestCase {
    private func gif(_ prepared: PreparedScene, jobs: Int, budget: Int? = nil) throws -> Data {
        var encoding = EncodingOptions(format: .gif)
        encoding.jobs = jobs
        var writer = OutputWriter(prepared: prepared, encoding: encoding, isCancelled: { false }, progress: { _ in })
        if let budget { writer.gifPatchBudget = budget }
        return try writer.encodeGIFData()
    }

    func testTheBudgetFallbackAndTheJobCountDoNotChangeTheBytes() throws {
        for name in ["tiny-typewriter.json", "flat-colors.json", "grow-trailing.json"] {
            let prepared = try TestScenes.prepared(name)
            let expected = try gif(prepared, jobs: 1)
            XCTAssertNoThrow(try GIFDecoder.decode(expected), name)
            XCTAssertEqual(try gif(prepared, jobs: 2), expected, "\(name): jobs 2")
            // Budget 0 keeps only the first frame: every later frame is rendered a second time.
            XCTAssertEqual(try gif(prepared, jobs: 1, budget: 0), expected, "\(name): nothing kept")
            XCTAssertEqual(try gif(prepared, jobs: 2, budget: 0), expected, "\(name): nothing kept, jobs 2")
            // A budget that runs out part of the way.
            XCTAssertEqual(try gif(prepared, jobs: 2, budget: 600), expected, "\(name): some kept")
        }
    }

    func testDiffusionGivesTheSameBytesForAnyJobCountAndBudget() throws {
        let prepared = try TestScenes.prepared("tiny-typewriter.json")
        func diffused(jobs: Int, budget: Int = 4 << 20) throws -> Data {
            var encoding = EncodingOptions(format: .gif)
            encoding.jobs = jobs
            encoding.settings.gifQuality = 30
            encoding.settings.gifDither = .diffusion
            var writer = OutputWriter(
                prepared: prepared, encoding: encoding, isCancelled: { false }, progress: { _ in })
            writer.gifPatchBudget = budget
            return try writer.encodeGIFData()
        }
        let expected = try diffused(jobs: 1)
        XCTAssertEqual(try diffused(jobs: 2), expected)
        XCTAssertEqual(try diffused(jobs: 2, budget: 0), expected)
    }

    func testProgressCountsEveryFrameOfBothPasses() throws {
        let prepared = try TestScenes.prepared("tiny-typewriter.json")
        let phases = Locked<[String: Int]>([:])
        var writer = OutputWriter(
            prepared: prepared, encoding: EncodingOptions(format: .gif), isCancelled: { false },
            progress: { progress in phases.withLock { $0[progress.phase] = max($0[progress.phase] ?? 0, progress.done) }
            })
        writer.gifPatchBudget = 0
        _ = try writer.encodeGIFData()
        let frameCount = prepared.timeline.frameCount
        XCTAssertEqual(phases.withLock { $0 }, ["palette": frameCount, "frames": frameCount])
    }
}
