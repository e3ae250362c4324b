import Foundation
import XCTest

/// `batch` keeps an output only when nothing it depends on changed: every file the scene reads
/// counts, a span's font file included.
final class BatchFingerprintTests: XCTestCase {
    func testASpanFontFileThatChangesRendersTheOutputAgain() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let font = folder.appendingPathComponent("span.ttf")
        let fonts = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu")
        try FileManager.default.copyItem(at: fonts.appendingPathComponent("DejaVuSans.ttf"), to: font)
        try Data(
            #"""
            {"canvas": {"width": 120, "height": 30, "fps": 10, "duration": 0.2, "background": "#FFFFFF"},
             "layers": [{"type": "text", "spans": [{"text": "plain "}, {"text": "span", "font": {"file": "span.ttf"}}],
                         "font": {"family": "DejaVu Sans", "size": 14}}]}
            """#.utf8
        ).write(to: folder.appendingPathComponent("card.json"))
        try Data(#"[{"output": "a"}]"#.utf8).write(to: folder.appendingPathComponent("data.json"))
        let batch = ["batch", "card.json", "--data", "data.json", "-o", "out"]
        XCTAssertTrue(try KinetypeProcess.run(batch, in: folder).stdout.contains("1 rendered"))
        let first = try Data(contentsOf: folder.appendingPathComponent("out/a.gif"))
        XCTAssertTrue(try KinetypeProcess.run(batch, in: folder).stdout.contains("1 unchanged"))

        try FileManager.default.removeItem(at: font)
        try FileManager.default.copyItem(at: fonts.appendingPathComponent("DejaVuSerif.ttf"), to: font)
        let changed = try KinetypeProcess.run(batch, in: folder)
        XCTAssertTrue(changed.stdout.contains("1 rendered"), "the span's font file changed: \(changed.stdout)")
        XCTAssertNotEqual(try Data(contentsOf: folder.appendingPathComponent("out/a.gif")), first)
    }
}
