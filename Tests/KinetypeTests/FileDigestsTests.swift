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
        // A clock a minute ahead: every file has settled.
        let later: @Sendable () -> Int64 = { FileDigests.realTime() + 60_000_000_000 }
        let digests = FileDigests(store: store, now: later)
        digests.startRun()
        XCTAssertEqual(digests.digest(ofPath: file.path), SHA256.hex(of: Data("one".utf8)))

        // Changed during the run: the run keeps its first answer; the next run looks again.
        try Data("three".utf8).write(to: file)
        XCTAssertEqual(digests.digest(ofPath: file.path), SHA256.hex(of: Data("one".utf8)))
        digests.startRun()
        XCTAssertEqual(digests.digest(ofPath: file.path), SHA256.hex(of: Data("three".utf8)))
        XCTAssertEqual(digests.digest(ofPath: folder.appendingPathComponent("none").path), "missing")
        digests.save()

        // The next process answers from the store without reading the file: a digest written into
        // the store for the same stamp is what it answers.
        let stored = try String(contentsOfFile: store, encoding: .utf8)
        XCTAssertTrue(stored.contains(SHA256.hex(of: Data("three".utf8)) + " " + file.path))
        let planted = String(repeating: "0", count: 64)
        try stored.replacingOccurrences(of: SHA256.hex(of: Data("three".utf8)), with: planted)
            .write(toFile: store, atomically: true, encoding: .utf8)
        let next = FileDigests(store: store, now: later)
        next.startRun()
        XCTAssertEqual(next.digest(ofPath: file.path), planted)
    }

    func testAFileWrittenJustBeforeItWasReadIsHashedAgainNextRun() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let file = folder.appendingPathComponent("data.json")
        let store = folder.appendingPathComponent("cache/file-digests").path
        try Data("[1]".utf8).write(to: file)
        var status = stat()
        XCTAssertEqual(stat(file.path, &status), 0)
        let written = FileDigests.Stamp(status).lastChange

        // Read half a second after the write: within a tick of the kernel's coarse file clock a
        // same-sized write would keep the stamp, so the digest is not kept.
        let soon = FileDigests(store: store, now: { written + 500_000_000 })
        soon.startRun()
        XCTAssertEqual(soon.digest(ofPath: file.path), SHA256.hex(of: Data("[1]".utf8)))
        soon.save()
        XCTAssertFalse(FileManager.default.fileExists(atPath: store))

        // Read two seconds after: kept.
        let settled = FileDigests(store: store, now: { written + 2_000_000_000 })
        settled.startRun()
        XCTAssertEqual(settled.digest(ofPath: file.path), SHA256.hex(of: Data("[1]".utf8)))
        settled.save()
        XCTAssertTrue(try String(contentsOfFile: store, encoding: .utf8).contains(file.path))
    }

    func testTheStoreKeepsNamesWithSpacesAndOtherScriptsAndLeavesOutLinesThatDoNotParse() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let files = ["a b.ttf", "ünï  cødé.otf", "日本 語.png"].map { folder.appendingPathComponent($0) }
        let store = folder.appendingPathComponent("cache/file-digests").path
        for file in files { try Data(file.lastPathComponent.utf8).write(to: file) }
        let later: @Sendable () -> Int64 = { FileDigests.realTime() + 60_000_000_000 }
        let digests = FileDigests(store: store, now: later)
        digests.startRun()
        for file in files { _ = digests.digest(ofPath: file.path) }
        digests.save()

        // Plant a digest for every file, and lines that do not parse around them.
        let planted = String(repeating: "a", count: 64)
        var stored = try String(contentsOfFile: store, encoding: .utf8)
        for file in files {
            stored = stored.replacingOccurrences(of: SHA256.hex(of: Data(file.lastPathComponent.utf8)), with: planted)
        }
        stored = "not a line\n1 2 3\n\n" + stored + "1 2 3 4 5 6 7 \(planted) relative/path\n"
        try stored.write(toFile: store, atomically: true, encoding: .utf8)
        let next = FileDigests(store: store, now: later)
        next.startRun()
        for file in files { XCTAssertEqual(next.digest(ofPath: file.path), planted, file.lastPathComponent) }
    }
}
