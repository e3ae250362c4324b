import Foundation
import XCTest

/// Paths and names that are not UTF-8 (#29): Swift reads them with U+FFFD for each invalid byte,
/// which names another file. kinetype refuses them and shows their bytes; it never writes or reads
/// a different file.
final class NonUTF8NameTests: XCTestCase {
    private var folder: URL!
    private var scratch: URL!
    private let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json")
    /// `café` in Latin-1: `caf\xE9`.
    private let latin1Cafe: [UInt8] = Array("caf".utf8) + [0xE9]

    override func setUpWithError() throws {
        folder = try KinetypeProcess.temporaryFolder(self)
        scratch = try KinetypeProcess.temporaryFolder(self)
    }

    private func run(_ arguments: [[UInt8]], in directory: URL? = nil) throws -> RawBytesRun {
        try RawBytesRun.run(arguments, in: directory ?? folder, scratch: scratch)
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    func testAnOutputPathThatIsNotUTF8IsRefusedAndNoOtherFileIsReplaced() throws {
        // What Swift would have made of the name: the file a render must not replace.
        let replacementNamed = folder.appendingPathComponent("caf\u{FFFD}.gif")
        try Data("keep me".utf8).write(to: replacementNamed)
        let before = RawName.names(in: folder)

        let result = try run([bytes("render"), bytes(tiny.path), bytes("-o"), latin1Cafe + bytes(".gif")])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "kinetype: error: argument 4 is not valid UTF-8 (caf\\xE9.gif); kinetype takes UTF-8 paths and names\n"
                + "  hint: rename the file to a UTF-8 name, or set the terminal or script that runs kinetype to UTF-8\n"
        )
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(RawName.names(in: folder), before, "nothing is written, under any name")
        XCTAssertEqual(try Data(contentsOf: replacementNamed), Data("keep me".utf8))
    }

    func testASceneNameThatIsNotUTF8IsRefusedNotReportedMissing() throws {
        try RawName.writeFile(RawName.path(folder, latin1Cafe + bytes(".json")), contents: try Data(contentsOf: tiny))
        let result = try run([bytes("validate"), latin1Cafe + bytes(".json")])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix("kinetype: error: argument 2 is not valid UTF-8 (caf\\xE9.json);"), result.stderr)
        XCTAssertFalse(result.stderr.contains("no such scene file"), result.stderr)
    }

    func testEveryArgumentIsCheckedAndItsBytesAreShownExactly() throws {
        let name = bytes("a\\b") + [0xFF, 0x1B] + bytes("é")
        let result = try run([bytes("validate"), bytes(tiny.path), bytes("--set"), bytes("x=") + name])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix("kinetype: error: argument 4 is not valid UTF-8 (x=a\\\\b\\xFF\\u001Bé);"),
            result.stderr)
        let long = [UInt8](repeating: 0xE9, count: 100_000)
        let cut = try run([bytes("render"), long])
        XCTAssertEqual(cut.status, 64)
        XCTAssertLessThan(cut.stderr.utf8.count, 10_000)
        XCTAssertTrue(cut.stderr.contains("… (100000 bytes)); kinetype takes UTF-8"), cut.stderr)
    }

    func testValidateReportsAFolderEntryThatIsNotUTF8AndChecksTheRest() throws {
        let scenes = folder.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: tiny, to: scenes.appendingPathComponent("ok.json"))
        try RawName.writeFile(RawName.path(scenes, latin1Cafe + bytes(".json")), contents: try Data(contentsOf: tiny))
        try RawName.makeFolder(RawName.path(scenes, bytes("sub") + [0xE9]))
        try RawName.writeFile(RawName.path(scenes, latin1Cafe + bytes(".png")), contents: Data())

        let result = try KinetypeProcess.run(["validate", "scenes"], in: folder)
        XCTAssertEqual(result.status, 66, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "kinetype: error: scenes/caf\\xE9.json: the name is not valid UTF-8, so it is not checked\n"
                + "  hint: rename it to a UTF-8 name; kinetype takes UTF-8 paths and names\n"
                + "kinetype: error: scenes/sub\\xE9: the name is not valid UTF-8, so the scenes in this folder are not checked\n"
                + "  hint: rename it to a UTF-8 name; kinetype takes UTF-8 paths and names\n")
        XCTAssertEqual(
            result.stdout, "scenes/ok.json: ok\n1 scene checked: all valid; 2 names are not UTF-8 and not checked\n")
    }

    func testVerifyRefusesAFolderWithASceneNameThatIsNotUTF8BeforeRecordingAnything() throws {
        let scenes = folder.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: tiny, to: scenes.appendingPathComponent("ok.json"))
        try RawName.writeFile(RawName.path(scenes, latin1Cafe + bytes(".json")), contents: try Data(contentsOf: tiny))

        let result = try KinetypeProcess.run(
            ["verify", "scenes", "--golden", "goldens", "--record", "missing"], in: folder)
        XCTAssertEqual(result.status, 66, result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "kinetype: error: scenes/caf\\xE9.json: the name is not valid UTF-8, so it is not checked\n"),
            result.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens").path),
            "nothing is recorded")
    }
}
