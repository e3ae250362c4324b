import KinetypeEncode
import XCTest

@testable import Kinetype

/// A batch refuses, before it renders, an output that is a file an entry's scene reads. The
/// template is decoded once for the files every entry names when no value fills a file name, and
/// entry by entry when one does: both must refuse exactly what decoding every entry refuses.
final class BatchNamedFilesTests: XCTestCase {
    /// A one-picture still whose picture is `src`, with a `{{title}}` text.
    private func options(src: String, data: String, in folder: URL) throws -> BatchOptions {
        let template = folder.appendingPathComponent("picture.json")
        try Data(
            #"""
            {"version": 1, "canvas": {"width": 40, "height": 20, "background": "#FFFFFF", "duration": 1},
             "layers": [
              {"type": "image", "src": "\#(src)", "frame": {"x": 0, "y": 0, "width": 40, "height": 20}},
              {"type": "text", "text": "{{title}}", "frame": {"x": 0, "y": 0, "width": 40},
               "font": {"family": "DejaVu Sans", "size": 8}}]}
            """#.utf8
        ).write(to: template)
        let dataURL = folder.appendingPathComponent("data.json")
        try Data(data.utf8).write(to: dataURL)
        var options = BatchOptions(
            template: template, data: dataURL, outputFolder: folder.appendingPathComponent("out"))
        options.dataDisplayName = "data.json"
        options.format = .stillPNG
        options.jobs = 2
        return options
    }

    private func refusal(_ options: BatchOptions) -> String? {
        do {
            _ = try BatchRunner.run(options)
            return nil
        } catch {
            return DiagnosticList(describing: error).diagnostics.map(\.message).joined(separator: "\n")
        }
    }

    func testAPictureTheTemplateNamesIsNoOutput() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let options = try options(
            src: "out/card-2.png", data: #"[{"title": "A", "output": "card-1"}, {"title": "B", "output": "card-2"}]"#,
            in: folder)
        let message = try XCTUnwrap(refusal(options))
        XCTAssertTrue(message.contains(#"the output of entry [1] "#), message)
        XCTAssertTrue(message.contains(#"is the picture ""#), message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/card-1.png").path))
    }

    func testAPictureAnEntrysValueNamesIsNoOutput() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let data = #"""
            [{"title": "A", "img": "elsewhere.png", "output": "card-1"},
             {"title": "B", "img": "out/card-1.png", "output": "card-2"}]
            """#
        let message = try XCTUnwrap(refusal(try options(src: "{{img}}", data: data, in: folder)))
        XCTAssertTrue(message.contains(#"the output of entry [0] "#), message)
        XCTAssertTrue(message.contains(#"card-1.png", which this run reads"#), message)
    }

    func testAValueThatAFileNameLeavesByDotDotIsStillSeen() throws {
        let folder = try TestScenes.temporaryFolder(self)
        // `{{dir}}/../card-1.png`: with the marker for `dir` the name resolves to `card-1.png`, no
        // output, but the second entry's resolves to `out/card-1.png`, the first entry's output.
        let data = #"""
            [{"title": "A", "dir": "x", "output": "card-1"}, {"title": "B", "dir": "out/z", "output": "card-2"}]
            """#
        let message = try XCTUnwrap(refusal(try options(src: "{{dir}}/../card-1.png", data: data, in: folder)))
        XCTAssertTrue(message.contains(#"the output of entry [0] "#), message)
        XCTAssertTrue(message.contains(#"card-1.png", which this run reads"#), message)
    }

    func testAnEntryThatDoesNotDecodeReadsNoFile() throws {
        let folder = try TestScenes.temporaryFolder(self)
        // A character of 41 scalars: past the 32 one character may have, so the only entry fails to
        // decode, reads nothing, and its output is no input of the run.
        let overlong = "e" + String(repeating: "\u{301}", count: 40)
        let options = try options(
            src: "out/card-1.png", data: #"[{"title": "\#(overlong)", "output": "card-1"}]"#, in: folder)
        XCTAssertNil(refusal(options))
        let report = try BatchRunner.run(options)
        XCTAssertEqual(report.outcomes.map(\.status), [.failed])
    }

    func testFilesNamedWithoutPlaceholdersAreNoProblemWhenNoOutputIsOne() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let data = #"[{"title": "A", "output": "card-1"}, {"title": "B", "output": "card-2"}]"#
        let report = try BatchRunner.run(try options(src: "missing.png", data: data, in: folder))
        // Checked, not refused: each entry then fails on its own for the missing picture.
        XCTAssertEqual(report.outcomes.map(\.status), [.failed, .failed])
        XCTAssertTrue(
            report.outcomes.first?.error?.contains("missing.png") ?? false, report.outcomes.first?.error ?? "")
    }
}
