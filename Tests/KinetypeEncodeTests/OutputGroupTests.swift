import Foundation
import XCTest

@testable import KinetypeEncode

/// `OutputGroup` and its `OutputTransaction`: nothing is in place before `commit()`, everything
/// after it, and when one output cannot be put in place, the ones already placed are put back; a
/// transaction discarded or dropped unfinished leaves every destination as it was.
final class OutputGroupTests: XCTestCase {
    func testNothingMovesBeforeCommitAndEverythingAfter() throws {
        let folder = try makeScratchFolder()
        let a = folder.appendingPathComponent("a.gif")
        try Data("old a".utf8).write(to: a)
        let transaction = OutputTransaction()
        let group = transaction.group
        try AtomicFile.write(Data("new a".utf8), to: a, group: group)
        try AtomicFile.write(Data("new b".utf8), to: folder.appendingPathComponent("b.gif"), group: group)
        let frames = try AtomicFolder(destination: folder.appendingPathComponent("frames"), group: group)
        try Data("f".utf8).write(to: frames.temporaryFile(named: "frame_0001.png"))
        try frames.commit()
        XCTAssertEqual(try Data(contentsOf: a), Data("old a".utf8))
        XCTAssertEqual(try Data(contentsOf: XCTUnwrap(group.stagedURL(for: a))), Data("new a".utf8))
        XCTAssertEqual(try contents(of: folder).filter { !$0.hasPrefix(".") }, ["a.gif"])

        let kept = try transaction.commit()
        XCTAssertEqual(kept, [], "a group that does not keep identical files replaces them")
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
        let transaction = OutputTransaction()
        for url in [a, b, c] { try AtomicFile.write(Data("new".utf8), to: url, group: transaction.group) }
        // Something that is not kinetype's appears at the last destination before the commit.
        XCTAssertEqual(mkfifo(c.path, 0o600), 0)
        do {
            try transaction.commit()
            XCTFail("a FIFO at a destination stops the commit")
        } catch {
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
        let transaction = OutputTransaction()
        try AtomicFile.write(Data("new a".utf8), to: a, group: transaction.group)
        transaction.discard()
        XCTAssertEqual(try contents(of: folder), ["a.gif"])
        XCTAssertEqual(try Data(contentsOf: a), Data("old a".utf8))
    }

    /// A transaction left unfinished, as a throw leaves it, removes what was handed to it.
    func testATransactionDroppedUnfinishedRemovesItsTemporaries() throws {
        let folder = try makeScratchFolder()
        let a = folder.appendingPathComponent("a.gif")
        try Data("old a".utf8).write(to: a)
        func stageThenFail() throws {
            let transaction = OutputTransaction()
            try AtomicFile.write(Data("new a".utf8), to: a, group: transaction.group)
            let frames = try AtomicFolder(
                destination: folder.appendingPathComponent("frames"), group: transaction.group)
            try Data("f".utf8).write(to: frames.temporaryFile(named: "frame_0001.png"))
            try frames.commit()
            XCTAssertEqual(try contents(of: folder).count, 3, "a.gif and two temporaries")
            throw CocoaError(.fileWriteOutOfSpace)
        }
        XCTAssertThrowsError(try stageThenFail())
        XCTAssertEqual(try contents(of: folder), ["a.gif"], "no temporary left")
        XCTAssertEqual(try Data(contentsOf: a), Data("old a".utf8))
    }

    /// A group that keeps identical files names the destinations it left alone.
    func testIdenticalFilesAreKeptAndNamed() throws {
        let folder = try makeScratchFolder()
        let a = folder.appendingPathComponent("a.gif")
        let b = folder.appendingPathComponent("b.gif")
        try Data("same".utf8).write(to: a)
        try Data("old".utf8).write(to: b)
        let inode = try FileManager.default.attributesOfItem(atPath: a.path)[.systemFileNumber] as? Int
        let transaction = OutputTransaction(keepingIdenticalFiles: true)
        try AtomicFile.write(Data("same".utf8), to: a, group: transaction.group)
        try AtomicFile.write(Data("new".utf8), to: b, group: transaction.group)
        let kept = try transaction.commit()
        XCTAssertEqual(kept.map(\.lastPathComponent), ["a.gif"])
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: a.path)[.systemFileNumber] as? Int, inode)
        XCTAssertEqual(try Data(contentsOf: b), Data("new".utf8))
        XCTAssertEqual(try contents(of: folder), ["a.gif", "b.gif"])
    }
}
