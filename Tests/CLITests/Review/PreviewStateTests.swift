import Foundation
import Kinetype
import XCTest

@testable import kinetype

final class PreviewStateTests: XCTestCase {
    /// The preview's state.json gives times to the microsecond, as every JSON kinetype writes.
    func testTimesAreRoundedToTheMicrosecond() throws {
        let path = KinetypeProcess.packageRoot.appendingPathComponent("Templates/hello.json").path
        let prepared = try SceneLoader(.file(path: path)).load()
        XCTAssertNotEqual(prepared.timeline.duration, 4.94, "the sum of the scene's times is not exactly 4.94")
        let state = PreviewState(version: 1, scenePath: path, prepared: prepared, diagnostics: [], watched: [])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(state), as: UTF8.self)
        XCTAssertTrue(text.contains(#""duration":4.94,"#), text)
    }
}
