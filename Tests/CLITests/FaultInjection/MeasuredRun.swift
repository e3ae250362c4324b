import Foundation
import XCTest

/// One `kinetype` run whose cost is measured: its own peak resident memory (`wait4`'s rusage of
/// exactly that child) and wall time. Output goes to /dev/null; only the exit status is kept.
struct MeasuredRun {
    var status: Int32
    /// Peak resident set, in MiB.
    var peakMiB: Double
    var seconds: Double

    static func run(_ arguments: [String], in directory: URL) throws -> MeasuredRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let executable = KinetypeProcess.executable.path
        let command = "cd \"$1\" && shift && exec \"$@\""
        let argv = ["/bin/sh", "-c", command, "sh", directory.path, executable] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let started = Date()
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, &cArguments, environ)
        guard spawned == 0 else { throw XCTSkip("cannot spawn kinetype: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return MeasuredRun(
            status: exitStatus, peakMiB: Double(usage.ru_maxrss) / 1024, seconds: Date().timeIntervalSince(started))
    }
}
