/// How many outcomes of each kind a batch finished without keeping them in memory
/// (`BatchOptions.keepsOutcomes` false), for the report's totals.
struct BatchOutcomeCounts: Sendable {
    var finished = 0
    var rendered = 0
    var unchanged = 0
    var failed = 0
    var filesWritten = 0
    var filesKept = 0
    var writeFailure = false

    /// Counts `outcome`.
    mutating func add(_ outcome: BatchOutcome) {
        finished += 1
        switch outcome.status {
        case .rendered: rendered += 1
        case .unchanged: unchanged += 1
        case .failed: failed += 1
        }
        filesWritten += outcome.written.count
        filesKept += outcome.kept.count
        writeFailure = writeFailure || (outcome.status == .failed && outcome.couldNotWrite)
    }
}
