import Foundation
import TestSupport
import XCTest

@testable import Kinetype

/// Fixture scenes and temporary folders for the library's tests.
enum TestScenes {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func url(_ name: String) -> URL { fixtures.appendingPathComponent(name) }

    static func prepared(_ name: String, overrides: [String: String] = [:]) throws -> PreparedScene {
        try PreparedScene(scene: SceneDecoder.decode(contentsOf: url(name), overrides: overrides))
    }

    /// A fresh temporary folder, removed when the test ends.
    static func temporaryFolder(_ test: XCTestCase) throws -> URL { try ScratchFolder.make(for: test) }
}
