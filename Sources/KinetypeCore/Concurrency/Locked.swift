import Foundation

/// A value shared between threads, read and changed only under its lock: the one lock-guarded
/// box the other modules use, so their own types stay compiler-checked `Sendable`.
/// (`Synchronization.Mutex` would do, but needs macOS 15; the package supports macOS 13.)
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // Safe: `value` is private and only touched inside `withLock`, under `lock`.
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock; what `body` returns is returned.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
