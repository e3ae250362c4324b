import Foundation
import KinetypeCore

/// Runs a program to its end, as the tests run kinetype, ffmpeg, ffprobe, ImageMagick and shells:
/// standard input from `input` (or nothing), both output streams drained at once so a chatty child
/// never blocks on a full pipe.
public enum ChildProcess {
    /// How a child ended and what it printed.
    public struct Result: Sendable {
        public var status: Int32
        /// Whether it exited (rather than died of a signal).
        public var exited: Bool
        public var stdout: Data
        public var stderr: Data
        /// It ran past the `timeout` and was killed.
        public var timedOut = false

        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Where one of the child's output streams goes.
    public enum Stream: Sendable {
        /// A pipe the test reads (the result's `stdout` or `stderr`).
        case captured
        /// `/dev/null`.
        case discarded
        /// `/dev/full`: every write fails with ENOSPC.
        case full
        /// A pipe whose reading end is closed before the child writes: every write is EPIPE.
        case closedPipe
    }

    /// Runs `executable` with `arguments`; `environment` is added to this process's environment,
    /// less the variables in `unset`. A child still running after `timeout` seconds (a hang) is
    /// killed with SIGKILL and the result says `timedOut`.
    @discardableResult
    public static func run(
        _ executable: URL, _ arguments: [String] = [], in directory: URL? = nil,
        environment: [String: String] = [:], unset: Set<String> = [], input: Data? = nil,
        stdout: Stream = .captured, stderr: Stream = .captured, timeout: Double? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.filter { !unset.contains($0.key) }
            .merging(environment) { $1 }
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = try destination(stdout, outPipe)
        process.standardError = try destination(stderr, errPipe)
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        for (stream, pipe) in [(stdout, outPipe), (stderr, errPipe)] where stream != .captured {
            try pipe.fileHandleForReading.close()
        }
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let outData = drain(stdout == .captured ? outPipe : nil)
        let errData = drain(stderr == .captured ? errPipe : nil)
        if let input {
            let writer = inputPipe.fileHandleForWriting
            _ = input.withUnsafeBytes { DescriptorWrite.all($0, to: writer.fileDescriptor) }
            try? writer.close()
        }
        var timedOut = false
        if let timeout {
            timedOut = !HangGuard.wait(for: ended, seconds: timeout)
            if timedOut { kill(process.processIdentifier, SIGKILL) }
        } else {
            ended.wait()
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, exited: process.terminationReason == .exit,
            stdout: outData.wait(), stderr: errData.wait(), timedOut: timedOut)
    }

    /// The first executable called `name` on PATH, or nil.
    public static func onPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").lazy.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The ID of a process that has ended (so no process has it, until the system reuses it).
    public static func endedProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    private static func destination(_ stream: Stream, _ pipe: Pipe) throws -> Any {
        switch stream {
        case .captured, .closedPipe: return pipe
        case .discarded: return FileHandle.nullDevice
        case .full: return try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        }
    }

    /// Reads `pipe` to its end on its own thread.
    private static func drain(_ pipe: Pipe?) -> Drained {
        let drained = Drained()
        guard let pipe else {
            drained.contents.withLock { $0 = Data() }
            return drained
        }
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [contents = drained.contents] in
            let read = handle.readDataToEndOfFile()
            contents.withLock { $0 = read }
        }
        return drained
    }

    private final class Drained: Sendable {
        let contents = Locked<Data?>(nil)
        func wait() -> Data { contents.withLock(waitingUntil: { $0 != nil }, { $0 ?? Data() }) }
    }
}
