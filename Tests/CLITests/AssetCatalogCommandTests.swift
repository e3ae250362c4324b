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
            [
                ".kinetype-delivery.json", "Contents.json", "card-2x.dataset", "card-ar-2x.dataset", "card-ar.dataset",
                "card.dataset",
            ])
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
            [".kinetype-delivery.json", "AppIcon.appiconset", "Contents.json", "card.dataset"],
            "no temporary folder is left")
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

    /// Lottie and dotLottie outputs go in data sets too (lottie-ios loads them with
    /// `NSDataAsset(name:)`), as the format list of the error above says.
    func testLottieAndDotLottieAreDataSets() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "card"}]"#.utf8).write(to: folder.appendingPathComponent("d.json"))
        for (format, file, type) in [
            ("lottie", "card.json", "public.json"), ("dotlottie", "card.lottie", "public.data"),
        ] {
            let result = try KinetypeProcess.run(
                [
                    "batch", tiny, "--data", "d.json", "-o", format, "--format", format, "--xcassets",
                    "\(format).xcassets",
                ],
                in: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
            let contents = try json(folder.appendingPathComponent("\(format).xcassets/card.dataset/Contents.json"))
            let data = try XCTUnwrap(contents["data"] as? [[String: Any]])
            XCTAssertEqual(data.map { $0["filename"] as? String }, [file])
            XCTAssertEqual(data.map { $0["universal-type-identifier"] as? String }, [type])
        }
    }

    func testOnlyFileOutputsAndCatalogNamesAreTaken() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "card"}]"#.utf8).write(to: folder.appendingPathComponent("d.json"))
        let frames = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "--format", "png", "--xcassets", "App.xcassets"], in: folder)
        XCTAssertEqual(frames.status, 64, frames.stderr)
        XCTAssertTrue(frames.stderr.contains("PNG frames have no place in an asset catalog"), frames.stderr)
        // The hint names every format a catalog takes, Lottie's too (each is tested to go in one).
        XCTAssertTrue(
            frames.stderr.contains(
                "choose --format gif, webp, apng, mp4, webm, mov, lottie, dotlottie or svg, or --still SECONDS for an "
                    + "image set"
            ), frames.stderr)
        let name = try KinetypeProcess.run(["batch", tiny, "--data", "d.json", "--xcassets", "Assets"], in: folder)
        XCTAssertEqual(name.status, 64, name.stderr)
        XCTAssertTrue(name.stderr.contains("whose name ends in .xcassets"), name.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["d.json"], "nothing rendered")
    }

    /// Checks an image set as the Asset Catalog Format Reference describes it: every image
    /// universal, its scale the one its file name says, dark ones with the dark appearance, each the
    /// batch's own output byte for byte; returns the file names.
    @discardableResult
    private func checkImageSet(_ set: URL, outputs: URL, count: Int) throws -> [String] {
        let contents = try json(set.appendingPathComponent("Contents.json"))
        XCTAssertEqual((contents["info"] as? [String: Any])?["author"] as? String, "kinetype")
        XCTAssertNil(contents["data"], "an image set has images, not data")
        let images = try XCTUnwrap(contents["images"] as? [[String: Any]], set.path)
        XCTAssertEqual(images.count, count, set.lastPathComponent)
        var names: [String] = []
        for image in images {
            let name = try XCTUnwrap(image["filename"] as? String)
            names.append(name)
            XCTAssertEqual(image["idiom"] as? String, "universal")
            XCTAssertNil(image["universal-type-identifier"])
            let scale = name.contains("@3x") ? "3x" : name.contains("@2x") ? "2x" : "1x"
            XCTAssertEqual(image["scale"] as? String, scale, name)
            XCTAssertEqual(
                image["appearances"] as? [[String: String]],
                name.contains("-dark") ? [["appearance": "luminosity", "value": "dark"]] : nil, name)
            XCTAssertEqual(
                try Data(contentsOf: set.appendingPathComponent(name)),
                try Data(contentsOf: outputs.appendingPathComponent(name)), name)
        }
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: set.path).sorted(),
            (names + ["Contents.json"]).sorted(), "the set holds its images and nothing else")
        return names
    }

    func testStillsAreOneImageSetPerEntryHoldingEveryScaleAndAppearance() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "card"}, {"output": "card-ar", "layoutDirection": "rightToLeft"}]"#.utf8)
            .write(to: folder.appendingPathComponent("d.json"))
        let result = try KinetypeProcess.run(
            [
                "batch", tiny, "--data", "d.json", "-o", "out", "--still", "0.5", "--color-scheme", "light,dark",
                "--scale", "1,2,3", "--xcassets", "App.xcassets",
            ], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Wrote 2 sets into the asset catalog App.xcassets"), result.stdout)
        let catalog = folder.appendingPathComponent("App.xcassets")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: catalog.path).sorted(),
            [".kinetype-delivery.json", "Contents.json", "card-ar.imageset", "card.imageset"])
        let names = try checkImageSet(
            catalog.appendingPathComponent("card.imageset"), outputs: folder.appendingPathComponent("out"), count: 6)
        XCTAssertEqual(
            names.sorted(),
            ["card-dark.png", "card-dark@2x.png", "card-dark@3x.png", "card.png", "card@2x.png", "card@3x.png"])
        try checkImageSet(
            catalog.appendingPathComponent("card-ar.imageset"), outputs: folder.appendingPathComponent("out"), count: 6)
    }

    func testPostersAreImageSetsNextToTheAnimationsDataSets() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "card"}]"#.utf8).write(to: folder.appendingPathComponent("d.json"))
        let result = try KinetypeProcess.run(
            [
                "batch", tiny, "--data", "d.json", "-o", "out", "--poster", "0.5", "--color-scheme", "light,dark",
                "--scale", "1,2", "--format", "apng", "--xcassets", "App.xcassets",
            ], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let catalog = folder.appendingPathComponent("App.xcassets")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: catalog.path).sorted(),
            [".kinetype-delivery.json", "Contents.json", "card-2x.dataset", "card-poster.imageset", "card.dataset"])
        let names = try checkImageSet(
            catalog.appendingPathComponent("card-poster.imageset"), outputs: folder.appendingPathComponent("out"),
            count: 4)
        XCTAssertEqual(
            names.sorted(),
            ["card-poster-dark.png", "card-poster-dark@2x.png", "card-poster.png", "card-poster@2x.png"])
        // The animations' data sets are as they were without posters.
        let data = try XCTUnwrap(
            try json(catalog.appendingPathComponent("card-2x.dataset/Contents.json"))["data"] as? [[String: Any]])
        XCTAssertEqual(data.compactMap { $0["filename"] as? String }, ["card@2x.apng", "card-dark@2x.apng"])
        XCTAssertEqual(data.compactMap { $0["universal-type-identifier"] as? String }, ["public.png", "public.png"])
        XCTAssertEqual(data.compactMap { $0["scale"] }.count, 0, "data sets choose by appearance only")
    }

    func testImageSetScalesAndAssetNamesAreCheckedBeforeTheCatalogIsWritten() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "card"}, {"output": "card-poster"}]"#.utf8)
            .write(to: folder.appendingPathComponent("d.json"))
        for arguments in [["--still", "1", "--scale", "1,1.5"], ["--poster", "1", "--scale", "4"]] {
            let result = try KinetypeProcess.run(
                ["batch", tiny, "--data", "d.json", "--xcassets", "App.xcassets"] + arguments, in: folder)
            XCTAssertEqual(result.status, 64, result.stderr)
            XCTAssertTrue(
                result.stderr.contains("--xcassets puts stills in image sets, whose images are 1x, 2x or 3x; scale"),
                result.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["d.json"], "nothing rendered")

        // The template's own scale counts too, and is checked before anything renders.
        let template = try String(contentsOfFile: tiny, encoding: .utf8)
            .replacingOccurrences(of: #""scale": 1"#, with: #""scale": 4"#)
        try Data(template.utf8).write(to: folder.appendingPathComponent("big.json"))
        let big = try KinetypeProcess.run(
            ["batch", "big.json", "--data", "d.json", "-o", "out", "--still", "1", "--xcassets", "App.xcassets"],
            in: folder)
        XCTAssertEqual(big.status, 64, big.stderr)
        XCTAssertTrue(big.stderr.contains("scale 4 has no place in one"), big.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["big.json", "d.json"],
            "no output, no output folder and no catalog")

        // A still's image set may not stand next to an earlier batch's data set of the same name.
        try Data(#"[{"output": "card"}]"#.utf8).write(to: folder.appendingPathComponent("one.json"))
        let animations = try KinetypeProcess.run(
            ["batch", tiny, "--data", "one.json", "-o", "out", "--xcassets", "App.xcassets"], in: folder)
        XCTAssertEqual(animations.status, 0, animations.stderr)
        let stills = try KinetypeProcess.run(
            ["batch", tiny, "--data", "one.json", "-o", "out", "--still", "1", "--xcassets", "App.xcassets"],
            in: folder)
        XCTAssertEqual(stills.status, 73, stills.stderr)
        XCTAssertTrue(
            stills.stderr.contains(
                "the asset catalog already has card.dataset, which is the same asset name as card.imageset"),
            stills.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("App.xcassets").path)
                .sorted(), [".kinetype-delivery.json", "Contents.json", "card.dataset"])
        try FileManager.default.removeItem(at: folder.appendingPathComponent("App.xcassets"))

        // card's posters and the entry card-poster would be one asset name.
        let clash = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "-o", "out", "--poster", "1", "--xcassets", "App.xcassets"],
            in: folder)
        XCTAssertEqual(clash.status, 64, clash.stderr)
        XCTAssertTrue(
            clash.stderr.contains(
                "would get both card-poster.dataset and card-poster.imageset, which Xcode takes as one asset name"),
            clash.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("App.xcassets").path))
    }
}
