import Foundation
import KinetypeCore
import KinetypeEncode

/// Every outcome of a batch that keeps only its failed ones in memory (`BatchOptions.keepsOutcomes`
/// false), encoded as its report lists it, in plan order, into an anonymous file (`SpoolFile`) in the
/// report's folder: the report is written from it, so memory does not grow with the outputs. A
/// spool that cannot be written (a full disk, which the report could not be written to either)
/// remembers why, and writing the report then fails with that error; the outputs are not affected.
final class BatchOutcomeSpool: Sendable {
    /// Unchecked: the file, which is not `Sendable`, is only touched under the lock.
    private struct State: @unchecked Sendable {
        let file: SpoolFile
        /// The report's encoder, made once for every outcome.
        let encoder = JSONReport.encoder()
        var count = 0
        var failure: (any Error)?
    }

    private let state: Locked<State>

    /// A spool beside `report`, whose errors name it; nil when no anonymous file can be made there
    /// (the outcomes are then kept in memory, as they would be without the spool).
    init?(for report: URL) {
        guard let file = try? SpoolFile(folder: report.deletingLastPathComponent(), for: report) else { return nil }
        state = Locked(State(file: file))
    }

    /// Adds `outcome`'s JSON, after those added before it.
    func add(_ outcome: BatchOutcome) {
        state.withLock { state in
            guard state.failure == nil else { return }
            do {
                let element = try state.encoder.encode(outcome)
                var record = withUnsafeBytes(of: UInt32(element.count).littleEndian, Array.init)
                record.append(contentsOf: element)
                try state.file.append(record)
                state.count += 1
            } catch {
                state.failure = error
            }
        }
    }

    /// Hands `body` each outcome's JSON, in the order they were added.
    /// - Throws: what kept an outcome from being spooled or read back, or what `body` throws.
    func forEachEncoded(_ body: (Data) throws -> Void) throws {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            var offset = 0
            for _ in 0..<state.count {
                let length = try state.file.read(at: offset, count: 4).reversed().reduce(0) { $0 << 8 | Int($1) }
                try body(Data(state.file.read(at: offset + 4, count: length)))
                offset += 4 + length
            }
        }
    }
}
