import Foundation
import TestSupport
import XCTest

/// A batch touches only what changed (#40): re-running it leaves every file whose bytes would not
/// change as it is (same inode, same modification time), in the output folder (outputs, posters,
/// haptic patterns, fingerprints, the report), the asset catalog and `res/`, and the summary says
/// what was written and what was unchanged. Every file is given an old modification time after the
/// first run, so any file written again shows.
final class UnchangedBatchTests: XCTestCase {
    private let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try KinetypeProcess.temporaryFolder(self)
        try writeData(two: "Two")
    }

    private func writeData(two: String) throws {
        try Data(#"[{"output": "one", "word": "One"}, {"output": "two", "word": "\#(two)"}]"#.utf8)
            .write(to: folder.appendingPathComponent("data.json"))
    }

    /// The batch: two GIFs with posters and haptic patterns, into an asset catalog and res/.
    private func batch(_ extra: [String] = []) throws -> KinetypeProcess.Result {
        let result = try KinetypeProcess.run(
            [
                "batch", tiny, "--data", "data.json", "-o", "out", "--poster", "end", "--haptics",
                "--xcassets", "App.xcassets", "--android-res", "res", "--report", "report.json",
            ] + extra, in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result
    }

    /// Every regular file below the folder (hidden ones too), with its inode and modification time.
    private func snapshot() throws -> [String: String] {
        var files: [String: String] = [:]
        let walk = FileManager.default.enumerator(atPath: folder.path)
        while let path = walk?.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent(path).path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            files[path] = "inode \(attributes[.systemFileNumber] ?? "?"), \(attributes[.modificationDate] ?? "?")"
        }
        return files
    }

    /// Gives every file the modification time of 1 January 2001, so a file written again has another.
    private func ageEveryFile() throws {
        let old = Date(timeIntervalSinceReferenceDate: 0)
        for path in try snapshot().keys {
            try FileManager.default.setAttributes(
                [.modificationDate: old], ofItemAtPath: folder.appendingPathComponent(path).path)
        }
    }

    /// The paths whose inode or modification time differ between two snapshots.
    private func touched(_ before: [String: String], _ after: [String: String]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    func testARerunOfAnUnchangedBatchChangesNoFile() throws {
        let first = try batch()
        XCTAssertTrue(first.stdout.contains("Wrote 6 files into out (0 unchanged)"), first.stdout)
        try ageEveryFile()
        var before = try snapshot()
        XCTAssertGreaterThanOrEqual(before.count, 20, "outputs, fingerprints, report, sets and res files: \(before)")
        _ = try batch()
        XCTAssertEqual(
            touched(before, try snapshot()), ["report.json"], "the report now says unchanged; nothing else changed")

        try ageEveryFile()
        before = try snapshot()
        let again = try batch()
        XCTAssertEqual(touched(before, try snapshot()), [], "no file was written again, the report neither")
        for line in [
            "0 rendered, 2 unchanged, 0 failed",
            "Wrote 0 files into out (6 unchanged)",
            "Wrote 0 sets into the asset catalog App.xcassets (4 unchanged)",
            "Wrote 0 files into the Android resources res (5 unchanged)",
        ] {
            XCTAssertTrue(again.stdout.contains(line + "\n"), "\(line)\n\(again.stdout)")
        }
    }

    /// Rendered again with --force, the outputs are the same bytes: they stay in place, and so does
    /// everything delivered from them.
    func testAForcedRerunLeavesTheFilesItRendersTheSameAlone() throws {
        _ = try batch()
        try ageEveryFile()
        let before = try snapshot()
        let forced = try batch(["--force"])
        XCTAssertEqual(
            touched(before, try snapshot()), ["report.json"],
            "only the report changed (it has the render times); the rest is the same bytes")
        XCTAssertTrue(forced.stdout.contains("2 rendered, 0 unchanged, 0 failed"), forced.stdout)
        XCTAssertTrue(forced.stdout.contains("Wrote 0 files into out (6 unchanged)"), forced.stdout)
    }

    /// One entry changes: its files are written, the other's are left alone.
    func testAChangedEntryWritesOnlyItsFiles() throws {
        _ = try batch()
        try ageEveryFile()
        let before = try snapshot()
        try writeData(two: "Six") // as long as "Two": the same key presses
        let changed = try batch()
        let written = touched(before, try snapshot())
        XCTAssertFalse(written.contains { $0.contains("one") }, "nothing of entry one: \(written)")
        // The content descriptions of both entries are one file, and "Six" is not "Two".
        for file in [
            "out/two.gif", "out/two-poster.png", "App.xcassets/two.dataset/two.gif", "res/raw/two.gif",
            "res/values/kinetype_strings.xml",
        ] {
            XCTAssertTrue(written.contains(file), "\(file) is new: \(written)")
        }
        XCTAssertFalse(written.contains("out/two.ahap"), "the haptic pattern has the same key presses: \(written)")
        for line in [
            "1 rendered, 1 unchanged, 0 failed",
            "Wrote 2 files into out (4 unchanged)",
            "Wrote 2 sets into the asset catalog App.xcassets (2 unchanged)",
            "Wrote 3 files into the Android resources res (2 unchanged)",
        ] {
            XCTAssertTrue(changed.stdout.contains(line + "\n"), "\(line)\n\(changed.stdout)")
        }
    }
}
