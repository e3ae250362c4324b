import Foundation

/// The one owner of an `OutputGroup`: it puts the group's outputs in place (`commit()`) or removes
/// them (`discard()`, or dropping it unfinished, on any path that throws). The outputs are handed
/// to its `group`, which several writers (and threads) share; the transaction is noncopyable and
/// `commit` and `discard` consume it, so a second commit, or a commit after a discard, is a compile
/// error rather than a run-time check, as for `AtomicFile` and `AtomicFolder`.
public struct OutputTransaction: ~Copyable, Sendable {
    /// Where outputs are handed over until the commit: `AtomicFile(destination:group:)`,
    /// `AtomicFolder`, `RenderOptions.group`.
    public let group: OutputGroup
    /// Whether `commit()` took the outputs, so that dropping the transaction leaves them alone.
    private var isCommitted = false

    /// A transaction of an empty group; with `keepingIdenticalFiles`, a file whose destination
    /// already holds its bytes is left as it is (see `OutputGroup`).
    public init(keepingIdenticalFiles: Bool = false) {
        group = OutputGroup(keepingIdenticalFiles: keepingIdenticalFiles)
    }

    /// Puts every output in place, in the order they were handed over, and returns the
    /// destinations left as they were because they already held the new bytes (only with
    /// `keepingIdenticalFiles`). On failure the outputs already placed are put back, every
    /// temporary is removed, and the error is thrown.
    @discardableResult
    public consuming func commit() throws -> [URL] {
        isCommitted = true
        return try group.placeAll()
    }

    /// Removes every temporary handed over; every destination stays as it was.
    public consuming func discard() {}

    deinit {
        if !isCommitted { group.removeAll() }
    }
}
