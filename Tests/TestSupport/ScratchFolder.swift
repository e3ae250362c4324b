import Foundation
import XCTest

/// A fresh, uniquely named temporary folder for one test, removed when the test ends, so two runs
/// of the suite at once never share a file and nothing is left behind.
public enum ScratchFolder {
    public static func make(for test: XCTestCase) throws -> URL {
        let name = "kinetype-tests-\(getpid())-\(UUID().uuidString)"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
