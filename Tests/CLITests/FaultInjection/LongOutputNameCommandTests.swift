import Foundation
import XCTest

/// Output names as long as ext4 and tmpfs take (255 bytes of UTF-8) through the built binary:
/// written and replaced like any other, a killed run's temporary is still cleaned up, and a batch
/// refuses, before it renders, a name that would only become too long with what kinetype adds.
final class LongOutputNameCommandTests: XCTestCase {
    private func kinetype(_ arguments: [String]) throws -> KinetypeProcess.Result {
        try KinetypeProcess.run(arguments)
    }

    /// A 255-byte name of `character` (padded with "a") that ends with `ending`.
    private func longName(_ character: String, ending: String) -> String {
        var name = ""
        while name.utf8.count + character.utf8.count + ending.utf8.count <= 255 { name += character }
        return name + String(repeating: "a", count: 255 - name.utf8.count - ending.utf8.count) + ending
    }

    /// The names of kinetype's unfinished temporaries in `folder`.
    private func temporaries(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix(".") && $0.contains(".kinetype-") && $0.hasSuffix(".tmp") }
    }

    func testRenderWritesAndReplacesAGIFAStillAndAFramesFolderWith255ByteNames() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try FaultScenes.tiny(in: folder)
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        var expected: [String] = []
        for character in ["a", "日", "😀"] {
            let gif = longName(character, ending: ".gif")
            let still = longName(character, ending: ".png")
            let frames = longName(character, ending: "")
            expected += [gif, still, frames]
            var before: [String: Data] = [:]
            for word in ["Hello", "Again"] {
                for arguments in [
                    ["-o", out.appendingPathComponent(gif).path],
                    ["--still", "0.5", "-o", out.appendingPathComponent(still).path],
                    ["-o", out.appendingPathComponent(frames).path + "/"],
                ] {
                    let result = try kinetype(["render", scene.path, "--set", "word=\(word)"] + arguments)
                    XCTAssertEqual(result.status, 0, result.stderr)
                }
                let after = try FolderState.snapshot(out)
                XCTAssertNotEqual(after[gif], before[gif], "the GIF was written anew")
                XCTAssertNotEqual(after[still], before[still], "the still was written anew")
                XCTAssertNotEqual(after[frames + "/frame_0023.png"], before[frames + "/frame_0023.png"])
                before = after
            }
        }
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(), expected.sorted(),
            "every output is in place and no temporary is left")
        XCTAssertEqual(expected.map(\.utf8.count), Array(repeating: 255, count: 9))
    }

    func testAKilledRunsShortenedTemporaryIsRemovedByTheNextRun() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let tiny = try FaultScenes.tiny(in: folder)
        let long = try FaultScenes.long(in: folder)
        let frames = folder.appendingPathComponent(longName("é", ending: ""))
        XCTAssertEqual(try kinetype(["render", tiny.path, "-o", frames.path]).status, 0)
        let before = try FolderState.snapshot(frames)

        let run = try BackgroundKinetype(["render", long.path, "-o", frames.path, "--jobs", "1"])
        run.wait {
            temporaries(in: folder).contains { name in
                let count = try? FileManager.default.contentsOfDirectory(
                    atPath: folder.appendingPathComponent(name).path
                ).count
                return (count ?? 0) >= 50
            }
        }
        XCTAssertEqual(run.stop(with: SIGKILL).status, SIGKILL)
        let left = temporaries(in: folder)
        XCTAssertEqual(left.count, 1, "kill -9 leaves the temporary")
        XCTAssertLessThanOrEqual(left.first?.utf8.count ?? 0, 255)
        XCTAssertTrue(left.first?.hasPrefix(".éé") ?? false, left.first ?? "")
        XCTAssertEqual(try FolderState.snapshot(frames), before, "the old frames are complete and unchanged")

        let next = try kinetype(["render", tiny.path, "-o", frames.path, "--set", "word=Again"])
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(temporaries(in: folder), [], "the next run removed the stale temporary")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
            ["long.json", frames.lastPathComponent, "tiny.json"].sorted())
    }

    /// A data file of one entry per `output` name (a JSON string each), one line per entry.
    private func dataFile(in folder: URL, outputs: [String]) throws -> URL {
        let url = folder.appendingPathComponent("data.json")
        let lines = outputs.map { "  {\"output\": \"\($0)\"}" }
        try Data(("[\n" + lines.joined(separator: ",\n") + "\n]\n").utf8).write(to: url)
        return url
    }

    func testBatchRefusesANameTooLongWithItsSuffixesBeforeRenderingAndWritesTheLongestThatFit() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try FaultScenes.tiny(in: folder)
        let out = folder.appendingPathComponent("out")
        // With "-dark.gif" the first is 255 bytes, the second 256.
        let fits = String(longName("é", ending: "-dark.gif").dropLast("-dark.gif".count))
        let tooLong = String(longName("日", ending: "-dark.gif").dropLast("-dark.gif".count)) + "b"
        let data = try dataFile(in: folder, outputs: [fits, tooLong])
        let batch = ["batch", scene.path, "--data", data.path, "-o", out.path, "--color-scheme", "light,dark"]

        let refused = try kinetype(batch)
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains(
                "data.json:3:14: [1].output: output file name \"日日日"),
            refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains(
                "is 256 bytes long with the \"-dark.gif\" kinetype adds; the output folder's file system takes names of at most 255 bytes"
            ), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("hint: shorten \"output\" by at least 1 byte of UTF-8"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("[0]"), "the name that fits is not reported")
        XCTAssertEqual(refused.stdout, "", "nothing rendered")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing was written")

        _ = try dataFile(in: folder, outputs: [fits])
        let written = try kinetype(batch)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue(written.stdout.contains("2 rendered, 0 unchanged, 0 failed"), written.stdout)
        let outputs = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(outputs.sorted(), [fits + ".gif", fits + "-dark.gif"].sorted())
        XCTAssertEqual(outputs.map(\.utf8.count).max(), 255)
        let fingerprints = try FileManager.default.contentsOfDirectory(
            atPath: out.appendingPathComponent(".kinetype").path
        ).filter { $0 != "scene-summaries" }
        XCTAssertEqual(fingerprints.count, 2)
        XCTAssertTrue(fingerprints.allSatisfy { $0.utf8.count <= 255 && $0.hasSuffix(".sha256") }, "\(fingerprints)")
        let again = try kinetype(batch)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("0 rendered, 2 unchanged, 0 failed"), "the fingerprints are found again")
    }

    func testBatchRefusesAPathLongerThanTheSystemTakesBeforeRendering() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try FaultScenes.tiny(in: folder)
        // A folder not made yet, its path 3,900 bytes: "card" fits, a 250-byte name does not.
        var out = folder
        while out.path.utf8.count < 3_800 { out.appendPathComponent(String(repeating: "d", count: 99)) }
        out.appendPathComponent(String(repeating: "e", count: 3_900 - out.path.utf8.count - 1))
        XCTAssertEqual(out.path.utf8.count, 3_900)
        let data = try dataFile(in: folder, outputs: ["card", String(repeating: "n", count: 250)])
        let result = try kinetype(["batch", scene.path, "--data", data.path, "-o", out.path])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("data.json:3:14: [1].output: writing \"nnnn"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "(its temporary and fingerprint included); the system takes paths of at most 4095 bytes"
            ), result.stderr)
        XCTAssertTrue(result.stderr.contains("hint: choose a shorter output folder (-o)"), result.stderr)
        XCTAssertFalse(result.stderr.contains("[0]"), "the short name is not reported")
        XCTAssertFalse(
            FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(String(repeating: "d", count: 99)).path),
            "nothing was made")
    }
}
