import Foundation
import TestSupport
import XCTest

/// Every output of a run is a file of its own and none is one of its inputs, however the paths are
/// spelled (a symbolic link to the folder, a hard link): `render`, `batch` and `verify` refuse
/// before rendering, exit 64, naming both files, and write nothing.
final class DistinctFilesTests: XCTestCase {
    private func kinetype(_ arguments: [String], in folder: URL) throws -> KinetypeProcess.Result {
        try KinetypeProcess.run(arguments, in: folder)
    }

    /// A folder holding the tiny scene (`tiny.json`, with a key sound) and `same`, a symbolic
    /// link to the folder itself.
    private func folderWithScene() throws -> URL {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let text = try FaultScenes.tinyText().replacingOccurrences(
            of: #""start": 0.1 }"#, with: #""start": 0.1, "sound": true }"#)
        try Data(text.utf8).write(to: folder.appendingPathComponent("tiny.json"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("same").path, withDestinationPath: ".")
        return folder
    }

    private func assertRefused(
        _ result: KinetypeProcess.Result, naming names: [String], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(result.status, 64, result.stderr, file: file, line: line)
        for name in names {
            XCTAssertTrue(result.stderr.contains(name), "\(name) is named: \(result.stderr)", file: file, line: line)
        }
        XCTAssertFalse(result.stderr.contains("Error Domain"), result.stderr, file: file, line: line)
    }

    func testRenderOutputsThroughALinkedFolderAreOneFileAndRefused() throws {
        let folder = try folderWithScene()
        for option in ["--haptics", "--audio", "--contact-sheet"] {
            let before = try FolderState.snapshot(folder)
            let result = try kinetype(["render", "tiny.json", "-o", "a.gif", option, "same/a.gif"], in: folder)
            assertRefused(result, naming: [#"-o "a.gif""#, #"\#(option) "same/a.gif""#, "are the same file"])
            XCTAssertEqual(try FolderState.snapshot(folder), before, "\(option): nothing is written")
        }
        // An existing output is kept byte for byte too.
        XCTAssertEqual(try kinetype(["render", "tiny.json", "-o", "a.gif", "-q"], in: folder).status, 0)
        let gif = try Data(contentsOf: folder.appendingPathComponent("a.gif"))
        let result = try kinetype(["render", "tiny.json", "-o", "a.gif", "--haptics", "same/./a.gif"], in: folder)
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("a.gif")), gif)
    }

    func testARenderNeverReplacesItsSceneOrAPictureItReads() throws {
        let folder = try folderWithScene()
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("tiny.json"), to: folder.appendingPathComponent("card.json"))
        let scene = try Data(contentsOf: folder.appendingPathComponent("card.json"))
        let result = try kinetype(["render", "card.json", "-o", "same/card.json"], in: folder)
        assertRefused(result, naming: [#"-o "same/card.json""#, #"the scene "card.json""#, "which this run reads"])
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("card.json")), scene)

        XCTAssertEqual(try kinetype(["render", "tiny.json", "--still", "0", "-o", "pic.png"], in: folder).status, 0)
        try Data(
            #"""
            {"version": 1, "canvas": {"width": 40, "height": 20, "fps": 10, "duration": 0.2},
             "layers": [{"type": "image", "src": "pic.png", "frame": {"x": 0, "y": 0, "width": 40, "height": 20}}]}
            """#.utf8
        ).write(to: folder.appendingPathComponent("picture.json"))
        let picture = try Data(contentsOf: folder.appendingPathComponent("pic.png"))
        let still = try kinetype(["render", "picture.json", "--still", "0", "-o", "pic.png"], in: folder)
        assertRefused(still, naming: [#"-o "pic.png""#, #"the picture"#])
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("pic.png")), picture)
    }

    func testAnOutputInsideAFramesFolderIsRefused() throws {
        let folder = try folderWithScene()
        let result = try kinetype(
            ["render", "tiny.json", "-o", "frames", "--format", "png", "--haptics", "frames/keys.ahap"], in: folder)
        assertRefused(result, naming: [#"--haptics "frames/keys.ahap" is inside -o "frames""#])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("frames").path))
    }

    func testABatchReportNeverReplacesAnOutputOrTheData() throws {
        let folder = try folderWithScene()
        try Data(#"[{"output": "report"}, {"output": "other"}]"#.utf8).write(
            to: folder.appendingPathComponent("d.json"))
        let before = try FolderState.snapshot(folder)
        let lottie = try kinetype(
            ["batch", "tiny.json", "--data", "d.json", "--format", "lottie", "-o", "L", "--report", "L/report.json"],
            in: folder)
        assertRefused(
            lottie, naming: [#"the output of entry [0] "L/report.json""#, #"--report "L/report.json""#])
        XCTAssertEqual(try FolderState.snapshot(folder), before, "nothing is rendered")

        let data = try kinetype(
            ["batch", "tiny.json", "--data", "same/d.json", "-o", "B", "--report", "d.json"], in: folder)
        assertRefused(data, naming: [#"--report "d.json""#, #"the data "same/d.json""#])
        let template = try kinetype(
            ["batch", "tiny.json", "--data", "d.json", "-o", "B", "--report", "tiny.json"], in: folder)
        assertRefused(template, naming: [#"--report "tiny.json""#, #"the template "tiny.json""#])
        let fingerprint = try kinetype(
            ["batch", "tiny.json", "--data", "d.json", "-o", "B", "--report", "B/.kinetype/other.gif.sha256"],
            in: folder)
        assertRefused(fingerprint, naming: [#"the fingerprint of entry [1]"#])
        XCTAssertEqual(try FolderState.snapshot(folder), before, "nothing is rendered")
    }

    func testABatchReportNeverLandsOnADeliveredFile() throws {
        let folder = try folderWithScene()
        try Data(#"[{"output": "card"}]"#.utf8).write(to: folder.appendingPathComponent("d.json"))
        let before = try FolderState.snapshot(folder)
        let catalog = try kinetype(
            [
                "batch", "tiny.json", "--data", "d.json", "-o", "B", "--xcassets", "App.xcassets", "--report",
                "App.xcassets/card.dataset/card.gif",
            ], in: folder)
        assertRefused(catalog, naming: [#"the asset catalog file "App.xcassets/card.dataset/card.gif""#])
        let resources = try kinetype(
            [
                "batch", "tiny.json", "--data", "d.json", "-o", "B", "--android-res", "res", "--report",
                "res/raw/card.gif",
            ],
            in: folder)
        assertRefused(resources, naming: [#"the Android resource file "res/raw/card.gif""#])
        let manifest = try kinetype(
            [
                "batch", "tiny.json", "--data", "d.json", "-o", "B", "--xcassets", "App.xcassets", "--report",
                "App.xcassets/.kinetype-delivery.json",
            ], in: folder)
        assertRefused(manifest, naming: [#"the asset catalog file "App.xcassets/.kinetype-delivery.json""#])
        XCTAssertEqual(try FolderState.snapshot(folder), before, "nothing is rendered")
    }

    func testAVerifyReportNeverReplacesAScene() throws {
        let folder = try folderWithScene()
        let scene = try Data(contentsOf: folder.appendingPathComponent("tiny.json"))
        let result = try kinetype(["verify", "tiny.json", "--golden", "G", "--report", "same/tiny.json"], in: folder)
        assertRefused(
            result, naming: [#"--report "same/tiny.json""#, #"the scene "tiny.json""#, "nothing was verified"])
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("tiny.json")), scene)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("G").path))
        let page = try kinetype(
            ["verify", "tiny.json", "--golden", "G", "--report", "r.json", "--html", "same/r.json"], in: folder)
        assertRefused(page, naming: [#"--report "r.json""#, #"--html "same/r.json""#])
    }
}
