import Foundation
import TestSupport
import XCTest

/// Keystrokes out of the CLI: `info --json`'s schedule, and `--haptics` AHAP files of `render`
/// and `batch` whose events are exactly those keystrokes.
final class KeystrokeOutputTests: XCTestCase {
    /// A fixed-interval typewriter with a space and a return, and a humanized one with a delete.
    static let scene = """
        {"version": 1, "canvas": {"width": 120, "height": 40, "fps": 20, "hold": 0.3},
         "layers": [
          {"id": "title", "type": "text", "text": "Hi yo\\nok", "frame": {"x": 4, "y": 4, "width": 112},
           "font": {"family": "DejaVu Sans", "size": 12},
           "animations": [{"type": "typewriter", "interval": 0.1, "start": 0.2}]},
          {"type": "text", "frame": {"x": 4, "y": 22, "width": 112}, "font": {"family": "DejaVu Sans", "size": 12},
           "animations": [{"type": "typewriter", "intervalRange": [0.05, 0.15], "seed": 7, "after": "title",
                           "script": [{"type": "abc"}, {"delete": 1}, {"type": "d"}]}]}]}
        """

    struct Keystroke: Decodable, Equatable {
        var time: Double
        var kind: String
    }

    private struct Info: Decodable {
        struct Layer: Decodable { var keystrokes: [Keystroke]? }
        var layers: [Layer]
    }

    /// Every layer's keystrokes from `info --json`, in one time-ordered list.
    static func keystrokes(of scene: URL) throws -> [Keystroke] {
        let result = try KinetypeProcess.run(["info", scene.path, "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let info = try JSONDecoder().decode(Info.self, from: Data(result.stdout.utf8))
        return info.layers.flatMap { $0.keystrokes ?? [] }.sorted { $0.time < $1.time }
    }

    private func writeScene(in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("keys.json")
        try Data(Self.scene.utf8).write(to: url)
        return url
    }

    /// The times of an AHAP file's events, after checking its structure.
    static func hapticTimes(_ url: URL) throws -> [Double] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let pattern = try XCTUnwrap(object?["Pattern"] as? [[String: Any]])
        XCTAssertEqual(object?["Version"] as? Double, 1.0)
        XCTAssertNotNil(object?["Metadata"] as? [String: Any])
        return try pattern.map { entry in
            let event = try XCTUnwrap(entry["Event"] as? [String: Any])
            XCTAssertEqual(event["EventType"] as? String, "HapticTransient")
            let parameters = try XCTUnwrap(event["EventParameters"] as? [[String: Any]])
            XCTAssertEqual(
                parameters.compactMap { $0["ParameterID"] as? String }, ["HapticIntensity", "HapticSharpness"])
            for parameter in parameters {
                let value = try XCTUnwrap(parameter["ParameterValue"] as? Double)
                XCTAssertTrue((0...1).contains(value))
            }
            return try XCTUnwrap(event["Time"] as? Double)
        }
    }

    func testInfoListsEveryKeystrokeOfEveryTypewriter() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let keys = try Self.keystrokes(of: try writeScene(in: folder))
        // The title: 8 presses 0.1 s apart from 0.3 s; the second layer starts after it (at 1.0 s).
        XCTAssertEqual(
            Array(keys.prefix(8)),
            [
                .init(time: 0.3, kind: "character"), .init(time: 0.4, kind: "character"),
                .init(time: 0.5, kind: "space"), .init(time: 0.6, kind: "character"),
                .init(time: 0.7, kind: "character"), .init(time: 0.8, kind: "return"),
                .init(time: 0.9, kind: "character"), .init(time: 1.0, kind: "character"),
            ])
        XCTAssertEqual(keys.dropFirst(8).map(\.kind), ["character", "character", "character", "delete", "character"])
        for (earlier, later) in zip(keys.dropFirst(8), keys.dropFirst(9)) {
            XCTAssertTrue((0.05...0.15).contains(later.time - earlier.time), "\(earlier) \(later)")
        }
    }

