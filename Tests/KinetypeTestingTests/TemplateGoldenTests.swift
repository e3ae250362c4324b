import Foundation
import KinetypeTesting
import XCTest

/// Every scene in Templates/ against its goldens, with the library users call in their own suites
/// (running the `kinetype` this build made).
final class TemplateGoldenTests: XCTestCase {
    static let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Templates")

    /// Scene files under Templates/, relative to it (batch data files are not scenes).
    static var scenes: [String] {
        let all = FileManager.default.enumerator(atPath: templates.path)?.compactMap { $0 as? String } ?? []
        return all.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".data.json") }.sorted()
    }

    func testEveryTemplateMatchesItsGoldens() {
        XCTAssertGreaterThanOrEqual(Self.scenes.count, 9)
        for scene in Self.scenes {
            // Goldens mirror Templates/: Goldens/whats-new/note-card/ for Templates/whats-new/note-card.json.
            let folder = URL(fileURLWithPath: scene).deletingLastPathComponent().relativePath
            assertScene(
                "../../Templates/\(scene)", matchesGoldensIn: "Goldens/\(folder)", frames: .sample(every: 15),
                kinetype: BuiltKinetype.path)
        }
    }

    /// The what's-new cards in the dark appearance, against `Goldens/whats-new/<name>-dark/`.
    func testWhatsNewTemplatesMatchTheirDarkGoldens() {
        let cards = Self.scenes.filter { $0.hasPrefix("whats-new/") }
        XCTAssertEqual(cards.count, 3)
        for scene in cards {
            assertScene(
                "../../Templates/\(scene)", matchesGoldensIn: "Goldens/whats-new", frames: .times([1, 3.5]),
                colorScheme: .dark, kinetype: BuiltKinetype.path)
        }
    }
}
