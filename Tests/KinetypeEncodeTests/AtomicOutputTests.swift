import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeEncode

final class AtomicOutputTests: XCTestCase {
    func testWriteReplacesFileAndLeavesNoTemporary() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("out.gif")
        try Data("old".utf8).write(to: url)
        try AtomicFile.write(Data("new".utf8), to: url)
        XCTAssertEqual(try Data(contentsOf: url), Data("new".utf8))
        XCTAssertEqual(try contents(of: folder), ["out.gif"])
    }

    func testDiscardLeavesOldFileIntactAndNoTemporary() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("out.gif")
        try Data("old".utf8).write(to: url)
        let file = try AtomicFile(destination: url)
        try file.write(Data("partial".utf8))
        XCTAssertEqual(try contents(of: folder).count, 2, "the temporary sits next to the destination")
        file.discard()
        XCTAssertEqual(try Data(contentsOf: url), Data("old".utf8))
        XCTAssertEqual(try contents(of: folder), ["out.gif"])
    }

    func testAbandonedFileIsRemovedWhenDropped() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("out.png")
        do {
            let file = try AtomicFile(destination: url)
            try file.write(Data([1, 2, 3]))
        }
        XCTAssertEqual(try contents(of: folder), [])
    }

    func testMissingFolderIsCannotWrite() throws {
        let url = URL(fileURLWithPath: "/nonexistent-kinetype-folder/x.gif")
        XCTAssertThrowsError(try AtomicFile.write(Data([1]), to: url)) { error in
            let diagnostic = (error as? DiagnosticList)?.first
            XCTAssertEqual(diagnostic?.kind, .cannotWrite)
            XCTAssertEqual(
                diagnostic?.message,
                "cannot write /nonexistent-kinetype-folder/x.gif: the folder /nonexistent-kinetype-folder does not exist"
            )
        }
    }

    func testRelativePathIsShownAsGiven() throws {
        let url = URL(fileURLWithPath: "Output-that-does-not-exist/x.gif")
        XCTAssertThrowsError(try AtomicFile.write(Data([1]), to: url)) { error in
            XCTAssertEqual(
                (error as? DiagnosticList)?.first?.message,
                "cannot write Output-that-does-not-exist/x.gif: the folder Output-that-does-not-exist does not exist")
        }
    }

    func testReadOnlyFolderIsNamedNotWritable() throws {
        if getuid() == 0 {
            // root ignores folder permissions, but not sysfs, which refuses new files.
            guard FileManager.default.fileExists(atPath: "/sys/kernel") else {
                throw XCTSkip("needs Linux sysfs as root")
            }
            XCTAssertThrowsError(try AtomicFile.write(Data("new".utf8), to: URL(fileURLWithPath: "/sys/x.gif"))) {
                error in
                XCTAssertEqual((error as? DiagnosticList)?.first?.kind, .cannotWrite)
                XCTAssertEqual(
                    (error as? DiagnosticList)?.first?.message,
                    "cannot write /sys/x.gif: the folder /sys is not writable")
            }
            return
        }
        let folder = try makeScratchFolder()
        defer {
            chmod(folder.path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        let url = folder.appendingPathComponent("out.gif")
        try Data("old".utf8).write(to: url)
        chmod(folder.path, 0o555)
        XCTAssertThrowsError(try AtomicFile.write(Data("new".utf8), to: url)) { error in
            XCTAssertEqual((error as? DiagnosticList)?.first?.kind, .cannotWrite)
            XCTAssertTrue(
                (error as? DiagnosticList)?.first?.message.hasSuffix(": the folder \(folder.path) is not writable")
                    ?? false,
                "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: url), Data("old".utf8))
    }

    func testFolderInTheWayIsCannotWrite() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("taken.gif")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        XCTAssertThrowsError(try AtomicFile.write(Data([1]), to: url)) { error in
            XCTAssertEqual((error as? DiagnosticList)?.first?.kind, .cannotWrite)
        }
        XCTAssertEqual(try contents(of: folder), ["taken.gif"])
    }

    func testFolderCommitReplacesOldFolderCompletely() throws {
        let parent = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let destination = parent.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
        try Data("stale".utf8).write(to: destination.appendingPathComponent("frame_0009.png"))
        let folder = try AtomicFolder(destination: destination)
        try Data("a".utf8).write(to: folder.temporaryFile(named: "frame_0001.png"))
        XCTAssertEqual(try contents(of: destination), ["frame_0009.png"], "untouched until commit")
        try folder.commit()
        XCTAssertEqual(try contents(of: destination), ["frame_0001.png"])
        XCTAssertEqual(try contents(of: parent), ["frames"])
    }

    func testAbandonedFolderIsRemovedWhenDropped() throws {
        let parent = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        do {
            let folder = try AtomicFolder(destination: parent.appendingPathComponent("frames"))
            try Data("new".utf8).write(to: folder.temporaryFile(named: "frame_0001.png"))
            XCTAssertEqual(try contents(of: parent).count, 1, "the temporary folder sits next to the destination")
        }
        XCTAssertEqual(try contents(of: parent), [])
    }

    func testAFailedWriteRemovesTheTemporarySoACommitFails() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("out.gif")
        try Data("old".utf8).write(to: url)
        let file = try AtomicFile(destination: url)
        try FileManager.default.removeItem(at: file.temporaryURL)
        try FileManager.default.createDirectory(at: file.temporaryURL, withIntermediateDirectories: false)
        XCTAssertThrowsError(try file.write(Data("new".utf8)))
        XCTAssertEqual(try contents(of: folder), ["out.gif"], "the temporary is gone")
        do {
            try file.commit()
            XCTFail("a commit after a failed write must fail")
        } catch {}
        XCTAssertEqual(try Data(contentsOf: url), Data("old".utf8))
    }

    func testFolderDiscardKeepsOldFolder() throws {
        let parent = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let destination = parent.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
        try Data("old".utf8).write(to: destination.appendingPathComponent("frame_0001.png"))
        let folder = try AtomicFolder(destination: destination)
        try Data("new".utf8).write(to: folder.temporaryFile(named: "frame_0001.png"))
        folder.discard()
        XCTAssertEqual(try contents(of: parent), ["frames"])
        XCTAssertEqual(try Data(contentsOf: destination.appendingPathComponent("frame_0001.png")), Data("old".utf8))
    }
}
