import Foundation
import TestSupport
import XCTest

/// The batch the scene-summary tests run: a card typing `{{word}}` in 14-point text, whose two
/// entries write `a` and `b` into `out`, with its report in `report.json`.
struct SummaryCard {
    let folder: URL

    /// Writes `card.json` and `data.json` into `folder`; `font` is the text's font object without
    /// its size (`"family": "DejaVu Sans"`, or `"file": "font.ttf"`).
    init(in folder: URL, font: String) throws {
        self.folder = folder
        try Data(
            """
            {"canvas": {"width": 120, "height": 30, "fps": 10, "duration": 0.5, "background": "#FFFFFF"},
             "layers": [{"type": "text", "text": "{{word}}", "font": {\(font), "size": 14},
                         "animations": [{"type": "typewriter", "interval": 0.05}]}]}
            """.utf8
        ).write(to: folder.appendingPathComponent("card.json"))
        try Data(#"[{"output": "a", "word": "One"}, {"output": "b", "word": "Two"}]"#.utf8)
            .write(to: folder.appendingPathComponent("data.json"))
    }

    /// The batch's scene summaries.
    var summaries: URL { folder.appendingPathComponent("out/.kinetype/scene-summaries") }

    /// Runs the batch (with `extra` arguments), which must succeed; its standard output.
    func batch(_ extra: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try KinetypeProcess.run(
            ["batch", "card.json", "--data", "data.json", "-o", "out", "--report", "report.json"] + extra, in: folder)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return result.stdout
    }
}
