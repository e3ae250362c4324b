import Foundation
import TestSupport
import XCTest

/// One `kinetype` run whose memory is measured: its own peak resident set, as GNU time reports it
/// (never its time: no test compares elapsed seconds, see `HangGuard`). (The test process cannot measure the child itself: a child started by
/// `posix_spawn` shares the test process's memory until it executes kinetype, and Linux carries
/// that peak into the child's `ru_maxrss`; GNU time forks kinetype from its own small process.)
/// Output goes to /dev/null; only the exit status is kept.
struct MeasuredRun {
    var status: Int32
    /// Peak resident set, in MiB.
    var peakMiB: Double

    static let time = URL(fileURLWithPath: "/usr/bin/time")

    static func run(_ arguments: [String], in directory: URL) throws -> MeasuredRun {
        guard FileManager.default.isExecutableFile(atPath: time.path) else {
            throw XCTSkip("GNU time is not installed (scripts/setup installs the time package)")
        }
        let report = directory.appendingPathComponent(".measured-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        let measured = try ChildProcess.run(
            time, ["-f", "%M", "-o", report.path, KinetypeProcess.executable.path] + arguments, in: directory,
            stdout: .discarded, stderr: .discarded)
        let fields = try String(contentsOf: report, encoding: .utf8).split(whereSeparator: \.isWhitespace)
            .compactMap { Double($0) }
        guard let kibibytes = fields.last else { throw XCTSkip("GNU time reported nothing readable") }
        return MeasuredRun(status: measured.status, peakMiB: kibibytes / 1024)
    }
}
