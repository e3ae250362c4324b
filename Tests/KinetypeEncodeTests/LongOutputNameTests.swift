import Foundation
import KinetypeCore
import TestSupport
import XCTest

@testable import KinetypeEncode

/// Output names as long as ext4 and tmpfs take (255 bytes of UTF-8): their temporaries fit too,
/// are recognised by stale cleaning, and a folder moved aside under a shortened name comes back.
final class LongOutputNameTests: XCTestCase {
    /// 255-byte names made of 1-, 2-, 3- and 4-byte characters, ending `ending`.
    private func longNames(ending: String = ".gif") -> [String] {
        ["a", "é", "日", "😀"].map { character in
            var name = ""
            while name.utf8.count + character.utf8.count + ending.utf8.count <= 255 { name += character }
            name += String(repeating: "a", count: 255 - name.utf8.count - ending.utf8.count)
            return name + ending
        }
    }

    private func deadProcessID() throws -> pid_t {
        try ChildProcess.endedProcessID()
    }

    func testTemporariesOfTheLongestNamesFitAndParseBackToTheirName() throws {
        for name in longNames() {
            XCTAssertEqual(name.utf8.count, 255)
            for suffix in TemporaryName.suffixes {
                // The longest process id and a large counter: the name still fits.
                let temporary = TemporaryName.make(
                    for: name, processID: .max, counter: 9_999_999_999, suffix: suffix, nameLimit: 255)
                XCTAssertTrue((252...255).contains(temporary.utf8.count), "\(temporary.utf8.count) bytes")
                let parsed = try XCTUnwrap(TemporaryName.parse(temporary), temporary)
                XCTAssertEqual(parsed.hash, NameShortening.hash(of: name))
                XCTAssertEqual(parsed.processID, .max)
                XCTAssertEqual(parsed.counter, 9_999_999_999)
                XCTAssertEqual(parsed.suffix, suffix)
                XCTAssertTrue(
                    name.unicodeScalars.starts(with: parsed.destinationName.unicodeScalars),
                    "cut between two characters")
                XCTAssertTrue(parsed.isMade(for: name))
                XCTAssertFalse(parsed.isMade(for: String(name.dropLast()) + "g"), "another long name")
                XCTAssertNil(TemporaryName.parse(temporary, nameLimit: 1024), "too short for that limit")
            }
        }
        let fits = String(repeating: "b", count: 255 - ".kinetype-12-3.tmp".utf8.count - 1)
        XCTAssertEqual(
            TemporaryName.make(for: fits, processID: 12, counter: 3, suffix: "tmp", nameLimit: 255),
            ".\(fits).kinetype-12-3.tmp", "the readable name whenever it fits")
        let one = TemporaryName.make(for: fits + "b", processID: 12, counter: 3, suffix: "tmp", nameLimit: 255)
        let prefixBytes = 255 - 1 - ".kinetype-12-3-0123456789abcdef.tmp".utf8.count
        XCTAssertEqual(TemporaryName.parse(one)?.destinationName, String(repeating: "b", count: prefixBytes))
    }

    func testADotAfterACharacterThatJoinsItIsStillFound() {
        // U+0600 (Arabic number sign) joins the character after it into one Swift Character.
        XCTAssertEqual(TemporaryName.parse(".a\u{600}.kinetype-12-3.tmp")?.destinationName, "a\u{600}")
    }

