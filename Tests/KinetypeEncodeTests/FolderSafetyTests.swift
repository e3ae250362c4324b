import Foundation
import KinetypeCore
import TestSupport
import XCTest

@testable import KinetypeEncode

/// The pieces that keep folder outputs safe: temporary names, stale-temporary cleaning, the
/// folder exchange and the frames manifest.
final class FolderSafetyTests: XCTestCase {
    private func deadProcessID() throws -> pid_t {
        try ChildProcess.endedProcessID()
    }

    func testTemporaryNamesParseExactly() {
        let name = TemporaryName.sibling(of: URL(fileURLWithPath: "/x/my.frames")).lastPathComponent
        XCTAssertEqual(TemporaryName.parse(name)?.destinationName, "my.frames")
        XCTAssertEqual(TemporaryName.parse(name)?.processID, getpid())
        XCTAssertEqual(
            TemporaryName.parse(".a.gif.kinetype-12-3.old"),
            TemporaryName.Parsed(destinationName: "a.gif", hash: nil, processID: 12, counter: 3, suffix: "old"))
        for other in [
            "a.gif.kinetype-12-3.tmp", ".a.gif.kinetype-12-3.tmp.bak", ".a.gif.kinetype-012-3.tmp",
            ".a.gif.kinetype-12-3.temp", ".a.gif.kinetype-12.tmp", ".a.gif.kinetype-1x-3.tmp",
            "..kinetype-12-3.tmp", ".a.gif.kinetype--3.tmp", ".a.gif.Kinetype-12-3.tmp", "frame_0001.png",
            // Only a shortened name has a note, and a shortened name fills the longest name.
            ".a.gif.kinetype-12-3.name", ".a.gif.kinetype-12-3-0123456789abcdef.tmp",
        ] {
            XCTAssertNil(TemporaryName.parse(other), other)
        }
    }

    func testCleaningRemovesOnlyDeadRunsTemporariesAndRestoresAMovedAsideFolder() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dead = try deadProcessID()
        let staleFolder = folder.appendingPathComponent(".frames.kinetype-\(dead)-1.tmp")
        try FileManager.default.createDirectory(at: staleFolder, withIntermediateDirectories: false)
        try Data("x".utf8).write(to: staleFolder.appendingPathComponent("frame_0001.png"))
        // A run killed between the fallback's two renames: the old folder waits under .old.
        let movedAside = folder.appendingPathComponent(".shots.kinetype-\(dead)-2.old")
        try FileManager.default.createDirectory(at: movedAside, withIntermediateDirectories: false)
        try Data("old".utf8).write(to: movedAside.appendingPathComponent("frame_0001.png"))
        let kept = [
            ".out.gif.kinetype-\(getpid())-1.tmp", ".out.gif.kinetype-1-1.tmp", ".out.gif.kinetype-\(dead)-1.tmpx",
            "out.gif",
        ]
        for name in kept { try Data("y".utf8).write(to: folder.appendingPathComponent(name)) }

