import Foundation
import XCTest

@testable import KinetypeCore

/// Decoding helpers shared by the decoding tests; every scene is named `scene.json`.
enum DecodingTestSupport {
    static let baseDirectory = URL(fileURLWithPath: "/scenes")

    static func decode(_ json: String, overrides: [String: String] = [:]) throws -> Scene {
        try SceneDecoder.decode(
            Data(json.utf8), fileName: "scene.json", baseDirectory: baseDirectory, overrides: overrides)
    }

    /// The diagnostics thrown for `json` (fails the test when it decodes).
    static func diagnostics(
        _ json: String, overrides: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) -> [Diagnostic] {
        do {
            _ = try decode(json, overrides: overrides)
            XCTFail("expected the scene to be rejected", file: file, line: line)
        } catch let list as DiagnosticList {
            return list.diagnostics
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
        return []
    }

    /// The printed form of every diagnostic thrown for `json`.
    static func errors(
        _ json: String, overrides: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) -> [String] {
        diagnostics(json, overrides: overrides, file: file, line: line).map(\.description)
    }

    /// A one-line scene with `layers` spliced in (a 100×100 canvas on line 1).
    static func scene(layers: String) -> String {
        "{\"canvas\": {\"width\": 100, \"height\": 100}, \"layers\": [\(layers)]}"
    }

    /// The messages (path and message, without file and position) for a scene with `layers`.
    static func messages(layers: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        diagnostics(scene(layers: layers), file: file, line: line).map { diagnostic in
            (diagnostic.path.isEmpty ? "" : diagnostic.path + ": ") + diagnostic.message
        }
    }
}
