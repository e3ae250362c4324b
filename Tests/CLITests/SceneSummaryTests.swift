import Foundation
import XCTest

/// An unchanged batch re-run recognizes its entries from the scene summaries of the run before
/// (`.kinetype/scene-summaries`) instead of preparing their scenes, and decides exactly as
/// preparing them would: what can change an output without changing the summary's key (a file
/// the scene reads) makes the entry prepared and rendered again.
final class SceneSummaryTests: XCTestCase {
    private var folder: URL!
    private var card: SummaryCard!

    /// A card of kinetype's own DejaVu Sans, whose files have not changed for long (a summary is
    /// recorded only from files that had settled before the run).
    override func setUpWithError() throws {
        folder = try KinetypeProcess.temporaryFolder(self)
        card = try SummaryCard(in: folder, font: #""family": "DejaVu Sans""#)
    }

    private func report() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("report.json")))
            as! [String: Any]
    }

    func testAnUnchangedRerunUsesTheSummariesAndLeavesThemAsTheyAre() throws {
        XCTAssertTrue(try card.batch().contains("2 rendered"))
        let recorded = try String(contentsOf: card.summaries, encoding: .utf8)
        XCTAssertEqual(recorded.split(separator: "\n").filter { !$0.hasPrefix("@") }.count, 2, recorded)
        let old = Date(timeIntervalSinceReferenceDate: 0)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: card.summaries.path)

        XCTAssertTrue(try card.batch().contains("0 rendered, 2 unchanged, 0 failed"))
        let attributes = try FileManager.default.attributesOfItem(atPath: card.summaries.path)
        XCTAssertEqual(attributes[.modificationDate] as? Date, old, "the same records: the file is left as it is")

        // What the report says of an unchanged entry comes from its summary, not from its scene.
        try recorded.replacingOccurrences(of: "\tOne\t", with: "\tFrom the summary\t")
            .write(to: card.summaries, atomically: true, encoding: .utf8)
        XCTAssertTrue(try card.batch().contains("2 unchanged"))
        let outcomes = try report()["outcomes"] as! [[String: Any]]
        XCTAssertEqual(outcomes.map { $0["altText"] as? String }, ["From the summary", "Two"])
    }

    func testWhatTheSummaryCannotSeeStillRendersAgain() throws {
        _ = try card.batch()
        XCTAssertTrue(try card.batch(["--force"]).contains("2 rendered, 0 unchanged"), "--force renders every output")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("out/a.gif"))
        XCTAssertTrue(try card.batch().contains("1 rendered, 1 unchanged"), "a deleted output is rendered again")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("out/.kinetype/b.gif.sha256"))
        XCTAssertTrue(try card.batch().contains("1 rendered, 1 unchanged"), "so is one whose fingerprint is gone")
        XCTAssertTrue(try card.batch(["--quality", "50"]).contains("2 rendered"), "and every one of other settings")
        XCTAssertTrue(try card.batch(["--set", "word=Three"]).contains("2 rendered"), "and of other values")
    }

    /// A font file rewritten in place with other bytes of the same size, its modification time put
    /// back, keeps every stamp but its status change time: the entry is prepared and rendered again.
    func testAFontRewrittenWithItsOldModificationTimeRendersAgain() throws {
        let font = folder.appendingPathComponent("font.ttf")
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), to: font)
        try Data(
            #"""
            {"canvas": {"width": 120, "height": 30, "fps": 10, "duration": 0.5, "background": "#FFFFFF"},
             "layers": [{"type": "text", "text": "{{word}}", "font": {"file": "font.ttf", "size": 14}}]}
            """#.utf8
        ).write(to: folder.appendingPathComponent("card.json"))
        // A summary is recorded only from files unchanged for a second before the run.
        Thread.sleep(forTimeInterval: 1.1)
        _ = try card.batch()
        XCTAssertTrue(try String(contentsOf: card.summaries, encoding: .utf8).contains("font.ttf"))
        let modified = try FileManager.default.attributesOfItem(atPath: font.path)[.modificationDate] as! Date
        var bytes = try Data(contentsOf: font)
        bytes[bytes.count - 1] ^= 1
        let handle = try FileHandle(forWritingTo: font)
        try handle.write(contentsOf: bytes)
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: font.path)
        XCTAssertTrue(try card.batch().contains("2 rendered, 0 unchanged"))
    }

    func testScenesThatMayUseTheMachinesFontsAreNotSummarized() throws {
        _ = try card.batch(["--system-fonts"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: card.summaries.path))
        XCTAssertTrue(try card.batch(["--system-fonts"]).contains("0 rendered, 2 unchanged"))
    }
}
