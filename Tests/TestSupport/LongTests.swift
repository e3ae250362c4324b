import Foundation

/// Whether the slow, exhaustive forms of the sampling tests run: `make test-long` sets
/// `KINETYPE_LONG_TESTS=1` (CI runs it after `make test`); `make test` samples instead.
public enum LongTests {
    public static var enabled: Bool { ProcessInfo.processInfo.environment["KINETYPE_LONG_TESTS"] == "1" }
}
