/// Counts the work some code did (bytes it read, candidates it compared), so a test can bound how
/// that work grows with the input instead of timing it: a test that compares seconds fails on a
/// busy machine, a count is the same on every machine.
///
/// Counting is off unless a test turns it on for what it runs:
///
/// ```swift
/// let counter = WorkCounter()
/// WorkCounter.$current.withValue(counter) { _ = expander.expand(text) }
/// XCTAssertLessThanOrEqual(counter[.templateBytes], 2 * text.utf8.count)
/// ```
///
/// Counted code adds its total once per call (`WorkCounter.add`), never per byte, so it costs
/// nothing measurable when no counter is set.
public final class WorkCounter: Sendable {
    /// What is counted.
    public enum Kind: Sendable, Hashable {
        /// Bytes `TemplateExpander` stepped over or wrote while expanding placeholders.
        case templateBytes
        /// Candidates `Suggestion` compared with a word (edit distances computed) for a "did you mean".
        case suggestionComparisons
    }

    private let counts = Locked<[Kind: Int]>([:])

    public init() {}

    /// The work of `kind` counted so far.
    public subscript(kind: Kind) -> Int { counts.withLock { $0[kind, default: 0] } }

    /// The counter of the code running now (a task, or the current thread outside tasks); nil, the
    /// default, counts nothing.
    @TaskLocal public static var current: WorkCounter?

    /// Adds `amount` of `kind` to the current counter, if there is one.
    static func add(_ amount: Int, to kind: Kind) {
        guard let counter = current else { return }
        counter.counts.withLock { $0[kind, default: 0] += amount }
    }
}
