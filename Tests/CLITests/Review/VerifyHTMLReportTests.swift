import Foundation
import XCTest

/// The page `verify` writes for review, opened in headless chromium: it loads without script
/// errors, lists the failing scene and its most changed frame first, and its images decode.
final class VerifyHTMLReportTests: XCTestCase {
    /// A scene name made to break a careless page: markup, quotes and a right-to-left override.
    private let hostileName = "fail <img src=x onerror=alert(1)> \"q\" \u{202E}gnp"
    /// Frames before, during and after the typing, where "Hello" and "Hallo" differ by different amounts.
    private let frameTimes = "0,0.2,0.35,0.5,1.2"

    func testFailingVerifyWritesAReviewPageThatShowsTheFailuresFirst() throws {
        let chromium = try HeadlessChromium.installed()
        let folder = try KinetypeProcess.temporaryFolder(self)
        let tiny = try String(contentsOf: KinetypeProcess.fixtures.appendingPathComponent("tiny.json"), encoding: .utf8)
        let failing = hostileName + ".json"
        try tiny.write(to: folder.appendingPathComponent("pass.json"), atomically: false, encoding: .utf8)
        try tiny.write(to: folder.appendingPathComponent(failing), atomically: false, encoding: .utf8)
        let record = try KinetypeProcess.run(
            ["verify", "pass.json", failing, "--golden", "goldens", "--record", "all", "--frames", frameTimes],
            in: folder)
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("art").path))

        try tiny.replacingOccurrences(of: "\"Hello\"", with: "\"Hallo\"")
            .write(to: folder.appendingPathComponent(failing), atomically: false, encoding: .utf8)
        let verify = try KinetypeProcess.run(
            [
                "verify", "pass.json", failing, "--golden", "goldens", "--record", "never", "--artifacts", "art",
                "--report", "report.json", "--frames", frameTimes,
            ], in: folder)
        XCTAssertEqual(verify.status, 1, verify.stderr)
        let page = folder.appendingPathComponent("art/report.html")
        XCTAssertTrue(verify.stderr.contains("review the results in \(page.path)"), verify.stderr)

        // The frame that changed most, from the JSON report.
        let report = try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent("report.json")))
        let scenes = try XCTUnwrap((report as? [String: Any])?["scenes"] as? [[String: Any]]).compactMap {
            $0["result"] as? [String: Any]
        }
        let frames = try XCTUnwrap(
            scenes.first { $0["scene"] as? String == hostileName }?["frames"] as? [[String: Any]])
        let failed = frames.filter { $0["status"] as? String == "failed" }
        XCTAssertFalse(failed.isEmpty)
        let mostChanged = failed.map { $0["changedPixels"] as! Int }.max()

        let dom = try chromium.dumpDOM(of: page.absoluteString, profile: folder.appendingPathComponent("profile"))
        let body = try XCTUnwrap(DOM.attributes(ofFirst: "body", in: dom), dom)
        XCTAssertEqual(body["data-state"], "ready", "script errors: \(body["data-errors"] ?? "")")
        XCTAssertNil(body["data-errors"])

        // Failures first: the failing scene's section, then the passing one, though given second.
        let sections = DOM.tags("section", in: dom).map(DOM.attributes(in:))
        XCTAssertEqual(sections.map { $0["class"] }, ["scene failed", "scene passed"])
        XCTAssertEqual(sections.last?["data-scene"], "pass")
        let articles = DOM.tags("article", in: dom).map(DOM.attributes(in:))
        XCTAssertEqual(articles.count, failed.count, "one card per failing frame")
        let first = try XCTUnwrap(articles.first?["data-frame"].flatMap(Int.init))
        let firstChanged = failed.first { $0["frame"] as? Int == first }?["changedPixels"] as? Int
        XCTAssertEqual(firstChanged, mostChanged, "the most changed frame comes first")

        // Expected, actual and diff of every failing frame, decoded at the canvas' width.
        let images = DOM.tags("img", in: dom).map(DOM.attributes(in:))
        XCTAssertEqual(images.count, 3 * failed.count, "no image but the three per failing frame (no injected one)")
        XCTAssertEqual(Set(images.map { $0["data-natural-width"] }), ["160"])
        XCTAssertEqual(body["data-images"], String(3 * failed.count))

        // The hostile name is text, shown with its override made visible; the accept command is there.
        XCTAssertTrue(dom.contains("fail &lt;img src=x onerror=alert(1)&gt;"), "the name is escaped")
        XCTAssertTrue(dom.contains("\\u{202E}gnp"), "the bidi override is shown, not applied")
        XCTAssertFalse(dom.contains("\u{202E}"))
        XCTAssertTrue(dom.contains("--record failed"))
        let command = try XCTUnwrap(dom.range(of: "kinetype verify [^<]*</code>", options: .regularExpression))
        XCTAssertEqual(
            String(dom[command]),
            "kinetype verify $'fail &lt;img src=x onerror=alert(1)&gt; \"q\" \\u202egnp.json' --golden goldens "
                + "--frames \(frameTimes) --record failed</code>")
        XCTAssertTrue(dom.contains("The environment differs") == false, "same machine, same environment")
    }

    func testHTMLOptionWritesThePageWhenEverythingPasses() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try FileManager.default.copyItem(
            at: KinetypeProcess.fixtures.appendingPathComponent("tiny.json"),
            to: folder.appendingPathComponent("tiny.json"))
        let record = try KinetypeProcess.run(
            ["verify", "tiny.json", "--golden", "goldens", "--frames", "0,0.5", "--record", "missing"], in: folder)
        XCTAssertEqual(record.status, 0, record.stderr)
        let run = try KinetypeProcess.run(
            ["verify", "tiny.json", "--golden", "goldens", "--frames", "0,0.5", "--html", "out/review.html"],
            in: folder, environment: ["CI": "1"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let html = try String(contentsOf: folder.appendingPathComponent("out/review.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("all passed"))
        XCTAssertTrue(html.contains("<section class=\"scene passed\""))
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "no network access")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output").path))
    }
}
