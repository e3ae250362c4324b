import Foundation
import KinetypeCore
import TestSupport
import XCTest

/// Runs the built `kinetype` executable as a separate process, as a user would.
struct KinetypeProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `kinetype` binary next to the test bundle in the build folder.
    static var executable: URL {
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("kinetype")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL.appendingPathComponent("kinetype")
    }

    /// The package's root folder (for Templates/).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    /// Where a standard stream of the process goes (`ChildProcess.Stream`).
    typealias Stream = ChildProcess.Stream

    @discardableResult
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        stdout: Stream = .captured, stderr: Stream = .captured
    ) throws -> Result {
        let result = try ChildProcess.run(
            executable, arguments, in: directory, environment: environment, stdout: stdout, stderr: stderr)
        return Result(status: result.status, stdout: result.stdoutText, stderr: result.stderrText)
    }

    /// A fresh temporary folder, removed when the test ends.
    static func temporaryFolder(_ test: XCTestCase) throws -> URL { try ScratchFolder.make(for: test) }

    /// Runs `kinetype` with `--progress json` added and presses Ctrl-C once its first progress line
    /// says frames are being rendered (not after a guessed delay). `stillRunning` tells whether it
    /// was still running when interrupted; `stderr` holds everything it printed.
    static func interruptedOnceRendering(_ arguments: [String]) throws -> (
        status: Int32, stderr: String, stillRunning: Bool
    ) {
        let result = try interrupted(arguments, signal: SIGINT) { _ in true }
        return (result.status, result.stderr, result.stillRunning)
    }

    /// Runs `kinetype` with `--progress json` added and sends `signal` once a line it prints to
    /// standard error satisfies `when` (never, if none does). `signalled` tells whether a line did,
    /// `stillRunning` whether the process was still running then; a process that has not exited
    /// `timeout` seconds after the signal is killed, and `status` is then -1.
    static func interrupted(
        _ arguments: [String], signal: Int32, timeout: TimeInterval = 120, when: (String) -> Bool
    ) throws -> (status: Int32, stderr: String, signalled: Bool, stillRunning: Bool) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments + ["--progress", "json"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var stderrBytes = Data()
        var signalled = false
        var stillRunning = false
        var scanned = 0
        reading: while true {
            let more = errors.fileHandleForReading.availableData
            if more.isEmpty { break }
            stderrBytes += more
            while let newline = stderrBytes[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: stderrBytes[scanned..<newline], as: UTF8.self)
                scanned = newline + 1
                if when(line) {
                    stillRunning = process.isRunning
                    kill(process.processIdentifier, signal)
                    signalled = true
                    break reading
                }
            }
        }
        let exited = DispatchSemaphore(value: 0)
        let rest = Locked(Data())
        DispatchQueue.global().async {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            rest.withLock { $0 = data }
            exited.signal()
        }
        var status: Int32 = -1
        if !HangGuard.wait(for: exited, seconds: timeout) {
            process.terminate()
            kill(process.processIdentifier, SIGKILL)
            _ = HangGuard.wait(for: exited, seconds: 10)
        } else {
            process.waitUntilExit()
            status = process.terminationStatus
        }
        stderrBytes += rest.withLock { $0 }
        return (status, String(decoding: stderrBytes, as: UTF8.self), signalled, stillRunning)
    }
}
