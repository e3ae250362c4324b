import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Names of temporary siblings: hidden, unique within this process (process id + counter), and
/// recognisable (`.name.kinetype-PID-N.tmp`, or `.old` for a folder moved aside), so a crash
/// leaves nothing that looks like an output and the next run can tell kinetype's leftovers from
/// everything else (see `StaleTemporaries`).
enum TemporaryName {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counter = 0

    /// The suffixes kinetype's temporaries end with.
    static let suffixes = ["tmp", "old"]

    static func sibling(of destination: URL, suffix: String = "tmp") -> URL {
        lock.lock()
        counter += 1
        let number = counter
        lock.unlock()
        let name = ".\(destination.lastPathComponent).kinetype-\(getpid())-\(number).\(suffix)"
        return destination.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// The parts of a name made by `sibling(of:suffix:)`, or nil for any other name.
    struct Parsed: Equatable {
        /// The destination's file name.
        var destinationName: String
        var processID: pid_t
        var suffix: String
    }

    /// Parses `.NAME.kinetype-PID-N.tmp|old` exactly: PID and N are decimal numbers without a
    /// leading zero, NAME is not empty. Anything else is not kinetype's and gives nil.
    static func parse(_ name: String) -> Parsed? {
        guard name.hasPrefix(".") else { return nil }
        let parts = name.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, let suffix = parts.last, suffixes.contains(String(suffix)) else { return nil }
        let marker = parts[parts.count - 2]
        guard marker.hasPrefix("kinetype-") else { return nil }
        let numbers = marker.dropFirst("kinetype-".count).split(separator: "-", omittingEmptySubsequences: false)
        guard numbers.count == 2, numbers.allSatisfy(isDecimal), let pid = pid_t(numbers[0]), pid > 0,
            let counter = Int(numbers[1]), counter > 0
        else { return nil }
        let destination = parts[0..<(parts.count - 2)].joined(separator: ".")
        guard !destination.isEmpty else { return nil }
        return Parsed(destinationName: destination, processID: pid, suffix: String(suffix))
    }

    private static func isDecimal(_ text: Substring) -> Bool {
        guard let first = text.first, first != "0", text.count <= 10 else { return false }
        return text.allSatisfy { $0 >= "0" && $0 <= "9" }
    }
}
