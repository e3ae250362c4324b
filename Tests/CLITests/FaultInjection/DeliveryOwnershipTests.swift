import Foundation
import TestSupport
import XCTest

/// `batch --xcassets` and `--android-res` own what they wrote, nothing else: a file kinetype did
/// not write, or that changed since, is never replaced or deleted (exit 73, naming it); files
/// people add inside a set survive re-runs; two runs into one folder take turns; a kill at any
/// moment leaves old or new sets that the next run accepts.
final class DeliveryOwnershipTests: XCTestCase {
    private let manifestName = ".kinetype-delivery.json"

    /// A folder with the tiny scene as `t.json` and `d.json` naming `count` entries `card0` … .
    private func folderWithBatch(entries count: Int = 1) throws -> URL {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try FaultScenes.tiny(in: folder, name: "t.json")
        let entries = (0..<count).map { #"{"output": "card\#($0)"}"# }.joined(separator: ", ")
        try Data("[\(entries)]".utf8).write(to: folder.appendingPathComponent("d.json"))
        return folder
    }

    private func batch(_ folder: URL, word: String, output: String = "out", into delivery: [String]) throws
        -> KinetypeProcess.Result
    {
        try KinetypeProcess.run(
            ["batch", "t.json", "--data", "d.json", "-o", output, "--set", "word=\(word)", "-q"] + delivery, in: folder)
    }

    func testFilesPeopleAddToASetSurviveARerun() throws {
        let folder = try folderWithBatch()
        let catalog = ["--xcassets", "App.xcassets"]
        XCTAssertEqual(try batch(folder, word: "Hello", into: catalog).status, 0)
        let set = folder.appendingPathComponent("App.xcassets/card0.dataset")
        try Data("keep me".utf8).write(to: set.appendingPathComponent("NOTES.txt"))
        let again = try batch(folder, word: "Bye", into: catalog)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: set.path).sorted(),
            ["Contents.json", "NOTES.txt", "card0.gif"])
        XCTAssertEqual(try String(contentsOf: set.appendingPathComponent("NOTES.txt"), encoding: .utf8), "keep me")
        XCTAssertEqual(
            try Data(contentsOf: set.appendingPathComponent("card0.gif")),
            try Data(contentsOf: folder.appendingPathComponent("out/card0.gif")), "the set follows the new render")
        let contents = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: set.appendingPathComponent("Contents.json")))
                as? [String: Any])
        XCTAssertEqual((contents["data"] as? [[String: Any]])?.compactMap { $0["filename"] as? String }, ["card0.gif"])
    }

    func testASetFileThatChangedSinceKinetypeWroteItIsNeverReplaced() throws {
        let folder = try folderWithBatch()
        let catalog = ["--xcassets", "App.xcassets"]
        XCTAssertEqual(try batch(folder, word: "Hello", into: catalog).status, 0)
        try Data("retouched by hand".utf8).write(
            to: folder.appendingPathComponent("App.xcassets/card0.dataset/card0.gif"))
        let before = try FolderState.snapshot(folder.appendingPathComponent("App.xcassets"))
        let again = try batch(folder, word: "Bye", into: catalog)
        XCTAssertEqual(again.status, 73, again.stderr)
        XCTAssertTrue(
            again.stderr.contains("App.xcassets/card0.dataset/card0.gif was not written by kinetype, or was changed"),
            again.stderr)
        XCTAssertEqual(try FolderState.snapshot(folder.appendingPathComponent("App.xcassets")), before)
    }

    func testAResourceKinetypeDidNotWriteIsNeverReplaced() throws {
        let folder = try folderWithBatch()
        let resources = ["--android-res", "res"]
        let raw = folder.appendingPathComponent("res/raw")
        try FileManager.default.createDirectory(at: raw, withIntermediateDirectories: true)
        try Data("hand made".utf8).write(to: raw.appendingPathComponent("card0.gif"))
        let before = try FolderState.snapshot(folder.appendingPathComponent("res"))
        let refused = try batch(folder, word: "Hello", into: resources)
        XCTAssertEqual(refused.status, 73, refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains(
                "res/raw/card0.gif was not written by kinetype, or was changed since kinetype wrote it"),
            refused.stderr)
        XCTAssertEqual(try FolderState.snapshot(folder.appendingPathComponent("res")), before, "res/ is as it was")

        // Once it is moved away, kinetype's own file is written, and replaced by the next run.
        try FileManager.default.removeItem(at: raw.appendingPathComponent("card0.gif"))
        XCTAssertEqual(try batch(folder, word: "Hello", into: resources).status, 0)
        let next = try batch(folder, word: "Bye", into: resources)
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(
            try Data(contentsOf: raw.appendingPathComponent("card0.gif")),
            try Data(contentsOf: folder.appendingPathComponent("out/card0.gif")))
        try AndroidAssetPackaging.build(folder.appendingPathComponent("res"), in: folder)
        // Changed by hand since: kinetype's no more.
        try Data("edited".utf8).write(to: raw.appendingPathComponent("card0.gif"), options: .atomic)
        let edited = try batch(folder, word: "Hello", into: resources)
        XCTAssertEqual(edited.status, 73, edited.stderr)
        XCTAssertEqual(try String(contentsOf: raw.appendingPathComponent("card0.gif"), encoding: .utf8), "edited")
    }

    func testASecondRunWaitsForTheOneWritingTheFolder() throws {
        for (option, name) in [("--xcassets", "App.xcassets"), ("--android-res", "res")] {
            let folder = try folderWithBatch(entries: 2)
            let delivery = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: delivery, withIntermediateDirectories: true)
            // This test holds the folder's lock, as another kinetype run writing into it would.
            let lock = open(delivery.path, O_RDONLY | O_DIRECTORY)
            XCTAssertGreaterThanOrEqual(lock, 0)
            XCTAssertEqual(flock(lock, LOCK_EX), 0)
            var locked = true
            defer { if locked { close(lock) } }

            let process = Process()
            process.executableURL = KinetypeProcess.executable
            process.arguments = ["batch", "t.json", "--data", "d.json", "-o", "out", "-q", option, name]
            process.currentDirectoryURL = folder
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            // A run that never says it waits must fail the test, not hang it.
            HangGuard.terminate(process, after: 120)
            var printed = Data()
            while !String(decoding: printed, as: UTF8.self).contains("waiting for another kinetype run") {
                let more = errors.fileHandleForReading.availableData
                if more.isEmpty { break }
                printed += more
            }
            let said = String(decoding: printed, as: UTF8.self)
            XCTAssertTrue(
                said.contains("note: waiting for another kinetype run to finish writing into"), "\(option): \(said)")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: delivery.path), [],
                "\(option): nothing is written while another run holds the folder")
            close(lock)
            locked = false
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, option)
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: delivery.appendingPathComponent(manifestName).path), option)
            if option == "--android-res" { try AndroidAssetPackaging.build(delivery, in: folder) }
        }
    }

    func testTwoBatchesAtOnceLeaveOneRunsWholeCatalog() throws {
        let folder = try folderWithBatch(entries: 6)
        for attempt in 0..<3 {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("App.xcassets"))
            let runs = try ["A", "B"].map { run -> Process in
                let process = Process()
                process.executableURL = KinetypeProcess.executable
                process.arguments = [
                    "batch", "t.json", "--data", "d.json", "-o", "out\(run)", "--set", "word=Run\(run)", "-q",
                    "--xcassets", "App.xcassets",
                ]
                process.currentDirectoryURL = folder
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                return process
            }
            for run in runs { run.waitUntilExit() }
            XCTAssertEqual(runs.map(\.terminationStatus), [0, 0], "attempt \(attempt)")
            var owners = Set<String>()
            for entry in 0..<6 {
                let set = try Data(
                    contentsOf: folder.appendingPathComponent("App.xcassets/card\(entry).dataset/card\(entry).gif"))
                for run in ["A", "B"]
                where try Data(contentsOf: folder.appendingPathComponent("out\(run)/card\(entry).gif")) == set {
                    owners.insert(run)
                }
            }
            XCTAssertEqual(owners.count, 1, "attempt \(attempt): every set comes from one run, not a mix")
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("App.xcassets/Contents.json").path)
            )
        }
    }

    /// The manifest a kill leaves between putting one set in place and the next lists both the old
    /// and the new bytes; the next run accepts either.
    func testAManifestThatAcceptsOldAndNewBytesLetsTheNextRunFinish() throws {
        let folder = try folderWithBatch(entries: 2)
        let catalog = folder.appendingPathComponent("App.xcassets")
        let manifest = catalog.appendingPathComponent(manifestName)
        XCTAssertEqual(try batch(folder, word: "Hello", into: ["--xcassets", "App.xcassets"]).status, 0)
        let old = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
        let oldSet = try Data(contentsOf: catalog.appendingPathComponent("card1.dataset/card1.gif"))
        XCTAssertEqual(try batch(folder, word: "Bye", into: ["--xcassets", "App.xcassets"]).status, 0)
        var new = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
        // As if killed after card0's set was put in place and before card1's: card1 still old.
        try oldSet.write(to: catalog.appendingPathComponent("card1.dataset/card1.gif"))
        var files = try XCTUnwrap(new["files"] as? [String: [String]])
        let oldFiles = try XCTUnwrap(old["files"] as? [String: [String]])
        for (path, hashes) in oldFiles { files[path] = Array(Set(hashes + (files[path] ?? []))).sorted() }
        new["files"] = files
        try JSONSerialization.data(withJSONObject: new).write(to: manifest)
        let next = try batch(folder, word: "Again", into: ["--xcassets", "App.xcassets"])
        XCTAssertEqual(next.status, 0, next.stderr)
        for entry in 0..<2 {
            XCTAssertEqual(
                try Data(contentsOf: catalog.appendingPathComponent("card\(entry).dataset/card\(entry).gif")),
                try Data(contentsOf: folder.appendingPathComponent("out/card\(entry).gif")))
        }
    }

    func testAKillAtAnyMomentLeavesOldOrNewSetsAndTheNextRunFinishes() throws {
        let folder = try folderWithBatch(entries: 6)
        let catalog = folder.appendingPathComponent("App.xcassets")
        XCTAssertEqual(try batch(folder, word: "Old", output: "old", into: ["--xcassets", "App.xcassets"]).status, 0)
        var generator = SeededGenerator(seed: 39)
        for attempt in 0..<6 {
            let run = try BackgroundKinetype(
                [
                    "batch", "t.json", "--data", "d.json", "-o", "new", "--set", "word=New\(attempt)", "--force", "-q",
                    "--xcassets", "App.xcassets", "-j", "1",
                ], in: folder)
            usleep(UInt32(generator.next() % 400_000))
            _ = run.stop(with: SIGKILL)
            for entry in 0..<6 {
                let set = catalog.appendingPathComponent("card\(entry).dataset")
                let names = try FileManager.default.contentsOfDirectory(atPath: set.path).sorted()
                XCTAssertEqual(names, ["Contents.json", "card\(entry).gif"], "attempt \(attempt): a whole set")
            }
            let next = try batch(folder, word: "Old", output: "old", into: ["--xcassets", "App.xcassets"])
            XCTAssertEqual(next.status, 0, "attempt \(attempt): \(next.stderr)")
            for entry in 0..<6 {
                XCTAssertEqual(
                    try Data(contentsOf: catalog.appendingPathComponent("card\(entry).dataset/card\(entry).gif")),
                    try Data(contentsOf: folder.appendingPathComponent("old/card\(entry).gif")))
            }
        }
    }
}
