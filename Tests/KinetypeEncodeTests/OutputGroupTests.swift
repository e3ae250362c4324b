import Foundation
import XCTest

@testable import KinetypeEncode

/// `OutputGroup`: nothing is in place before `commit()`, everything after it, and when one output
/// cannot be put in place, the ones already placed are put back.
final class OutputGroupTests: XCTestCase {
    func testNothingMovesBeforeCommitAndEverythingAfter() throws {
        let folder = try makeScratchFolder()
        let a = folder.appendingPathComponent("a.gif")
        try Data("old a".utf8).write(to: a)
        let group = OutputGroup()
        try AtomicFile.write(Data("new a".utf8), to: a, group: group)
        try AtomicFile.write(Data("new b".utf8), to: folder.appendingPathComponent("b.gif"), group: group)
        let frames = try AtomicFolder(destination: folder.appendingPathComponent("frames"), group: group)
        try Data("f".utf8).write(to: frames.temporaryFile(named: "frame_0001.png"))
        try frames.commit()
        XCTAssertEqual(try Data(contentsOf: a), Data("old a".utf8))
        XCTAssertEqual(try Data(contentsOf: XCTUnwrap(group.stagedURL(for: a))), Data("new a".utf8))
        XCTAssertEqual(try contents(of: folder).filter { !$0.hasPrefix(".") }, ["a.gif"])

        try group.commit()
        XCTAssertEqual(try contents(of: folder), ["a.gif", "b.gif", "frames"], "no temporary left")
        XCTAssertEqual(try Data(contentsOf: a), Data("new a".utf8))
    }

    func testAFailureHalfwayPutsThePlacedOutputsBack() throws {
        let folder = try makeScratchFolder()
        let a = folder.appendingPathComponent("a.gif")
        let b = folder.appendingPathComponent("b.gif")
        let c = folder.appendingPathComponent("c.gif")
        try Data("old a".utf8).write(to: a)
        try Data("old b".utf8).write(to: b)
        let group = OutputGroup()
        for url in [a, b, c] { try AtomicFile.write(Data("new".utf8), to: url, group: group) }
        // Something that is not kinetype's appears at the last destination before the commit.
        XCTAssertEqual(mkfifo(c.path, 0o600), 0)
        XCTAssertThrowsError(try group.commit()) { error in
            XCTAssertTrue("\(error)".contains("it is a FIFO (named pipe), not a regular file"), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: a), Data("old a".utf8))
        XCTAssertEqual(try Data(contentsOf: b), Data("old b".utf8))
        XCTAssertEqual(try contents(of: folder), ["a.gif", "b.gif", "c.gif"], "no temporary left")
    }

    func testDiscardLeavesEveryDestinationAsItWas() throws {
        let folder = try makeScratchFolder()
        let a = folder.appendingPathComponent("a.gif")
        try Data("old a".utf8).write(to: a)
        let group = OutputGroup()
        try AtomicFile.write(Data("new a".utf8), to: a, group: group)
        group.discard()
        XCTAssertEqual(try contents(of: folder), ["a.gif"])
        XCTAssertEqual(try Data(contentsOf: a), Data("old a".utf8))
    }
}