    /// `info --json` lists every typewriter's units: word units are Unicode's words, with ICU's
    /// dictionary for Japanese, and punctuation inside a word (`It's`, `3.14`) keeps it whole.
    func testInfoListsTheUnitsOfAWordTypewriter() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = folder.appendingPathComponent("words.json")
        try Data(
            #"""
            {"version": 1, "canvas": {"width": 200, "height": 60},
             "layers": [
              {"type": "text", "text": "今日は新しい機能を紹介します。", "frame": {"x": 4, "y": 4, "width": 190},
               "font": {"family": "Noto Sans CJK JP", "size": 12}, "animations": [{"type": "typewriter", "unit": "word"}]},
              {"type": "text", "text": "It's 3.14, e.g. U.S.A.", "frame": {"x": 4, "y": 30, "width": 190},
               "font": {"family": "DejaVu Sans", "size": 12}, "animations": [{"type": "typewriter", "unit": "word"}]}]}
            """#.utf8
        ).write(to: scene)
        let result = try KinetypeProcess.run(["info", scene.path, "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        struct Info: Decodable {
            struct Layer: Decodable {
                struct Animation: Decodable {
                    var unitCount: Int?
                    var units: [String]?
                }
                var animations: [Animation]
            }
            var layers: [Layer]
        }
        let info = try JSONDecoder().decode(Info.self, from: Data(result.stdout.utf8))
        XCTAssertEqual(
            info.layers.map { $0.animations[0].units },
            [["今日", "は", "新しい", "機能", "を", "紹介", "し", "ます。"], ["It's ", "3.14, ", "e.g. ", "U.S.A."]])
        XCTAssertEqual(info.layers.map { $0.animations[0].unitCount }, [8, 4])
    }

    func testRenderHapticsHasOneEventAtEveryKeystrokeAndTheSameBytesEveryRun() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try writeScene(in: folder)
        var runs: [Data] = []
        for run in ["a", "b"] {
            let pattern = folder.appendingPathComponent("\(run).ahap")
            let result = try KinetypeProcess.run([
                "render", scene.path, "-o", folder.appendingPathComponent("\(run).gif").path, "--haptics", pattern.path,
            ])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains("Wrote haptic pattern \(pattern.path)"), result.stdout)
            runs.append(try Data(contentsOf: pattern))
        }
        XCTAssertEqual(runs[0], runs[1])
        let times = try Self.hapticTimes(folder.appendingPathComponent("a.ahap"))
        XCTAssertEqual(times, try Self.keystrokes(of: scene).map(\.time))
        XCTAssertEqual(times.count, 13)
    }

    func testHapticsIsRefusedWithAStill() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try writeScene(in: folder)
        let result = try KinetypeProcess.run([
            "render", scene.path, "--still", "0.5", "-o", folder.appendingPathComponent("s.png").path, "--haptics",
            folder.appendingPathComponent("s.ahap").path,
        ])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("s.ahap").path))
    }

    func testBatchWritesAPatternNamedLikeEveryOutput() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try writeScene(in: folder)
        try Data(#"[{"output": "card"}]"#.utf8).write(to: folder.appendingPathComponent("d.json"))
        let result = try KinetypeProcess.run(
            ["batch", scene.path, "--data", "d.json", "-o", "out", "--color-scheme", "light,dark", "--haptics"],
            in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let out = folder.appendingPathComponent("out")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertEqual(names, ["card-dark.ahap", "card-dark.gif", "card.ahap", "card.gif"])
        XCTAssertEqual(
            try Self.hapticTimes(out.appendingPathComponent("card-dark.ahap")),
            try Self.keystrokes(of: scene).map(\.time))
        XCTAssertTrue(result.stdout.contains("card-dark.gif + card-dark.ahap"), result.stdout)

        // A pattern gone missing is written again; otherwise the outputs stay as they are.
        let batch = ["batch", scene.path, "--data", "d.json", "-o", "out", "--haptics", "--report", "report.json"]
        try FileManager.default.removeItem(at: out.appendingPathComponent("card.ahap"))
        let again = try KinetypeProcess.run(batch, in: folder)
        XCTAssertTrue(again.stdout.contains("1 rendered, 0 unchanged"), again.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("card.ahap").path))
        let unchanged = try KinetypeProcess.run(batch, in: folder)
        XCTAssertTrue(unchanged.stdout.contains("0 rendered, 1 unchanged"), unchanged.stdout)
        let report = try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent("report.json")))
        let outcome = try XCTUnwrap(((report as? [String: Any])?["outcomes"] as? [[String: Any]])?.first)
        XCTAssertEqual(outcome["haptics"] as? String, out.appendingPathComponent("card.ahap").path)
    }
}
