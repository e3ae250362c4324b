import Foundation

/// A value shared between threads, read and changed only under its lock: the one lock-guarded
/// box the other modules use, so their own types stay compiler-checked `Sendable`.
///
/// A thread can wait for the value to reach a state (`withLock(waitingUntil:_:)`). Every plain
/// `withLock` body wakes the waiters when it ends, so a change made there can never be missed.
/// (`Synchronization.Mutex` would do for the lock alone, but needs macOS 15 and cannot wait.)
/// The value may be noncopyable (an `AtomicFolder` several threads write into).
public final class Locked<Value: Sendable & ~Copyable>: @unchecked Sendable {
    // Safe: `value` is private and only touched inside the `withLock` bodies, under `condition`.
    private let condition = NSCondition()
    private var value: Value

    public init(_ value: consuming Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock; what `body` returns is returned.
    public func withLock<Result: ~Copyable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&value)
    }

    /// Waits until `isReady` holds for the value, then runs `body` with it, holding the lock
    /// throughout; what `body` returns is returned.
    ///
    /// `body` wakes no one (waking every waiter after each take costs a context switch per item):
    /// it should only take what was waited for. A change other threads wait for belongs in a
    /// plain `withLock`.
    public func withLock<Result: ~Copyable>(
        waitingUntil isReady: (borrowing Value) -> Bool, _ body: (inout Value) throws -> Result
    ) rethrows -> Result {
        condition.lock()
        defer { condition.unlock() }
        while !isReady(value) { condition.wait() }
        return try body(&value)
    }
}
