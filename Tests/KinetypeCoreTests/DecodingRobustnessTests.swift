import Foundation
import TestSupport
import XCTest

@testable import KinetypeCore

/// Whatever bytes come in, decoding throws diagnostics or returns a scene; it never crashes.
final class DecodingRobustnessTests: XCTestCase {
    private func firstError(_ data: Data) -> String? {
        do {
            _ = try SceneDecoder.decode(data, fileName: "scene.json", baseDirectory: DecodingTestSupport.baseDirectory)
            return nil
        } catch {
            return (error as? DiagnosticList)?.diagnostics.first?.description
        }
    }

    func testHostileInputsGiveOneClearError() {
        XCTAssertEqual(firstError(Data()), "scene.json:1:1: the file is empty; expected a JSON value")
        XCTAssertEqual(firstError(Data([0x7B, 0x0A, 0xFE])), "scene.json:2:1: invalid UTF-8 byte 0xFE")
        XCTAssertEqual(
            firstError(Data(String(repeating: "[", count: 100_000).utf8)),
            "scene.json:1:513: nesting is too deep (more than 512 levels)")
        XCTAssertEqual(
            firstError(Data("{\"canvas\": {\"width\": NaN}}".utf8)), "scene.json:1:22: NaN is not a JSON number")
        XCTAssertEqual(
            firstError(Data("{\"canvas\": {\"width\": 1e400}}".utf8)), "scene.json:1:22: number is out of range")
        XCTAssertEqual(
            firstError(Data("{\"canvas\": {\"width\": 1e-400, \"height\": 1}, \"layers\": []}".utf8)),
            "scene.json:1:22: canvas.width: must be greater than 0, found 0")
        XCTAssertEqual(firstError(Data("null".utf8)), "scene.json:1:1: expected an object, found null")
    }

    /// A valid scene, cut, spliced and flipped at random: every variant decodes or throws.
    func testMutatedScenesNeverCrash() throws {
        let valid = Array(
            DecodingTestSupport.scene(
                layers: """
                    {"id": "a", "type": "text", "text": "Hi {{n}}", "font": {"size": 20, "weight": "bold"},
                     "animations": [{"type": "typewriter", "intervalRange": [0.01, 0.1], "seed": 3, "pauses": {",": 0.1},
                                     "cursor": {"hideWhenDone": true}, "script": [{"type": "ab"}, {"delete": 1}]},
                                    {"type": "keyframes", "property": "color", "start": 0.5,
                                     "keyframes": [{"time": 0, "value": "red"}, {"time": 1, "value": "#0F0", "easing": {"steps": 2}}]}]},
                    {"id": "b", "type": "rect", "padding": {"top": 1}, "border": {"color": "blue"},
                     "animations": [{"type": "animate", "property": "rotation", "to": 90, "after": "a", "delay": 1,
                                     "easing": {"spring": {"response": 1}}}]}
                    """
            ).utf8)
        XCTAssertNoThrow(
            try SceneDecoder.decode(
                Data(valid), fileName: "s", baseDirectory: DecodingTestSupport.baseDirectory,
                overrides: ["n": "x"]))
        var generator = SeededGenerator(seed: 2024)
        let pieces = Array("{}[]\":,0-1e.9 \"type\" \"text\" \"rect\" \"after\" \"a\" true null {{n}} \"#FFF\" ".utf8)
        var decoded = 0
        for _ in 0..<3000 {
            var bytes = valid
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                let index = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 4 {
                case 0: bytes.remove(at: index)
                case 1: bytes.insert(pieces[Int(generator.next() % UInt64(pieces.count))], at: index)
                case 2: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                default:
                    let end = min(bytes.count, index + Int(generator.next() % 40))
                    bytes.replaceSubrange(index..<end, with: [])
                }
                if bytes.isEmpty { break }
            }
            do {
                _ = try SceneDecoder.decode(
                    Data(bytes), fileName: "fuzz.json",
                    baseDirectory: DecodingTestSupport.baseDirectory, overrides: ["n": "x"])
                decoded += 1
            } catch let list as DiagnosticList {
                XCTAssertFalse(list.diagnostics.isEmpty)
                XCTAssertTrue(list.diagnostics.allSatisfy { $0.kind == .invalidScene && $0.file == "fuzz.json" })
            }
        }
        XCTAssertLessThan(decoded, 3000)
    }

    func testRandomBytesNeverCrashTheDecoder() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<2000 {
            let bytes = (0..<Int(generator.next() % 64)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            XCTAssertThrowsError(
                try SceneDecoder.decode(Data(bytes), fileName: "r", baseDirectory: DecodingTestSupport.baseDirectory))
        }
    }
}
