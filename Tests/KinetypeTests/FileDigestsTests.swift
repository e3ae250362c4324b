import Foundation
import KinetypeCore
import XCTest

@testable import Kinetype

final class FileDigestsTests: XCTestCase {
    func testADigestIsTheRunsFirstAnswerAndIsKeptForTheNextProcess() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let file = folder.appendingPathComponent("font.ttf")
        let store = folder.appendingPathComponent("cache/file-digests").path
        try Data("one".utf8).write(to: file)
        let digests = FileDigests(store: store)
        digests.startRun()
        XCTAssertEqual(digests.digest(ofPath: file.path), SHA256.hex(of: Data("one".utf8)))

        // Changed during the run: the run keeps its first answer; the next run looks again.
        try Data("three".utf8).write(to: file)
        XCTAssertEqual(digests.digest(ofPath: file.path), SHA256.hex(of: Data("one".utf8)))
        digests.startRun()
        XCTAssertEqual(digests.digest(ofPath: file.path), SHA256.hex(of: Data("three".utf8)))
        XCTAssertEqual(digests.digest(ofPath: folder.appendingPathComponent("none").path), "missing")

        digests.save()
        XCTAssertTrue(FileManager.default.fileExists(atPath: store))
        let later = FileDigests(store: store)
        later.startRun()
        XCTAssertEqual(later.digest(ofPath: file.path), SHA256.hex(of: Data("three".utf8)))
    }
}
