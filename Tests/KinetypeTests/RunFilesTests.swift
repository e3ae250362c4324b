import Foundation
import Kinetype
import TestSupport
import XCTest

/// `RunFiles` tells files apart by what they are on disk, not by how their paths are spelled.
final class RunFilesTests: XCTestCase {
    private func problems(_ fill: (inout RunFiles) -> Void) -> [Diagnostic] {
        var files = RunFiles()
        fill(&files)
        return files.problems()
    }

    func testSpellingsOfOneFileAreOneFile() throws {
        let folder = try ScratchFolder.make(for: self)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("same").path, withDestinationPath: ".")
        let spellings = [
            "same/a.gif", "same/./a.gif", "missing/../a.gif", "same/missing/../a.gif", "same/same/a.gif",
        ]
        for spelling in spellings {
            let found = problems { files in
                files.output(folder.appendingPathComponent("a.gif"), "-o")
                files.output(folder.appendingPathComponent(spelling), "--haptics")
            }
            XCTAssertEqual(found.count, 1, spelling)
            XCTAssertEqual(found.first?.kind, .usage)
        }
        // New files in a folder not made yet, spelled two ways.
        let new = problems { files in
            files.output(folder.appendingPathComponent("new/deeper/x.gif"), "-o")
            files.output(folder.appendingPathComponent("new/other/../deeper/x.gif"), "--audio")
        }
        XCTAssertEqual(new.count, 1)
        // Different names, and inputs read twice, are fine.
        XCTAssertEqual(
            problems { files in
                files.output(folder.appendingPathComponent("a.gif"), "-o")
                files.output(folder.appendingPathComponent("A.gif"), "--haptics")
                files.input(folder.appendingPathComponent("same/s.json"), "the scene")
                files.input(folder.appendingPathComponent("s.json"), "the scene")
            }, [])
    }

    func testAnInputIsKnownByItsInodeAndAnOutputSymlinkIsNotItsTarget() throws {
        let folder = try ScratchFolder.make(for: self)
        let scene = folder.appendingPathComponent("scene.json")
        try Data("{}".utf8).write(to: scene)
        XCTAssertEqual(link(scene.path, folder.appendingPathComponent("hard.json").path), 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("soft.json").path, withDestinationPath: "scene.json")
        let hard = problems { files in
            files.output(folder.appendingPathComponent("hard.json"), "-o")
            files.input(scene, "the scene")
        }
        XCTAssertEqual(hard.count, 1, "a hard link is the same file")
        XCTAssertTrue(hard.first?.message.contains("which this run reads") ?? false)
        // Writing replaces a symbolic link, never its target (and the writer refuses the link itself).
        XCTAssertEqual(
            problems { files in
                files.output(folder.appendingPathComponent("soft.json"), "-o")
                files.input(scene, "the scene")
            }, [])
        // An input through a symbolic link is its target.
        XCTAssertEqual(
            problems { files in
                files.output(scene, "-o")
                files.input(folder.appendingPathComponent("soft.json"), "the scene")
            }.count, 1)
    }

    func testAFolderReplacedWholeClaimsWhatIsInsideIt() throws {
        let folder = try ScratchFolder.make(for: self)
        let inside = problems { files in
            files.output(folder.appendingPathComponent("frames"), "-o", folder: true)
            files.output(folder.appendingPathComponent("frames/sheet.png"), "--contact-sheet")
            files.input(folder.appendingPathComponent("frames/frame_0001.png"), "the picture")
        }
        XCTAssertEqual(inside.count, 2, "\(inside)")
        // A folder that will be refused (not empty, not kinetype's) loses nothing it holds.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("mine"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: folder.appendingPathComponent("mine/scene.json"))
        XCTAssertEqual(
            problems { files in
                files.output(folder.appendingPathComponent("mine"), "-o", folder: true)
                files.input(folder.appendingPathComponent("mine/scene.json"), "the scene")
            }, [])
    }
}
