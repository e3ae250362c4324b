import Foundation

/// Names of temporary siblings: hidden, unique within this process (process id + counter), and
/// recognisable (`.name.kinetype-PID-N.tmp`), so a crash leaves nothing that looks like an output.
enum TemporaryName {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counter = 0

    static func sibling(of destination: URL, suffix: String = "tmp") -> URL {
        lock.lock()
        counter += 1
        let number = counter
        lock.unlock()
        let name = ".\(destination.lastPathComponent).kinetype-\(getpid())-\(number).\(suffix)"
        return destination.deletingLastPathComponent().appendingPathComponent(name)
    }
}
