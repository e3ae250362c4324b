import Foundation
import TestSupport
import XCTest

/// Faults injected into `render`, `batch` and `verify` as a user would meet them: outputs that
/// are not kinetype's, full and read-only disks, stale temporaries of killed runs, and Ctrl-C,
/// SIGTERM or kill -9 in the middle of a run. After each, a destination is the complete old or
/// the complete new state, and nothing kinetype did not write is touched.
final class OutputSafetyTests: XCTestCase {
    private func kinetype(_ arguments: [String], in directory: URL? = nil) throws -> KinetypeProcess.Result {
        try KinetypeProcess.run(arguments, in: directory)
    }

    private func requireFFmpeg() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        if !path.split(separator: ":").contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/ffmpeg") })
        {
            throw XCTSkip("ffmpeg is not installed")
        }
    }

    /// The id of a process that has ended, so no process has it (for fake stale temporaries).
    private func deadProcessID() throws -> Int32 {
        try ChildProcess.endedProcessID()
    }

    private func count(in folder: URL) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path).count) ?? 0
    }

    /// The folder of the first kinetype temporary in `parent` whose name contains `name`, if any.
    private func temporary(in parent: URL, for name: String) -> URL? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        return names.first { $0.hasPrefix(".\(name).kinetype-") && $0.hasSuffix(".tmp") }.map(
            parent.appendingPathComponent)
    }

    // MARK: - PNG-frames folders that kinetype did not write

    func testDotAsOutputIsRefusedAndTheFolderIsUntouched() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try FaultScenes.tiny(in: folder)
        try Data("keep me".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let before = try FolderState.snapshot(folder)
        let result = try kinetype(["render", "tiny.json", "-o", "."], in: folder)
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertTrue(result.stderr.contains("hint: name a new folder for the frames"), result.stderr)
        XCTAssertEqual(try FolderState.snapshot(folder), before, "the scene and every other file are kept")
    }

    func testNonEmptyFolderIsRefusedAndUntouched() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try FaultScenes.tiny(in: folder)
        let shots = folder.appendingPathComponent("shots")
        try FileManager.default.createDirectory(
            at: shots.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("a".utf8).write(to: shots.appendingPathComponent("frame_0001.png"))
        try Data("b".utf8).write(to: shots.appendingPathComponent("sub/b.txt"))
        let before = try FolderState.snapshot(folder)
        let result = try kinetype(["render", scene.path, "-o", shots.path])
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "the folder is not empty and kinetype did not write it (it has no .kinetype-frames.json)"),
            result.stderr)
        XCTAssertTrue(result.stderr.contains("hint: choose a new or empty folder for the frames"), result.stderr)
        XCTAssertEqual(try FolderState.snapshot(folder), before)
    }

    func testFolderKinetypeWroteIsReplacedAndOneWithAnExtraFileIsNot() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try FaultScenes.tiny(in: folder)
        let frames = folder.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: false)
        XCTAssertEqual(try kinetype(["render", scene.path, "-o", frames.path]).status, 0, "an empty folder is filled")
        let manifest =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: frames.appendingPathComponent(".kinetype-frames.json"))) as? [String: Any]
        XCTAssertEqual(manifest?["format"] as? String, "kinetype-frames")
        XCTAssertEqual(manifest?["frameCount"] as? Int, 23)
        XCTAssertEqual((manifest?["files"] as? [String])?.first, "frame_0001.png")
        let first = try FolderState.snapshot(frames)

        let again = try kinetype(["render", scene.path, "-o", frames.path, "--set", "word=Howdy"])
        XCTAssertEqual(again.status, 0, again.stderr)
        let second = try FolderState.snapshot(frames)
        XCTAssertEqual(Set(second.keys), Set(first.keys))
        XCTAssertNotEqual(second["frame_0023.png"], first["frame_0023.png"], "the frames were replaced")
        XCTAssertEqual(try FolderState.temporaries(in: folder), [])

        try Data("mine".utf8).write(to: frames.appendingPathComponent("notes.txt"))
        let before = try FolderState.snapshot(folder)
        let refused = try kinetype(["render", scene.path, "-o", frames.path])
        XCTAssertEqual(refused.status, 73, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("1 file(s) kinetype did not write (notes.txt)"), refused.stderr)
        XCTAssertEqual(try FolderState.snapshot(folder), before)
    }

    func testBatchRefusesAFramesFolderKinetypeDidNotWriteWithExit73() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try FaultScenes.tiny(in: folder)
        let data = folder.appendingPathComponent("data.json")
        try Data(#"[{"output": "a"}, {"output": "b"}]"#.utf8).write(to: data)
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("a"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: out.appendingPathComponent("a/photo.jpg"))
        let result = try kinetype(["batch", scene.path, "--data", data.path, "-o", out.path, "--format", "png"])
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertTrue(result.stderr.contains("entry 1 (a): cannot write"), result.stderr)
        XCTAssertTrue(result.stdout.contains("1 rendered, 0 unchanged, 1 failed"), result.stdout)
        XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("a/photo.jpg")), Data("mine".utf8))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("a").path), ["photo.jpg"])
    }

    // MARK: - Stale temporaries

    func testNextRunRemovesOnlyStaleKinetypeTemporaries() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try FaultScenes.tiny(in: folder)
        let dead = try deadProcessID()
        let live = getpid()
        let stale = [".frames.kinetype-\(dead)-1.tmp", ".out.gif.kinetype-\(dead)-2.tmp"]
        let kept = [
            ".out.gif.kinetype-\(live)-1.tmp", ".out.gif.kinetype-\(dead)-1.tmp.bak", "out.gif.kinetype-\(dead)-1.tmp",
            ".out.gif.kinetype-0\(dead)-1.tmp", ".out.gif.kinetype-\(dead)-1.temp", "notes.txt",
        ]
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(stale[0]), withIntermediateDirectories: false)
        try Data("partial".utf8).write(
            to: folder.appendingPathComponent(stale[0]).appendingPathComponent("frame_0001.png"))
        for name in stale.dropFirst() + kept { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }

        let result = try kinetype(["render", scene.path, "-o", folder.appendingPathComponent("out.gif").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        XCTAssertEqual(
            left, Set(kept + ["tiny.json", "out.gif"]), "stale temporaries of dead runs go, everything else stays")
    }

    // MARK: - Full and read-only disks

    func testFullDiskKeepsOldGIFAndFramesFolder() throws {
        let disk = try TinyDisk.mount(self, size: "1m")
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try FaultScenes.tiny(in: folder)
        let gif = disk.url.appendingPathComponent("out.gif")
        let frames = disk.url.appendingPathComponent("frames")
        XCTAssertEqual(try kinetype(["render", scene.path, "-o", gif.path]).status, 0)
        XCTAssertEqual(try kinetype(["render", scene.path, "-o", frames.path]).status, 0)
        try disk.fill(leaving: 4096)
        let before = try FolderState.snapshot(disk.url)

        for output in [gif, frames] {
            let result = try kinetype(["render", scene.path, "-o", output.path, "--scale", "4", "--fps", "60"])
            XCTAssertEqual(result.status, 73, result.stderr)
            XCTAssertTrue(result.stderr.contains("no space left on the device"), result.stderr)
        }
        let still = try kinetype([
            "render", scene.path, "-o", disk.url.appendingPathComponent("still.png").path, "--still", "1", "--scale",
            "4",
        ])
        XCTAssertEqual(still.status, 73, still.stderr)
        XCTAssertEqual(
            try FolderState.snapshot(disk.url), before, "old outputs are byte-identical and no temporary is left")
    }

    func testFullDiskKeepsOldVideoInRenderAndBatch() throws {
        try requireFFmpeg()
        let disk = try TinyDisk.mount(self, size: "1m")
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try FaultScenes.tiny(in: folder)
        let video = disk.url.appendingPathComponent("out.mp4")
        try Data("old video".utf8).write(to: video)
        let batchFolder = disk.url.appendingPathComponent("batch")
        try FileManager.default.createDirectory(at: batchFolder, withIntermediateDirectories: false)
        try Data("old a".utf8).write(to: batchFolder.appendingPathComponent("a@4x.mp4"))
        let data = folder.appendingPathComponent("data.json")
        try Data(#"[{"output": "a"}, {"output": "b"}]"#.utf8).write(to: data)
        // Room for ffmpeg's header but not the whole video: ffmpeg fails while writing the trailer.
        try disk.fill(leaving: 4096)
        let before = try FolderState.snapshot(disk.url)

        let render = try kinetype(["render", scene.path, "-o", video.path, "--scale", "4", "--fps", "60"])
        XCTAssertEqual(render.status, 73, render.stderr)
        XCTAssertTrue(render.stderr.contains("no space left on the device"), render.stderr)
        let batch = try kinetype([
            "batch", scene.path, "--data", data.path, "-o", batchFolder.path, "--format", "mp4",
            "--scale", "4", "--jobs", "1",
        ])
        XCTAssertEqual(batch.status, 73, batch.stderr)
        var after = try FolderState.snapshot(disk.url)
        XCTAssertEqual(
            after.removeValue(forKey: "batch/.kinetype"), Data("<folder>".utf8),
            "batch makes its (empty) fingerprint folder")
        XCTAssertEqual(after, before, "no truncated video at a final path, no temporary left")
    }

    func testReadOnlyDiskIsExit73AndKeepsOutputs() throws {
        let disk = try TinyDisk.mount(self, size: "1m")
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try FaultScenes.tiny(in: folder)
        let frames = disk.url.appendingPathComponent("frames")
        XCTAssertEqual(try kinetype(["render", scene.path, "-o", frames.path]).status, 0)
        try Data("old".utf8).write(to: disk.url.appendingPathComponent("out.gif"))
        try disk.remountReadOnly()
        let before = try FolderState.snapshot(disk.url)
        for output in ["out.gif", "frames"] {
            let result = try kinetype(["render", scene.path, "-o", disk.url.appendingPathComponent(output).path])
            XCTAssertEqual(result.status, 73, result.stderr)
            XCTAssertTrue(
                result.stderr.contains("the folder \(disk.url.path) is on a read-only file system"), result.stderr)
        }
        XCTAssertEqual(try FolderState.snapshot(disk.url), before)
    }

    // MARK: - Signals during render to a frames folder

    /// A frames folder kinetype wrote (the tiny scene) and the long scene to replace it with.
    private func framesToReplace() throws -> (folder: URL, frames: URL, long: URL, before: [String: Data]) {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let tiny = try FaultScenes.tiny(in: folder)
        let long = try FaultScenes.long(in: folder)
        let frames = folder.appendingPathComponent("frames")
        XCTAssertEqual(try kinetype(["render", tiny.path, "-o", frames.path]).status, 0)
        return (folder, frames, long, try FolderState.snapshot(frames))
    }

    func testSIGINTDuringFramesRenderKeepsTheOldFolder() throws {
        // Interrupted as soon as the temporary folder exists, and again with many frames written.
        for framesWritten in [0, 150] {
            let setup = try framesToReplace()
            let run = try BackgroundKinetype(["render", setup.long.path, "-o", setup.frames.path, "--jobs", "1"])
            run.wait { temporary(in: setup.folder, for: "frames").map { count(in: $0) >= framesWritten } ?? false }
            let result = run.stop(with: SIGINT)
            XCTAssertEqual(result.status, 130, result.stderr)
            XCTAssertTrue(result.stderr.contains("interrupted; nothing was written"), result.stderr)
            XCTAssertEqual(
                try FolderState.snapshot(setup.frames), setup.before, "the old frames are complete and unchanged")
            XCTAssertEqual(try FolderState.temporaries(in: setup.folder), [])
        }
    }

    func testSIGKILLDuringFramesRenderKeepsTheOldFolderAndTheNextRunCleansUp() throws {
        let setup = try framesToReplace()
        let run = try BackgroundKinetype(["render", setup.long.path, "-o", setup.frames.path, "--jobs", "1"])
        run.wait { temporary(in: setup.folder, for: "frames").map { count(in: $0) >= 100 } ?? false }
        XCTAssertEqual(run.stop(with: SIGKILL).status, SIGKILL)
        XCTAssertEqual(
            try FolderState.snapshot(setup.frames), setup.before, "the old frames are complete and unchanged")
        XCTAssertEqual(
            try FolderState.temporaries(in: setup.folder).filter { !$0.contains("/") }.count, 1,
            "kill -9 leaves the temporary")

        let next = try kinetype([
            "render", setup.folder.appendingPathComponent("tiny.json").path, "-o", setup.frames.path,
            "--set", "word=Again",
        ])
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(try FolderState.temporaries(in: setup.folder), [], "the next run removed the stale temporary")
    }

    // MARK: - Signals during batch

    /// A batch folder with two PNG-frames outputs from the tiny template, and the long template
    /// with the same output names.
    private func batchToReplace() throws -> (folder: URL, out: URL, long: URL, data: URL) {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try FaultScenes.tiny(in: folder, name: "tiny.json")
        let long = try FaultScenes.long(in: folder)
        let data = folder.appendingPathComponent("data.json")
        try Data(#"[{"output": "a"}, {"output": "b"}]"#.utf8).write(to: data)
        let out = folder.appendingPathComponent("out")
        let first = try kinetype([
            "batch", folder.appendingPathComponent("tiny.json").path, "--data", data.path,
            "-o", out.path, "--format", "png",
        ])
        XCTAssertEqual(first.status, 0, first.stderr)
        return (folder, out, long, data)
    }

    func testSIGINTAndSIGTERMDuringBatchKeepEveryOutput() throws {
        for signal in [SIGINT, SIGTERM] {
            let setup = try batchToReplace()
            let before = try FolderState.snapshot(setup.out)
            let run = try BackgroundKinetype([
                "batch", setup.long.path, "--data", setup.data.path, "-o", setup.out.path,
                "--format", "png", "--force", "--jobs", "2",
            ])
            run.wait { temporary(in: setup.out, for: "a").map { count(in: $0) >= 50 } ?? false }
            let result = run.stop(with: signal)
            XCTAssertEqual(result.status, 130, result.stderr)
            XCTAssertTrue(result.stderr.contains("kinetype: interrupted; 0 of 2 outputs finished"), result.stderr)
            XCTAssertTrue(result.stdout.contains("0 rendered, 0 unchanged, 0 failed"), result.stdout)
            XCTAssertEqual(
                try FolderState.snapshot(setup.out), before,
                "outputs and fingerprints are as they were, no temporary left")
        }
    }

    func testSIGKILLDuringBatchLeavesOutputsAndTheNextRunCleansUp() throws {
        let setup = try batchToReplace()
        let before = try FolderState.snapshot(setup.out)
        let run = try BackgroundKinetype([
            "batch", setup.long.path, "--data", setup.data.path, "-o", setup.out.path,
            "--format", "png", "--force", "--jobs", "1",
        ])
        run.wait { temporary(in: setup.out, for: "a").map { count(in: $0) >= 50 } ?? false }
        XCTAssertEqual(run.stop(with: SIGKILL).status, SIGKILL)
        let after = try FolderState.snapshot(setup.out)
        let leftovers = try FolderState.temporaries(in: setup.out)
        XCTAssertFalse(leftovers.isEmpty, "kill -9 leaves the temporary")
        XCTAssertEqual(
            after.filter { entry in !leftovers.contains { entry.key.hasPrefix($0) } }, before,
            "the outputs are the old ones")

        let next = try kinetype([
            "batch", setup.folder.appendingPathComponent("tiny.json").path, "--data", setup.data.path,
            "-o", setup.out.path, "--format", "png", "--force",
        ])
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(try FolderState.temporaries(in: setup.out), [])
    }

    // MARK: - Signals during verify --record

    /// A golden folder with an old set for the long scene: two frames (a still of the tiny scene:
    /// any valid PNG will do, recording with --record all replaces them) and environment.json.
    private func goldensToReplace() throws -> (folder: URL, goldens: URL, long: URL) {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let long = try FaultScenes.long(in: folder)
        let goldens = folder.appendingPathComponent("goldens")
        let set = goldens.appendingPathComponent("long")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let still = folder.appendingPathComponent("still.png")
        XCTAssertEqual(
            try kinetype(["render", FaultScenes.tiny(in: folder).path, "--still", "0", "-o", still.path]).status, 0)
        for name in ["frame_0001.png", "frame_0031.png"] {
            try FileManager.default.copyItem(at: still, to: set.appendingPathComponent(name))
        }
        try Data("{}".utf8).write(to: set.appendingPathComponent("environment.json"))
        return (folder, goldens, long)
    }

    /// One golden set, interrupted twice: Ctrl-C (removes its temporary) and kill -9 (leaves it
    /// for the next recording to remove); the set on disk is always the complete old one.
    func testSIGINTAndSIGKILLDuringVerifyRecordNeverLeaveAHalfSet() throws {
        let setup = try goldensToReplace()
        let before = try FolderState.snapshot(setup.goldens)
        let set = setup.goldens.appendingPathComponent("long")
        let oldSet = try FolderState.snapshot(set)
        let record = ["verify", setup.long.path, "--golden", setup.goldens.path, "--record", "all", "--jobs", "1"]

        let interrupted = try BackgroundKinetype(record)
        interrupted.wait { temporary(in: setup.goldens, for: "long").map { count(in: $0) >= 50 } ?? false }
        let result = interrupted.stop(with: SIGINT)
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertTrue(result.stderr.contains("kinetype: interrupted; 0 of 1 scene(s) finished"), result.stderr)
        XCTAssertEqual(
            try FolderState.snapshot(setup.goldens), before, "the golden set is the complete old one, no temporary left"
        )

        let killed = try BackgroundKinetype(record)
        killed.wait { temporary(in: setup.goldens, for: "long").map { count(in: $0) >= 50 } ?? false }
        XCTAssertEqual(killed.stop(with: SIGKILL).status, SIGKILL)
        XCTAssertEqual(try FolderState.snapshot(set), oldSet, "the golden set is still the complete old one")
        XCTAssertEqual(
            try FolderState.temporaries(in: setup.goldens).filter { !$0.contains("/") }.count, 1,
            "kill -9 leaves the temporary")

        let next = try kinetype([
            "verify", setup.long.path, "--golden", setup.goldens.path, "--frames", "1", "--record", "all",
        ])
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(try FolderState.temporaries(in: setup.goldens), [], "the next recording removed the stale set")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: set.path).sorted(),
            ["environment.json", "frame_0061.png"], "--record all makes the set exactly the frames compared")
    }
}
