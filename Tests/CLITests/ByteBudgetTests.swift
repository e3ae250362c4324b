import Foundation
import TestSupport
import XCTest

/// `--max-bytes`, run as a user runs it: every template lands under three budgets (its own size,
/// one between that and the smallest kinetype can make, and one below that, which fails with the
/// reason and writes nothing); WebP, APNG, a scale that gives way, batches, and the options it is
/// refused with. The templates render at @1x and the search is bisected, so the suite stays quick.
final class ByteBudgetTests: XCTestCase {
    private var templates: [String] {
        let root = KinetypeProcess.packageRoot.appendingPathComponent("Templates")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".data.json") }.sorted().map {
            root.appendingPathComponent($0).path
        }
    }

    private func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? -1
    }

    /// The smallest size the failure message names: `… (quality 20, 10 fps) is 3113 bytes, …`.
    private func smallest(in message: String) -> Int? {
        guard let after = message.components(separatedBy: ") is ").dropFirst().first else { return nil }
        return Int(after.prefix { $0.isNumber })
    }

    func testEveryTemplateLandsUnderThreeBudgetsOrSaysWhyNot() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        XCTAssertGreaterThanOrEqual(templates.count, 10, "the templates are found")
        var steppedDown = 0
        for template in templates {
            let name = URL(fileURLWithPath: template).deletingPathExtension().lastPathComponent
            let plain = folder.appendingPathComponent("\(name).gif").path
            let asked = try KinetypeProcess.run(["render", template, "-o", plain, "--scale", "1", "-q"])
            XCTAssertEqual(asked.status, 0, asked.stderr)
            let natural = size(plain)

            // Its own size: the render as asked fits, and is the same file.
            let roomy = folder.appendingPathComponent("\(name)-roomy.gif").path
            let fits = try KinetypeProcess.run([
                "render", template, "-o", roomy, "--scale", "1", "--max-bytes", String(max(natural, 1000)),
            ])
            XCTAssertEqual(fits.status, 0, fits.stderr)
            XCTAssertTrue(fits.stdout.contains("within --max-bytes: as asked (1 setting tried)"), fits.stdout)
            XCTAssertEqual(FileManager.default.contents(atPath: roomy), FileManager.default.contents(atPath: plain))

            // Far below: either it fits, or it fails (exit 1) naming the smallest size, and writes nothing.
            let tight = folder.appendingPathComponent("\(name)-tight.gif").path
            let tightBudget = max(natural / 10, 1000)
            let below = try KinetypeProcess.run([
                "render", template, "-o", tight, "--scale", "1", "--max-bytes", String(tightBudget),
            ])
            var floor = tightBudget
            if below.status == 0 {
                XCTAssertLessThanOrEqual(size(tight), tightBudget, "\(name) at \(tightBudget) bytes")
            } else {
                XCTAssertEqual(below.status, 1, below.stderr)
                XCTAssertTrue(
                    below.stderr.contains(
                        "kinetype: error: --max-bytes \(tightBudget): even the smallest gif kinetype "
                            + "makes of this scene"), below.stderr)
                XCTAssertTrue(below.stderr.contains("so nothing was written"), below.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: tight), "\(name): nothing is written")
                floor = try XCTUnwrap(smallest(in: below.stderr), below.stderr)
                XCTAssertGreaterThan(floor, tightBudget)
            }

            // Between the smallest and its own size: it fits, at a step that gives something up
            // when the budget is below its own size, and the same on a second run.
            let middleBudget = max((floor + natural) / 2, 1000)
            let middle = folder.appendingPathComponent("\(name)-middle.gif").path
            let between = try KinetypeProcess.run([
                "render", template, "-o", middle, "--scale", "1", "--max-bytes", String(middleBudget),
            ])
            XCTAssertEqual(between.status, 0, "\(name) at \(middleBudget) bytes: \(between.stderr)")
            XCTAssertLessThanOrEqual(size(middle), middleBudget, "\(name) at \(middleBudget) bytes")
            if middleBudget < natural {
                XCTAssertFalse(between.stdout.contains("as asked"), between.stdout)
                steppedDown += 1
            }
            if template.hasSuffix("note-card.json") {
                let again = folder.appendingPathComponent("\(name)-again.gif").path
                let rerun = try KinetypeProcess.run([
                    "render", template, "-o", again, "--scale", "1", "--max-bytes", String(middleBudget), "-j", "1",
                ])
                XCTAssertEqual(rerun.status, 0, rerun.stderr)
                XCTAssertEqual(
                    FileManager.default.contents(atPath: again), FileManager.default.contents(atPath: middle),
                    "the same choice and bytes on every run, with any number of threads")
            }
        }
        XCTAssertGreaterThan(steppedDown, 5, "most templates had to give something up at the middle budget")
    }

    func testWebPAPNGAndScaleGiveWayInTheirOrder() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let card = KinetypeProcess.packageRoot.appendingPathComponent("Templates/whats-new/note-card.json").path
        let webp = folder.appendingPathComponent("card.webp").path
        let lossy = try KinetypeProcess.run(["render", card, "-o", webp, "--scale", "1", "--max-bytes", "4000"])
        XCTAssertEqual(lossy.status, 0, lossy.stderr)
        XCTAssertTrue(lossy.stdout.contains("within --max-bytes: lossy quality"), lossy.stdout)
        XCTAssertLessThanOrEqual(size(webp), 4000)

        // Zopfli is slow: a short title.
        let title = KinetypeProcess.packageRoot.appendingPathComponent("Templates/examples/title.json").path
        let apng = folder.appendingPathComponent("title.apng").path
        let plain = try KinetypeProcess.run(["render", title, "-o", apng, "--scale", "1", "-q"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let budget = size(apng) - 1
        let squeezed = try KinetypeProcess.run([
            "render", title, "-o", apng, "--scale", "1", "--max-bytes", String(budget),
        ])
        XCTAssertEqual(squeezed.status, 0, squeezed.stderr)
        XCTAssertTrue(squeezed.stdout.contains("within --max-bytes: png-compression 9"), squeezed.stdout)
        XCTAssertLessThanOrEqual(size(apng), budget)

        // At its own @2x, a budget the smallest @2x GIF misses is met at @1x.
        let gif = folder.appendingPathComponent("card.gif").path
        let small = try KinetypeProcess.run(["render", card, "-o", gif, "--max-bytes", "3500"])
        XCTAssertEqual(small.status, 0, small.stderr)
        XCTAssertTrue(small.stdout.contains("10 fps, @1x"), small.stdout)
        XCTAssertLessThanOrEqual(size(gif), 3500)
    }

    func testABatchReportsEachChoiceAndTheOptionIsRefusedWhereItDoesNotApply() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let templates = KinetypeProcess.packageRoot.appendingPathComponent("Templates/whats-new")
        let report = folder.appendingPathComponent("report.json")
        let batch = try KinetypeProcess.run([
            "batch", templates.appendingPathComponent("note-card.json").path, "--data",
            templates.appendingPathComponent("note-card.data.json").path, "-o",
            folder.appendingPathComponent("out").path,
            "--scale", "1", "--max-bytes", "9000", "--report", report.path, "-q",
        ])
        XCTAssertEqual(batch.status, 0, batch.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let outcomes = try XCTUnwrap(json["outcomes"] as? [[String: Any]])
        XCTAssertEqual(outcomes.count, 4)
        for outcome in outcomes {
            XCTAssertLessThanOrEqual(outcome["bytes"] as? Int ?? .max, 9000, "\(outcome)")
            XCTAssertNotNil(outcome["budget"] as? String, "\(outcome)")
            XCTAssertLessThanOrEqual(size(outcome["output"] as? String ?? ""), 9000)
        }

        // Outputs named for their scale keep it: at a budget only @1x pixels meet (the smallest @2x
        // files are 11.8 to 15.8 KB, the @1x ones 5.3 to 7.4 KB), every @1x file
        // fits and every @2x one fails, rather than holding @1x pixels under its @2x name.
        let scaled = try KinetypeProcess.run([
            "batch", templates.appendingPathComponent("note-card.json").path, "--data",
            templates.appendingPathComponent("note-card.data.json").path, "-o",
            folder.appendingPathComponent("scaled").path, "--scale", "1,2", "--max-bytes", "9000",
            "--report", report.path, "-q",
        ])
        XCTAssertEqual(scaled.status, 1, scaled.stderr)
        let scaledReport = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let scaledOutcomes = try XCTUnwrap(scaledReport["outcomes"] as? [[String: Any]])
        XCTAssertEqual(scaledOutcomes.count, 8)
        for outcome in scaledOutcomes {
            let name = outcome["output"] as? String ?? ""
            if name.hasSuffix("@2x.gif") {
                XCTAssertEqual(outcome["status"] as? String, "failed", "\(outcome)")
                XCTAssertTrue((outcome["error"] as? String ?? "").contains("even the smallest gif"), "\(outcome)")
            } else {
                XCTAssertEqual(outcome["status"] as? String, "rendered", "\(outcome)")
                XCTAssertFalse((outcome["budget"] as? String ?? "").contains("@"), "\(outcome)")
                XCTAssertLessThanOrEqual(size(name), 9000)
            }
        }

        let card = templates.appendingPathComponent("note-card.json").path
        let svg = try KinetypeProcess.run([
            "render", card, "-o", folder.appendingPathComponent("card.svg").path, "--max-bytes", "9000",
        ])
        XCTAssertEqual(svg.status, 64, svg.stderr)
        XCTAssertTrue(
            svg.stderr.contains("--max-bytes applies to .gif, .webp and .apng outputs only, not to .svg outputs"),
            svg.stderr)
        let tiny = try KinetypeProcess.run([
            "render", card, "-o", folder.appendingPathComponent("card.gif").path, "--max-bytes", "10",
        ])
        XCTAssertEqual(tiny.status, 64, tiny.stderr)
        XCTAssertTrue(tiny.stderr.contains("--max-bytes"), tiny.stderr)
    }
}
