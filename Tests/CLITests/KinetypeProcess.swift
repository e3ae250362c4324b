import Foundation
import KinetypeCore
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

    /// Where a standard stream of the process goes besides the pipe the test reads.
    enum Stream {
        /// A pipe the test reads (the result's `stdout` or `stderr`).
        case captured
        /// `/dev/full`: every write fails with ENOSPC.
        case full
        /// A pipe whose reading end is closed before the process writes: every write is EPIPE.
        case closedPipe
    }

    @discardableResult
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        stdout: Stream = .captured, stderr: Stream = .captured
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        func target(_ stream: Stream, _ pipe: Pipe) throws -> Any {
            switch stream {
            case .captured, .closedPipe: return pipe
            case .full:
                return try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
            }
        }
        process.standardOutput = try target(stdout, out)
        process.standardError = try target(stderr, err)
        process.standardInput = FileHandle.nullDevice
        for (stream, pipe) in [(stdout, out), (stderr, err)] where stream != .captured {
            // Nothing is read from these: closed, or unused beside /dev/full.
            try pipe.fileHandleForReading.close()
        }
        try process.run()
        // Read both pipes before waiting so a full pipe cannot block the child.
        let outData = Locked(Data())
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            let read = stdout == .captured ? out.fileHandleForReading.readDataToEndOfFile() : Data()
            outData.withLock { $0 = read }
            group.leave()
        }
        let errData = stderr == .captured ? err.fileHandleForReading.readDataToEndOfFile() : Data()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData.withLock { $0 }, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary folder, removed when the test ends.
    static func temporaryFolder(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
