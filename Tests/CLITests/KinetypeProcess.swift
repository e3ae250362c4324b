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

    @discardableResult
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws
        -> Result
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes before waiting so a full pipe cannot block the child.
        let outData = Locked(Data())
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            let read = out.fileHandleForReading.readDataToEndOfFile()
            outData.withLock { $0 = read }
            group.leave()
        }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
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