        let handled = StaleTemporaries.clean(in: folder)
        XCTAssertEqual(Set(handled), [staleFolder.lastPathComponent, movedAside.lastPathComponent])
        XCTAssertEqual(try contents(of: folder), (kept + ["shots"]).sorted())
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("shots/frame_0001.png")), Data("old".utf8))
    }

    func testExchangeSwapsTwoFoldersInOneStep() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a")
        let b = folder.appendingPathComponent("b")
        for (url, text) in [(a, "A"), (b, "B")] {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            try Data(text.utf8).write(to: url.appendingPathComponent("file"))
        }
        let result = FolderExchange.exchange(a, b)
        #if os(Linux)
            XCTAssertEqual(result, .exchanged, "renameat2(RENAME_EXCHANGE) works on this file system")
        #endif
        if result == .exchanged {
            XCTAssertEqual(try Data(contentsOf: a.appendingPathComponent("file")), Data("B".utf8))
            XCTAssertEqual(try Data(contentsOf: b.appendingPathComponent("file")), Data("A".utf8))
        }
    }

    func testFolderCommitLeavesOnlyTheNewFolder() throws {
        let parent = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let destination = parent.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
        try Data("old".utf8).write(to: destination.appendingPathComponent("frame_0001.png"))
        let folder = try AtomicFolder(destination: destination)
        try folder.seedFromDestination()
        try PNGCodec.write(
            Image(width: 1, height: 1, fill: (1, 2, 3, 255)), to: folder.temporaryFile(named: "frame_0002.png"))
        try folder.commit()
        XCTAssertEqual(try contents(of: parent), ["frames"])
        XCTAssertEqual(try contents(of: destination), ["frame_0001.png", "frame_0002.png"], "seeded files are kept")
        XCTAssertEqual(try Data(contentsOf: destination.appendingPathComponent("frame_0001.png")), Data("old".utf8))
    }

    func testFramesManifestDecidesWhatMayBeReplaced() throws {
        let parent = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let frames = parent.appendingPathComponent("frames")
        XCTAssertNoThrow(try FramesManifest.checkReplaceable(frames), "a new folder")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: false)
        XCTAssertNoThrow(try FramesManifest.checkReplaceable(frames), "an empty folder")

        let writer = try PNGSequenceWriter(destination: frames, frameCount: 2)
        for index in 0..<2 { try writer.frames.write(Image(width: 2, height: 2, fill: (9, 9, 9, 255)), index: index) }
        try writer.finish()
        XCTAssertEqual(try contents(of: frames), [".kinetype-frames.json", "frame_0001.png", "frame_0002.png"])
        XCTAssertEqual(
            String(
                decoding: try Data(contentsOf: frames.appendingPathComponent(".kinetype-frames.json")), as: UTF8.self),
            #"{"files":["frame_0001.png","frame_0002.png"],"format":"kinetype-frames","frameCount":2,"version":1}"#
                + "\n")
        XCTAssertNoThrow(try FramesManifest.checkReplaceable(frames), "a folder kinetype wrote")

        try FileManager.default.removeItem(at: frames.appendingPathComponent("frame_0002.png"))
        XCTAssertNoThrow(try FramesManifest.checkReplaceable(frames), "fewer files than listed is still kinetype's")
        try Data("mine".utf8).write(to: frames.appendingPathComponent("frame_0009.png"))
        XCTAssertThrowsError(try FramesManifest.checkReplaceable(frames)) { error in
            XCTAssertEqual((error as? DiagnosticList)?.first?.kind, .cannotWrite)
        }
        try FileManager.default.removeItem(at: frames.appendingPathComponent("frame_0009.png"))
        try FileManager.default.createDirectory(
            at: frames.appendingPathComponent("frame_0002.png"), withIntermediateDirectories: false)
        XCTAssertThrowsError(
            try FramesManifest.checkReplaceable(frames), "a listed name that is a folder is not kinetype's")

        let other = parent.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: false)
        try Data(#"{"format":"something-else","version":1,"frameCount":0,"files":[]}"#.utf8)
            .write(to: other.appendingPathComponent(".kinetype-frames.json"))
        XCTAssertThrowsError(try FramesManifest.checkReplaceable(other), "only kinetype's manifest counts")
        try FileManager.default.removeItem(at: other.appendingPathComponent(".kinetype-frames.json"))
        XCTAssertEqual(mkfifo(other.appendingPathComponent(".kinetype-frames.json").path, 0o644), 0)
        XCTAssertThrowsError(
            try FramesManifest.checkReplaceable(other), "a FIFO manifest is refused without being opened")
        let link = parent.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: parent.appendingPathComponent("empty"))
        XCTAssertThrowsError(try FramesManifest.checkReplaceable(link), "a symbolic link is refused")
        XCTAssertThrowsError(try PNGSequenceWriter(destination: other, frameCount: 1).cancel())
        XCTAssertEqual(try contents(of: parent), ["frames", "link", "other"], "a refused writer leaves no temporary")
    }
}
