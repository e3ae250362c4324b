import Foundation
import XCTest

/// Output names as long as ext4 and tmpfs take (255 bytes of UTF-8) through the built binary:
/// written and replaced like any other, and a killed run's temporary is still cleaned up.
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
}
