import Foundation
import XCTest

/// `batch --still` (one PNG per output) and `batch --poster` (a PNG next to every animation):
/// named by the naming rule, showing the moment asked for, byte for byte what `render --still`
/// writes, with fingerprints of their own.
final class BatchStillCommandTests: XCTestCase {
    private let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path

    private func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The PNG `render --still` writes for the moment, scale and appearance.
    private func renderedStill(
        at time: String, scale: String = "1", scheme: String = "light", compression: String = "6", in folder: URL
    ) throws -> Data {
        let name = "still-\(time)-\(scale)-\(scheme)-\(compression).png"
        let result = try KinetypeProcess.run(
            [
                "render", tiny, "--still", time, "--scale", scale, "--color-scheme", scheme, "--png-compression",
                compression, "-o", name, "-q",
            ], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }

    private func fileNumber(_ url: URL) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int)
    }

    func testStillsAreOnePNGPerOutputOfTheMomentAsked() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "card"}]"#.utf8).write(to: folder.appendingPathComponent("d.json"))
        let batch = ["batch", tiny, "--data", "d.json", "-o", "out", "--scale", "1,2", "--color-scheme", "light,dark"]
        let result = try KinetypeProcess.run(batch + ["--still", "0.5"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("4 rendered"), result.stdout)
        let out = folder.appendingPathComponent("out")
        XCTAssertEqual(try files(in: out), ["card-dark.png", "card-dark@2x.png", "card.png", "card@2x.png"])
        XCTAssertEqual(
            try Data(contentsOf: out.appendingPathComponent("card-dark@2x.png")),
            try renderedStill(at: "0.5", scale: "2", scheme: "dark", in: folder))
        XCTAssertNotEqual(
            try Data(contentsOf: out.appendingPathComponent("card.png")), try renderedStill(at: "1", in: folder),
            "the moment shows: half the word is typed at 0.5 s, all of it at 1 s")

        let again = try KinetypeProcess.run(batch + ["--still", "0.5", "--format", "png"], in: folder)
        XCTAssertTrue(again.stdout.contains("0 rendered, 4 unchanged"), again.stdout)
        let moved = try KinetypeProcess.run(batch + ["--still", "1"], in: folder)
        XCTAssertTrue(moved.stdout.contains("4 rendered, 0 unchanged"), "another moment: \(moved.stdout)")
        XCTAssertEqual(
            try Data(contentsOf: out.appendingPathComponent("card.png")), try renderedStill(at: "1", in: folder))
    }

    func testPostersSitNextToTheAnimationsWithFingerprintsOfTheirOwn() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "card"}]"#.utf8).write(to: folder.appendingPathComponent("d.json"))
        let batch = ["batch", tiny, "--data", "d.json", "-o", "out", "--color-scheme", "light,dark"]
        let out = folder.appendingPathComponent("out")
        XCTAssertTrue(try KinetypeProcess.run(batch, in: folder).stdout.contains("2 rendered"))
        let gif = out.appendingPathComponent("card.gif")
        let animation = try fileNumber(gif)

        // Adding --poster renders the posters only: the animations' inputs did not change.
        let first = try KinetypeProcess.run(
            batch + ["--poster", "0.5", "--png-compression", "9", "--report", "r.json"], in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("2 rendered"), first.stdout)
        XCTAssertTrue(first.stdout.contains("1 card  out/card-dark.gif + card-poster-dark.png  "), first.stdout)
        XCTAssertEqual(try fileNumber(gif), animation, "the animation was kept")
        XCTAssertEqual(
            try files(in: out), ["card-dark.gif", "card-poster-dark.png", "card-poster.png", "card.gif"])
        XCTAssertEqual(
            try Data(contentsOf: out.appendingPathComponent("card-poster-dark.png")),
            try renderedStill(at: "0.5", scheme: "dark", compression: "9", in: folder))
        let report = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("r.json")))
                as? [String: Any])
        let posters = (report["outcomes"] as? [[String: Any]])?.compactMap { $0["poster"] as? String }
        XCTAssertEqual(
            posters?.map { URL(fileURLWithPath: $0).lastPathComponent }, ["card-poster.png", "card-poster-dark.png"])

        let unchanged = try KinetypeProcess.run(batch + ["--poster", "0.5", "--png-compression", "9"], in: folder)
        XCTAssertTrue(unchanged.stdout.contains("0 rendered, 2 unchanged"), unchanged.stdout)
        let moved = try KinetypeProcess.run(batch + ["--poster", "0.5"], in: folder)
        XCTAssertTrue(moved.stdout.contains("2 rendered"), "the poster's compression changed: \(moved.stdout)")
        XCTAssertEqual(try fileNumber(gif), animation, "the animation was kept")
        XCTAssertEqual(
            try Data(contentsOf: out.appendingPathComponent("card-poster.png")),
            try renderedStill(at: "0.5", in: folder),
            "the poster is the still of that moment")
        XCTAssertTrue(
            try KinetypeProcess.run(batch, in: folder).stdout.contains("0 rendered, 2 unchanged"),
            "without --poster the animations are unchanged")
    }

    func testMomentsAfterTheEndAndOptionsThatDoNotGoTogetherAreRefused() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "card"}]"#.utf8).write(to: folder.appendingPathComponent("d.json"))
        let batch = ["batch", tiny, "--data", "d.json", "-o", "out"]
        let late = try KinetypeProcess.run(batch + ["--poster", "5"], in: folder)
        XCTAssertEqual(late.status, 1, late.stderr)
        XCTAssertTrue(
            late.stderr.contains(
                "entry 1 (card): --poster 5 is after the end of the scene, which lasts 1.15 s; give a time from 0 to 1.15"
            ),
            late.stderr)
        XCTAssertEqual(try files(in: folder.appendingPathComponent("out")), [], "neither the animation nor a poster")
        let lateStill = try KinetypeProcess.run(batch + ["--still", "2"], in: folder)
        XCTAssertEqual(lateStill.status, 1, lateStill.stderr)
        XCTAssertTrue(lateStill.stderr.contains("--still 2 is after the end of the scene"), lateStill.stderr)

        for (arguments, message) in [
            (["--still", "1", "--poster", "1"], "--poster is a still next to each animation"),
            (["--still", "1", "--format", "gif"], "--still writes one PNG image"),
            (["--png-compression", "9"], "--png-compression applies to"),
        ] {
            let result = try KinetypeProcess.run(batch + arguments, in: folder)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }

        // A frames folder named like another entry's poster is refused before anything renders.
        try Data(#"[{"output": "card"}, {"output": "Card-poster.png"}]"#.utf8).write(
            to: folder.appendingPathComponent("clash.json"))
        let clash = try KinetypeProcess.run(
            ["batch", tiny, "--data", "clash.json", "-o", "frames", "--format", "png", "--poster", "0.5"], in: folder)
        XCTAssertEqual(clash.status, 65, clash.stderr)
        XCTAssertTrue(clash.stderr.contains("entries [0] (line 1) and [1] both write Card-poster.png"), clash.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("frames").path))
    }

    func testThePosterAtTheEndIsEachEntrysLastFrame() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        // "Hi, kinetype" is typed by 0.7 s and lasts 1 s; "Goodbye, kinetype" lasts 1.25 s.
        try Data(#"[{"output": "short", "word": "Hi"}, {"output": "long", "word": "Goodbye"}]"#.utf8)
            .write(to: folder.appendingPathComponent("d.json"))
        let fixed = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "-o", "fixed", "--poster", "1.2"], in: folder)
        XCTAssertEqual(fixed.status, 1, "one time cannot fit both: \(fixed.stderr)")
        XCTAssertTrue(fixed.stderr.contains("entry 1 (short): --poster 1.2 is after the end"), fixed.stderr)

        let result = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "-o", "out", "--poster", "end"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        for (name, word, end) in [("short", "Hi", "1"), ("long", "Goodbye", "1.25")] {
            let render = try KinetypeProcess.run(
                ["render", tiny, "--set", "word=\(word)", "--still", end, "-o", "\(name).png", "-q"], in: folder)
            XCTAssertEqual(render.status, 0, render.stderr)
            XCTAssertEqual(
                try Data(contentsOf: folder.appendingPathComponent("out/\(name)-poster.png")),
                try Data(contentsOf: folder.appendingPathComponent("\(name).png")), name)
        }
        let stills = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "-o", "stills", "--still", "end"], in: folder)
        XCTAssertEqual(stills.status, 0, stills.stderr)
        XCTAssertEqual(
            try Data(contentsOf: folder.appendingPathComponent("stills/long.png")),
            try Data(contentsOf: folder.appendingPathComponent("out/long-poster.png")))
        let wrong = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "--poster", "last"], in: folder)
        XCTAssertEqual(wrong.status, 64, wrong.stderr)
        XCTAssertTrue(wrong.stderr.contains("from 0 to 86400 or end"), wrong.stderr)
    }
}
