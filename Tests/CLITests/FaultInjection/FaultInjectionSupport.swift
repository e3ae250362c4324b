import Foundation
import TestSupport
import XCTest

/// A tiny tmpfs mounted for one test (full-disk and read-only faults), unmounted when the test
/// ends, whatever happens. Needs root with CAP_SYS_ADMIN; the test is skipped otherwise.
struct TinyDisk {
    let url: URL

    /// Mounts a tmpfs of `size` (e.g. "1m") on a fresh folder.
    static func mount(_ test: XCTestCase, size: String = "1m") throws -> TinyDisk {
        guard getuid() == 0 else { throw XCTSkip("full-disk and read-only tests mount a tmpfs, which needs root") }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let result = try run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", url.path])
        guard result.status == 0 else {
            try? FileManager.default.removeItem(at: url)
            throw XCTSkip(
                "cannot mount a tmpfs here (\(result.output.trimmingCharacters(in: .whitespacesAndNewlines))); full-disk and read-only faults are not tested"
            )
        }
        test.addTeardownBlock {
            _ = try? run("/bin/umount", ["-l", url.path])
            try? FileManager.default.removeItem(at: url)
        }
        return TinyDisk(url: url)
    }

    /// Makes the file system read-only.
    func remountReadOnly() throws {
        let result = try Self.run("/bin/mount", ["-o", "remount,ro", url.path])
        if result.status != 0 { throw XCTSkip("cannot remount the tmpfs read-only: \(result.output)") }
    }

    /// Fills the disk with a file (`.filler`) so that only about `bytes` stay free.
    func fill(leaving bytes: Int) throws {
        var info = statvfs()
        guard statvfs(url.path, &info) == 0 else { throw XCTSkip("statvfs failed") }
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        try Data(count: max(0, free - bytes)).write(to: url.appendingPathComponent(".filler"))
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try ChildProcess.run(URL(fileURLWithPath: tool), arguments)
        return (result.status, result.stdoutText + result.stderrText)
    }
}

/// Snapshots and checks of folders for the fault-injection tests.
enum FolderState {
    /// Every entry below `folder` (hidden ones too) by relative path: file contents, or an empty
    /// marker for folders. Two snapshots are equal exactly when nothing was added, removed or changed.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var state: [String: Data] = [:]
        let base = folder.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return state }
        for case let relative as String in enumerator {
            let path = base + "/" + relative
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: state[relative] = Data("<folder>".utf8)
            case S_IFREG: state[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
            case S_IFLNK:
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                state[relative] = Data("<link to \(target)>".utf8)
            default:
                // A FIFO, socket or device is never read (that could block); its kind and inode say it is the same one.
                state[relative] = Data("<special \(status.st_mode) inode \(status.st_ino)>".utf8)
            }
        }
        return state
    }

    /// Names of kinetype temporaries (`.NAME.kinetype-PID-N.tmp|old`) anywhere below `folder`.
    static func temporaries(in folder: URL) throws -> [String] {
        try snapshot(folder).keys.filter { $0.contains(".kinetype-") && ($0.hasSuffix(".tmp") || $0.hasSuffix(".old")) }
            .sorted()
    }
}

/// A `kinetype` process running in the background, for signals at chosen moments.
final class BackgroundKinetype {
    let process = Process()
    private let errors = Pipe()
    private let output = Pipe()

    init(_ arguments: [String], in directory: URL? = nil) throws {
        process.executableURL = KinetypeProcess.executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.standardError = errors
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Waits (up to 60 s, polling) until `condition` holds while the process still runs; fails the
    /// test if the process ended first.
    func wait(until condition: () throws -> Bool, file: StaticString = #filePath, line: UInt = #line) rethrows {
        var ended = false
        let held = try HangGuard.poll(upTo: 60) {
            if try condition() { return true }
            ended = !process.isRunning
            return ended
        }
        if ended {
            XCTFail("kinetype ended before the moment to interrupt it", file: file, line: line)
        } else if !held {
            XCTFail("timed out waiting for the moment to interrupt kinetype", file: file, line: line)
        }
    }

    /// Sends `signal` and waits for the process to end; returns its status, stdout and stderr.
    func stop(with signal: Int32) -> KinetypeProcess.Result {
        kill(process.processIdentifier, signal)
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return KinetypeProcess.Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// Scenes for the fault-injection tests, made from the tiny fixture.
enum FaultScenes {
    /// The tiny fixture as text.
    static func tinyText() throws -> String {
        try String(contentsOf: KinetypeProcess.fixtures.appendingPathComponent("tiny.json"), encoding: .utf8)
    }

    /// Writes the tiny scene (23 frames) to `folder/name`.
    @discardableResult
    static func tiny(in folder: URL, name: String = "tiny.json") throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(tinyText().utf8).write(to: url)
        return url
    }

    /// A minute at 60 fps (3,600 frames, each different from the one before, since frames that
    /// draw the same cost almost nothing): long enough to be interrupted mid-run.
    @discardableResult
    static func long(in folder: URL, name: String = "long.json") throws -> URL {
        let url = folder.appendingPathComponent(name)
        let text = try tinyText().replacingOccurrences(of: "\"hold\": 0.3", with: "\"hold\": 60")
            .replacingOccurrences(of: "\"fps\": 20", with: "\"fps\": 60")
            .replacingOccurrences(of: "\"width\": 160, \"height\": 40", with: "\"width\": 480, \"height\": 120")
            .replacingOccurrences(
                of: "\"start\": 0.1 }",
                with: "\"start\": 0.1 }, "
                    + "{ \"type\": \"animate\", \"property\": \"rotation\", \"to\": 3600, \"duration\": 60 }")
        try Data(text.utf8).write(to: url)
        return url
    }
}
