import Foundation
import TestSupport
import XCTest

/// `.kinetype/scene-summaries` is read as untrusted: a file cut short anywhere, damaged or of
/// garbage never fails a batch nor decides an entry unchanged that preparing its scene would
/// render. What does not parse is ignored, its entries are prepared again, and the file is
/// written anew.
final class DamagedSceneSummaryTests: XCTestCase {
    private var folder: URL!
    private var card: SummaryCard!

    /// A card drawn with a font file of its own, which its summary records with its stamp.
    override func setUpWithError() throws {
        folder = try KinetypeProcess.temporaryFolder(self)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
            to: folder.appendingPathComponent("font.ttf"))
        card = try SummaryCard(in: folder, font: #""file": "font.ttf""#)
        // A summary is recorded only from files unchanged for a second before the run.
        Thread.sleep(forTimeInterval: 1.1)
    }

    /// The alt text of each outcome in the report.
    private func altTexts() throws -> [String?] {
        let report =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("report.json")))
            as! [String: Any]
        return (report["outcomes"] as! [[String: Any]]).map { $0["altText"] as? String }
    }

    /// Runs the batch with `damaged` as its summaries: every entry is unchanged, as preparing it
    /// says, its report is the scene's, and the file is whole again after the run.
    private func assertUnchanged(with damaged: Data, recorded: Data, _ what: String) throws {
        try damaged.write(to: card.summaries)
        XCTAssertTrue(try card.batch().contains("0 rendered, 2 unchanged, 0 failed"), what)
        XCTAssertEqual(try altTexts(), ["One", "Two"], what)
        XCTAssertEqual(try Data(contentsOf: card.summaries), recorded, what)
    }

    /// At and around every line end, and at every field and within fields with
    /// `KINETYPE_LONG_TESTS=1`; `make test` takes every line end and every third of the others.
    func testASummariesFileCutShortAnywhereIsIgnoredFromTheCut() throws {
        _ = try card.batch()
        let recorded = try Data(contentsOf: card.summaries)
        let lineEnds = recorded.indices.filter { recorded[$0] == 0x0A }
        let tabs = recorded.indices.filter { recorded[$0] == 0x09 }
        var others = Set(tabs)
        for index in stride(from: 0, to: recorded.count, by: 53) { others.insert(index) }
        var cuts = Set([0, 1, recorded.count - 1])
        for index in lineEnds { cuts.formUnion([index, index + 1]) }
        let sampled = others.subtracting(cuts).sorted().enumerated().filter { LongTests.enabled || $0.offset % 3 == 0 }
        cuts.formUnion(sampled.map(\.element))
        for cut in cuts.sorted() where cut < recorded.count {
            try assertUnchanged(with: recorded.prefix(cut), recorded: recorded, "cut after \(cut) bytes")
        }
    }

    func testASummariesFileOfGarbageIsIgnored() throws {
        _ = try card.batch()
        let recorded = try Data(contentsOf: card.summaries)
        var random = SeededGenerator(seed: 43)
        let lines = String(decoding: recorded, as: UTF8.self).split(separator: "\n").map(String.init)
        let garbage: [(String, Data)] = [
            ("random bytes", Data(random.bytes(4096))),
            ("random bytes, a third of them tabs", Data(random.bytes(4096).map { $0 % 3 == 0 ? 0x09 : $0 })),
            ("only separators", Data(String(repeating: "\t\n@", count: 500).utf8)),
            ("a lone input set mark", Data("@\n@\t\n".utf8)),
            ("a record with every field empty", Data((String(repeating: "\t", count: 12) + "\n").utf8)),
            ("invalid UTF-8", Data([0xFF, 0xFE, 0x09, 0xC3, 0x0A, 0x80])),
            (
                "records before their input set",
                Data((lines.dropFirst() + lines.prefix(1)).joined(separator: "\n").utf8)
            ),
            ("a huge line", Data(String(repeating: "x", count: 1 << 20).utf8)),
        ]
        for (what, bytes) in garbage {
            try assertUnchanged(with: bytes, recorded: recorded, what)
        }
    }

    /// An input set line broken in two keeps its ID on a line that lists fewer files: the
    /// records naming it must not take it for the files their scenes read, or a change to a file
    /// it no longer lists would go unseen.
    func testAnInputSetLineBrokenInTwoIsNotTakenForItsFiles() throws {
        _ = try card.batch()
        let recorded = try String(contentsOf: card.summaries, encoding: .utf8)
        let setLine = try XCTUnwrap(recorded.split(separator: "\n").first { $0.hasPrefix("@") })
        let firstTab = try XCTUnwrap(setLine.firstIndex(of: "\t"))
        var broken = setLine
        broken.replaceSubrange(firstTab...firstTab, with: "\n")
        try recorded.replacingOccurrences(of: setLine, with: broken)
            .write(to: card.summaries, atomically: true, encoding: .utf8)

        let font = folder.appendingPathComponent("font.ttf")
        try FileManager.default.removeItem(at: font)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"), to: font)
        XCTAssertTrue(try card.batch().contains("2 rendered, 0 unchanged"))
    }
}
