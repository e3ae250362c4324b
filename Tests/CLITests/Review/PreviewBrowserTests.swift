import Foundation
import XCTest

/// `kinetype preview` opened in headless chromium: the page shows a rendered frame, follows an
/// edit of the scene file to the new frame, and shows a scene's errors instead of the server exiting.
///
/// The page waits for changes with a long poll, which holds chromium's virtual time still; so each
/// test waits (polling `/version`, bounded) until the page shows a version and waits on it, makes
/// its change, and finally stops the server, which lets chromium's time run out and print the DOM.
final class PreviewBrowserTests: XCTestCase {
    /// `tiny.json` with the canvas `width` points wide and `word` as its text.
    private func scene(width: Int, word: String) -> String {
        """
        {
          "version": 1,
          "canvas": { "width": \(width), "height": 40, "scale": 1, "background": "#FFFFFF", "fps": 20, "hold": 0.3 },
          "layers": [
            { "type": "text", "text": "\(word), kinetype", "frame": { "x": 8, "y": 8, "width": 144 },
              "font": { "family": "DejaVu Sans", "size": 16 }, "color": "#202020",
              "animations": [ { "type": "typewriter", "interval": 0.05, "start": 0.1 } ] }
          ]
        }
        """
    }

    func testPageShowsTheFrameAndFollowsAnEditOfTheScene() throws {
        let chromium = try HeadlessChromium.installed()
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scenePath = folder.appendingPathComponent("live.json")
        try scene(width: 160, word: "Hello").write(to: scenePath, atomically: false, encoding: .utf8)
        let server = try PreviewProcess(["live.json"], in: folder)
        let browser = try chromium.startDumpingDOM(
            of: server.url + "?frame=0", budget: 3000, profile: folder.appendingPathComponent("profile"))

        XCTAssertTrue(try server.waitForVersion { $0 == 1 && $1 >= 1 }, "the page never showed version 1")
        try scene(width: 200, word: "Changed").write(to: scenePath, atomically: false, encoding: .utf8)
        XCTAssertTrue(try server.waitForVersion { $0 == 2 && $1 >= 1 }, "the page never showed version 2")
        XCTAssertEqual(server.interrupt().status, 0)
        let dom = browser.finish()

        let body = try XCTUnwrap(DOM.attributes(ofFirst: "body", in: dom), dom)
        XCTAssertNil(body["data-errors"], "script errors: \(body["data-errors"] ?? "")")
        XCTAssertEqual(body["data-history"], "1,2", "the page showed version 1, then the edited scene")
        let image = try XCTUnwrap(DOM.attributes(ofFirst: "img id=\"frame\"", in: dom), dom)
        XCTAssertEqual(image["data-version"], "2")
        XCTAssertEqual(image["data-frame"], "0")
        XCTAssertEqual(image["data-natural-width"], "200", "the frame on screen is the edited, wider canvas")
        XCTAssertTrue(dom.contains("200×40 px"), "the header shows the new size")
        XCTAssertTrue(dom.contains("typewriter"), "the timeline lists the animation")
    }

    func testPageShowsTheErrorsOfASceneThatDoesNotLoad() throws {
        let chromium = try HeadlessChromium.installed()
        let folder = try KinetypeProcess.temporaryFolder(self)
        try #"{ "version": 1, "canvas": { "width": 160, "height": 40, "fsp": 20 }, "layers": [] }"#
            .write(to: folder.appendingPathComponent("broken.json"), atomically: false, encoding: .utf8)
        let server = try PreviewProcess(["broken.json"], in: folder)
        let browser = try chromium.startDumpingDOM(
            of: server.url, budget: 2000, profile: folder.appendingPathComponent("profile"))
        XCTAssertTrue(try server.waitForVersion { $0 == 1 && $1 >= 1 }, "the page never showed the error")
        XCTAssertTrue(server.process.isRunning, "a scene error does not stop the preview")
        let stopped = server.interrupt()
        XCTAssertEqual(stopped.status, 0)
        XCTAssertTrue(stopped.stderr.contains("does not load yet"), stopped.stderr)
        let dom = browser.finish()

        let body = try XCTUnwrap(DOM.attributes(ofFirst: "body", in: dom), dom)
        XCTAssertNil(body["data-errors"], "script errors: \(body["data-errors"] ?? "")")
        XCTAssertEqual(body["data-shown-version"], "1")
        let problems = try XCTUnwrap(dom.range(of: #"<pre id="problem-text">[^<]*</pre>"#, options: .regularExpression))
        XCTAssertTrue(dom[problems].contains("fsp"), "the unknown key is named: \(dom[problems])")
        XCTAssertTrue(dom[problems].contains("kinetype: error:"), String(dom[problems]))
        let section = try XCTUnwrap(DOM.attributes(ofFirst: "section id=\"problems\"", in: dom))
        XCTAssertNil(section["hidden"], "the errors are visible")
    }
}
