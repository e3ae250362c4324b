import Foundation
import XCTest

/// A full disk under an app folder or a golden set is a sentence naming the file (exit 73), never a
/// Foundation dump (`Error Domain=NSCocoaErrorDomain Code=640 … UserInfo={…}`) or a temporary's name,
/// and the folder stays as it was.
final class SystemErrorSentenceTests: XCTestCase {
    private func assertSentence(
        _ result: KinetypeProcess.Result, naming file: String, file source: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(result.status, 73, result.stderr, file: source, line: line)
        XCTAssertTrue(
            result.stderr.contains("cannot write \(file): no space left on the device"), result.stderr, file: source,
            line: line)
        for dump in ["Error Domain", "NSCocoaErrorDomain", "UserInfo", ".kinetype-"] {
            XCTAssertFalse(result.stderr.contains(dump), "\(dump): \(result.stderr)", file: source, line: line)
        }
    }

    func testAFullDiskUnderAnAppFolderIsASentenceAndTheFolderStaysAsItWas() throws {
        let disk = try TinyDisk.mount(self, size: "1m")
        let folder = try KinetypeProcess.temporaryFolder(self)
        try FaultScenes.tiny(in: folder, name: "t.json")
        try Data(#"[{"output": "card"}]"#.utf8).write(to: folder.appendingPathComponent("d.json"))
        let cases = [
            ("--xcassets", "App.xcassets", "App.xcassets/card.dataset/card.gif"),
            ("--android-res", "res", "res/raw/card.gif"),
        ]
        for (option, name, written) in cases {
            let delivery = disk.url.appendingPathComponent(name).path
            let first = try KinetypeProcess.run(
                ["batch", "t.json", "--data", "d.json", "-o", "out", "-q", option, delivery], in: folder)
            XCTAssertEqual(first.status, 0, first.stderr)
            if option == "--android-res" {
                try AndroidAssetPackaging.build(disk.url.appendingPathComponent(name), in: folder)
            }
            try disk.fill(leaving: 0)
            let before = try FolderState.snapshot(disk.url.appendingPathComponent(name))
            let full = try KinetypeProcess.run(
                ["batch", "t.json", "--data", "d.json", "-o", "out", "-q", "--set", "word=Bye", option, delivery],
                in: folder)
            assertSentence(full, naming: disk.url.appendingPathComponent(written).path)
            XCTAssertEqual(try FolderState.snapshot(disk.url.appendingPathComponent(name)), before, option)
            try FileManager.default.removeItem(at: disk.url.appendingPathComponent(".filler"))
        }
    }

    func testAFullDiskUnderAGoldenSetNamesTheGoldenNotATemporary() throws {
        let disk = try TinyDisk.mount(self, size: "1m")
        let folder = try KinetypeProcess.temporaryFolder(self)
        try FaultScenes.tiny(in: folder, name: "t.json")
        try FileManager.default.createDirectory(
            at: disk.url.appendingPathComponent("goldens"), withIntermediateDirectories: true)
        try disk.fill(leaving: 0)
        let result = try KinetypeProcess.run(
            ["verify", "t.json", "--golden", disk.url.appendingPathComponent("goldens").path, "--record", "all"],
            in: folder)
        assertSentence(result, naming: disk.url.appendingPathComponent("goldens/t/frame_0001.png").path)
    }
}
