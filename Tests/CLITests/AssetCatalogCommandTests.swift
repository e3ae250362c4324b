import Foundation
import XCTest

/// `batch --xcassets`: an Xcode asset catalog as Apple's Asset Catalog Format Reference describes
/// it, checked by parsing every Contents.json.
final class AssetCatalogCommandTests: XCTestCase {
    private let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path

    private func json(_ url: URL) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any], url.path)
    }

    func testEverySetHoldsItsAppearancesAndEveryScaleIsASet() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "card"}, {"output": "card-ar", "layoutDirection": "rightToLeft"}]"#.utf8)
            .write(to: folder.appendingPathComponent("d.json"))
        let arguments = [
            "batch", tiny, "--data", "d.json", "-o", "out", "--color-scheme", "light,dark", "--scale", "1,2",
            "--xcassets", "App.xcassets",
        ]
        let result = try KinetypeProcess.run(arguments, in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Wrote 4 sets into the asset catalog App.xcassets"), result.stdout)
        let catalog = folder.appendingPathComponent("App.xcassets")
        let info = try XCTUnwrap(try json(catalog.appendingPathComponent("Contents.json"))["info"] as? [String: Any])
        XCTAssertEqual(info["version"] as? Int, 1)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: catalog.path).sorted(),
            ["Contents.json", "card-2x.dataset", "card-ar-2x.dataset", "card-ar.dataset", "card.dataset"])
        for set in ["card", "card-2x", "card-ar", "card-ar-2x"] {
            let setFolder = catalog.appendingPathComponent(set + ".dataset")
            let contents = try json(setFolder.appendingPathComponent("Contents.json"))
            XCTAssertEqual((contents["info"] as? [String: Any])?["author"] as? String, "kinetype")
            let data = try XCTUnwrap(contents["data"] as? [[String: Any]], set)
            XCTAssertEqual(data.count, 2, set)
            for item in data {
                let name = try XCTUnwrap(item["filename"] as? String)
                XCTAssertEqual(item["idiom"] as? String, "universal")
                XCTAssertEqual(item["universal-type-identifier"] as? String, "com.compuserve.gif")
                let appearances = item["appearances"] as? [[String: String]]
                XCTAssertEqual(
                    appearances, name.contains("-dark") ? [["appearance": "luminosity", "value": "dark"]] : nil, name)
                // The set's file is the batch's output, byte for byte.
                XCTAssertEqual(
                    try Data(contentsOf: setFolder.appendingPathComponent(name)),
                    try Data(contentsOf: folder.appendingPathComponent("out/" + name)), name)
            }
        }
    }

    func testARerunUpdatesItsSetsAndLeavesOthersAlone() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "card"}]"#.utf8).write(to: folder.appendingPathComponent("d.json"))
        let catalog = folder.appendingPathComponent("App.xcassets")
        let mine = catalog.appendingPathComponent("AppIcon.appiconset")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try Data(#"{"info": {"author": "xcode", "version": 1}}"#.utf8).write(
            to: mine.appendingPathComponent("Contents.json"))
        let first = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "-o", "out", "--xcassets", "App.xcassets", "-q"], in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        let again = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "-o", "out", "--xcassets", "App.xcassets", "--set", "word=Bye", "-q"],
            in: folder)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(
            try Data(contentsOf: catalog.appendingPathComponent("card.dataset/card.gif")),
            try Data(contentsOf: folder.appendingPathComponent("out/card.gif")), "the set follows the new render")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: catalog.path).sorted(),
            ["AppIcon.appiconset", "Contents.json", "card.dataset"], "no temporary folder is left")
        XCTAssertEqual(
            try String(contentsOf: mine.appendingPathComponent("Contents.json"), encoding: .utf8),
            #"{"info": {"author": "xcode", "version": 1}}"#)
    }

    func testASetKinetypeDidNotWriteIsNeverReplaced() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "card"}]"#.utf8).write(to: folder.appendingPathComponent("d.json"))
        let theirs = folder.appendingPathComponent("App.xcassets/card.dataset")
        try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
        let contents = Data(#"{"data": [], "info": {"author": "xcode", "version": 1}}"#.utf8)
        try contents.write(to: theirs.appendingPathComponent("Contents.json"))
        let result = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "-o", "out", "--xcassets", "App.xcassets"], in: folder)
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertTrue(result.stderr.contains("card.dataset, which kinetype did not write"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: theirs.appendingPathComponent("Contents.json")), contents)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: theirs.path), ["Contents.json"])
    }

    func testOnlyFileOutputsAndCatalogNamesAreTaken() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "card"}]"#.utf8).write(to: folder.appendingPathComponent("d.json"))
        let frames = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "--format", "png", "--xcassets", "App.xcassets"], in: folder)
        XCTAssertEqual(frames.status, 64, frames.stderr)
        XCTAssertTrue(frames.stderr.contains("PNG frames have no place in an asset catalog"), frames.stderr)
        let name = try KinetypeProcess.run(["batch", tiny, "--data", "d.json", "--xcassets", "Assets"], in: folder)
        XCTAssertEqual(name.status, 64, name.stderr)
        XCTAssertTrue(name.stderr.contains("whose name ends in .xcassets"), name.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["d.json"], "nothing rendered")
    }
}