    func testFilesAndFoldersWithTheLongestNamesAreWrittenAndReplaced() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = longNames()
        let frames = longNames(ending: "")
        for text in ["old", "new"] {
            for name in files { try AtomicFile.write(Data(text.utf8), to: folder.appendingPathComponent(name)) }
            for name in frames {
                let writer = try AtomicFolder(destination: folder.appendingPathComponent(name))
                XCTAssertLessThanOrEqual(writer.temporaryURL.lastPathComponent.utf8.count, 255)
                try Data(text.utf8).write(to: writer.temporaryFile(named: "frame_0001.png"))
                try writer.commit()
            }
        }
        XCTAssertEqual(try contents(of: folder), (files + frames).sorted(), "no temporary is left")
        for name in files {
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent(name)), Data("new".utf8))
        }
        for name in frames {
            XCTAssertEqual(
                try Data(contentsOf: folder.appendingPathComponent(name).appendingPathComponent("frame_0001.png")),
                Data("new".utf8))
        }
    }

    func testANameLongerThanTheFileSystemTakesFailsBeforeAnythingIsWritten() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = longNames(ending: "")[1] + "a"
        for make in [
            { _ = try AtomicFile(destination: folder.appendingPathComponent(name)) },
            { _ = try AtomicFolder(destination: folder.appendingPathComponent(name)) },
        ] {
            XCTAssertThrowsError(try make()) { error in
                let diagnostic = (error as? DiagnosticList)?.first
                XCTAssertEqual(diagnostic?.kind, .cannotWrite)
                XCTAssertTrue(diagnostic?.message.hasSuffix(": the name is too long") ?? false, "\(error)")
            }
        }
        XCTAssertEqual(try contents(of: folder), [], "no temporary was made")
    }

    func testCleaningPutsAShortenedMovedAsideFolderBackByItsNote() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dead = try deadProcessID()
        let names = longNames(ending: "")
        func temporary(_ index: Int, _ suffix: String) -> URL {
            folder.appendingPathComponent(
                TemporaryName.make(
                    for: names[index], processID: dead, counter: index + 1, suffix: suffix, nameLimit: 255))
        }
        // 0: killed between the two renames, its destination missing: renamed back.
        // 1: its destination exists (the new folder is in place): removed with its note.
        // 2: a note that names another folder: nothing is known, both are left alone.
        // 3: an unfinished temporary: removed.
        for index in 0..<3 {
            try FileManager.default.createDirectory(at: temporary(index, "old"), withIntermediateDirectories: false)
            try Data("old \(index)".utf8).write(to: temporary(index, "old").appendingPathComponent("frame_0001.png"))
            XCTAssertNil(MovedAsideNote.write(index == 2 ? names[0] : names[index], to: temporary(index, "name")))
        }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(names[1]), withIntermediateDirectories: false)
        try Data("partial".utf8).write(to: temporary(3, "tmp"))

        let handled = StaleTemporaries.clean(in: folder)
        let actedOn = [temporary(0, "old"), temporary(0, "name"), temporary(1, "old"), temporary(1, "name")]
        XCTAssertEqual(Set(handled), Set((actedOn + [temporary(3, "tmp")]).map(\.lastPathComponent)))
        let leftAlone = [temporary(2, "old"), temporary(2, "name")].map(\.lastPathComponent)
        XCTAssertEqual(try contents(of: folder), ([names[0], names[1]] + leftAlone).sorted())
        XCTAssertEqual(
            try Data(contentsOf: folder.appendingPathComponent(names[0]).appendingPathComponent("frame_0001.png")),
            Data("old 0".utf8))
    }

    func testTheFallbackKeepsANoteWhileALongNamedFolderIsAside() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = longNames(ending: "")[2]
        let destination = folder.appendingPathComponent(name)
        func placeNewFolder() throws -> OutputPlacement.Placed {
            let temporary = TemporaryName.sibling(of: destination)
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
            try Data("new".utf8).write(to: temporary.appendingPathComponent("frame_0001.png"))
            var placed = OutputPlacement.Placed(
                temporary: temporary, destination: destination, shownAs: destination, kind: .folder, how: .renamed)
            placed.how = try OutputPlacement.moveAside(placed)
            return placed
        }
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
        try Data("old".utf8).write(to: destination.appendingPathComponent("frame_0001.png"))

        let undone = try placeNewFolder()
        guard case .keptAside(let backup, let note?) = undone.how else { return XCTFail("\(undone.how)") }
        XCTAssertEqual(try Data(contentsOf: note), Data(name.utf8), "the note holds the whole name")
        XCTAssertEqual(try Data(contentsOf: backup.appendingPathComponent("frame_0001.png")), Data("old".utf8))
        XCTAssertEqual(try Data(contentsOf: destination.appendingPathComponent("frame_0001.png")), Data("new".utf8))
        OutputPlacement.undo(undone)
        XCTAssertEqual(try contents(of: folder), [name], "undo puts the old folder back and removes the note")
        XCTAssertEqual(try Data(contentsOf: destination.appendingPathComponent("frame_0001.png")), Data("old".utf8))

        OutputPlacement.finish(try placeNewFolder())
        XCTAssertEqual(try contents(of: folder), [name], "finish removes the old folder and its note")
        XCTAssertEqual(try Data(contentsOf: destination.appendingPathComponent("frame_0001.png")), Data("new".utf8))
    }
}
