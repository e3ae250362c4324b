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
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments + ["--progress", "json"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var stderrBytes = Data()
        while !stderrBytes.contains(UInt8(ascii: "\n")) {
            let more = errors.fileHandleForReading.availableData
            if more.isEmpty { break }
            stderrBytes += more
        }
        let stillRunning = process.isRunning
        process.interrupt()
        process.waitUntilExit()
        stderrBytes += errors.fileHandleForReading.readDataToEndOfFile()
        return (process.terminationStatus, String(decoding: stderrBytes, as: UTF8.self), stillRunning)
    }
}
