import Foundation

/// The one place in the tests that reads the clock: deadlines that stop something hung, so a hang
/// fails its test instead of stalling the suite. A deadline is generous (a minute or more) and only
/// ever ends a wait; no test passes or fails by how long something took, since CI runs on busy
/// machines where the same work takes several times as long. `scripts/lint-tests` (run by `make
/// lint` and `TestClockTests`) refuses a clock read anywhere else under Tests/.
public enum HangGuard {
    /// Waits for `semaphore` at most `seconds`; false when the time ran out first.
    public static func wait(for semaphore: DispatchSemaphore, seconds: Double) -> Bool {
        semaphore.wait(timeout: .now() + seconds) == .success
    }

    /// Terminates `process` (SIGTERM) if it is still running `seconds` from now.
    public static func terminate(_ process: Process, after seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { if process.isRunning { process.terminate() } }
    }

    /// Polls `condition` every `interval` seconds until it holds or `seconds` have passed; returns
    /// whether it held. `condition` may end the wait early by throwing.
    public static func poll(
        every interval: Double = 0.01, upTo seconds: Double, until condition: () throws -> Bool
    ) rethrows -> Bool {
        let deadline = DispatchTime.now() + seconds
        while DispatchTime.now() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: interval)
        }
        return try condition()
    }
}
