import Foundation
import XCTest

/// `batch --android-res`: outputs in the qualifier folders Android resolves, checked by listing
/// the tree, with names Android takes and collisions refused.
final class AndroidResourcesCommandTests: XCTestCase {
    private let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path

    /// The animations and drawables of `folder`: the content descriptions are `strings(in:)`.
    private func files(in folder: URL) throws -> [String] {
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: folder.path))
        // kinetype's list of what it wrote (`.kinetype-delivery.json`) is not a resource.
        return enumerator.compactMap { $0 as? String }.filter {
            $0.contains(".") && !$0.hasPrefix(".kinetype-delivery") && !$0.hasSuffix("/kinetype_strings.xml")
        }
        .sorted()
    }

    /// The `values` folders that hold kinetype's content descriptions.
    private func strings(in folder: URL) throws -> [String] {
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: folder.path))
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix("/kinetype_strings.xml") }
            .map { String($0.dropLast("/kinetype_strings.xml".count)) }.sorted()
    }

    func testLocalesDirectionsAppearancesAndDensitiesAreQualifierFolders() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let data = """
            [{"output": "notes"}, {"output": "notes-ar", "locale": "ar", "layoutDirection": "rightToLeft"},
             {"output": "notes_pt_BR", "locale": "pt-BR"}, {"output": "notes-es", "locale": "es-419"},
             {"output": "notes-zh-Hant-TW", "locale": "zh-Hant-TW"}, {"output": "notes-sr", "locale": "sr-Latn"},
             {"output": "2024 Card!"}]
            """
        try Data(data.utf8).write(to: folder.appendingPathComponent("d.json"))
        let result = try KinetypeProcess.run(
            [
                "batch", tiny, "--data", "d.json", "-o", "out", "--color-scheme", "light,dark", "--scale", "1,3",
                "--android-res", "res",
            ], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("fills no placeholder"), "locale is no placeholder: \(result.stderr)")
        XCTAssertFalse(result.stderr.contains("only in localized folders"), result.stderr)
        let expected = ["raw", "raw-ar-ldrtl", "raw-b+es+419", "raw-b+sr+Latn", "raw-b+zh+Hant+TW", "raw-pt-rBR"]
            .flatMap { base in
                ["", "-night"].flatMap { night in
                    ["mdpi", "xxhdpi"].flatMap { density -> [String] in
                        let folder = "\(base)\(night)-\(density)"
                        return base == "raw"
                            ? ["\(folder)/notes.gif", "\(folder)/r_2024_card_.gif"] : ["\(folder)/notes.gif"]
                    }
                }
            }
        XCTAssertEqual(try files(in: folder.appendingPathComponent("res")), expected.sorted())
        XCTAssertEqual(
            try Data(contentsOf: folder.appendingPathComponent("res/raw-ar-ldrtl-night-xxhdpi/notes.gif")),
            try Data(contentsOf: folder.appendingPathComponent("out/notes-ar-dark@3x.gif")))
        XCTAssertEqual(
            try strings(in: folder.appendingPathComponent("res")),
            ["values", "values-ar", "values-b+es+419", "values-b+sr+Latn", "values-b+zh+Hant+TW", "values-pt-rBR"])
        XCTAssertTrue(result.stdout.contains("Wrote 34 files into the Android resources res"), result.stdout)
        // Android's resource compiler takes the tree and reads the qualifiers as meant.
        let built = try AndroidAssetPackaging.build(folder.appendingPathComponent("res"), in: folder)
        let locales = ["", "ar-ldrtl-", "b+sr+Latn-", "b+zh+Hant+TW-", "es-r419-", "pt-rBR-"]
        let configurations = locales.flatMap { locale in
            ["mdpi", "xxhdpi"].flatMap { density in ["\(locale)\(density)-v4", "\(locale)night-\(density)-v8"] }
        }
        XCTAssertEqual(
            Set(try XCTUnwrap(built.configurations["raw/notes"])), Set(configurations), built.log)
        XCTAssertEqual(built.withoutDefault, [])
    }

    func testCollisionsOddScalesAndFolderFormatsAreRefused() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "my-card"}, {"output": "my_card"}]"#.utf8).write(
            to: folder.appendingPathComponent("d.json"))
        let clash = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "-o", "out", "--android-res", "res"], in: folder)
        XCTAssertEqual(clash.status, 64, clash.stderr)
        XCTAssertTrue(
            clash.stderr.contains("my-card.gif and my_card.gif would both be res/raw/my_card.gif"), clash.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("res").path))

        let odd = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "--scale", "1,2.5", "--android-res", "res2"], in: folder)
        XCTAssertEqual(odd.status, 64, odd.stderr)
        XCTAssertTrue(odd.stderr.contains("no density for scale 2.5"), odd.stderr)
        let frames = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "--format", "png", "--android-res", "res2"], in: folder)
        XCTAssertEqual(frames.status, 64, frames.stderr)
        XCTAssertTrue(
            frames.stderr.contains(
                "choose --format gif, webp, apng, mp4, webm, mov, lottie, dotlottie or svg, or --still SECONDS for "
                    + "drawables"
            ),
            frames.stderr)

        try Data(#"[{"output": "a", "locale": "english"}]"#.utf8).write(to: folder.appendingPathComponent("bad.json"))
        let locale = try KinetypeProcess.run(
            ["batch", tiny, "--data", "bad.json", "--android-res", "res2"], in: folder)
        XCTAssertEqual(locale.status, 65, locale.stderr)
        XCTAssertTrue(locale.stderr.contains(#"bad.json:1:28: [0].locale: "english" is not a locale"#), locale.stderr)
        XCTAssertTrue(locale.stderr.contains(#""zh-Hant-TW""#), locale.stderr)
    }

    func testAResourceOnlyInLocalizedFoldersIsAWarning() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "tip-en", "locale": "en"}, {"output": "tip-de", "locale": "de"}]"#.utf8)
            .write(to: folder.appendingPathComponent("d.json"))
        let result = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "-o", "out", "--android-res", "res", "-q"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("warning: R.raw.tip is only in localized folders (de, en)"), result.stderr)
        XCTAssertEqual(try files(in: folder.appendingPathComponent("res")), ["raw-de/tip.gif", "raw-en/tip.gif"])
        XCTAssertTrue(
            result.stderr.contains("warning: R.string.tip_description is only in localized folders (de, en)"),
            result.stderr)
        XCTAssertEqual(
            try AndroidAssetPackaging.build(folder.appendingPathComponent("res"), in: folder).withoutDefault,
            ["raw/tip", "string/tip_description"])

        // Named, the default language's outputs are also the default resources.
        let named = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "-o", "out", "--android-res", "res", "--default-locale", "en", "-q"],
            in: folder)
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertEqual(named.stderr, "")
        XCTAssertEqual(
            try files(in: folder.appendingPathComponent("res")), ["raw-de/tip.gif", "raw-en/tip.gif", "raw/tip.gif"])
        XCTAssertEqual(
            try AndroidAssetPackaging.build(folder.appendingPathComponent("res"), in: folder).withoutDefault, [])
        XCTAssertEqual(
            try Data(contentsOf: folder.appendingPathComponent("res/raw/tip.gif")),
            try Data(contentsOf: folder.appendingPathComponent("res/raw-en/tip.gif")))
    }

    func testStillsAreDrawablesInTheDensityOfTheirScale() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(
            #"[{"output": "notes"}, {"output": "notes-ar", "locale": "ar", "layoutDirection": "rightToLeft"}]"#.utf8
        )
        .write(to: folder.appendingPathComponent("d.json"))
        let result = try KinetypeProcess.run(
            [
                "batch", tiny, "--data", "d.json", "-o", "out", "--still", "0.5", "--color-scheme", "light,dark",
                "--scale", "1,1.5,2,3,4", "--android-res", "res", "--default-locale", "ar",
            ], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let densities = ["mdpi": "", "hdpi": "@1.5x", "xhdpi": "@2x", "xxhdpi": "@3x", "xxxhdpi": "@4x"]
        var expected: [String: String] = [:]
        for (density, scale) in densities {
            for (night, dark) in [("", ""), ("-night", "-dark")] {
                expected["drawable\(night)-\(density)/notes.png"] = "notes\(dark)\(scale).png"
                expected["drawable-ar-ldrtl\(night)-\(density)/notes.png"] = "notes-ar\(dark)\(scale).png"
                // The default locale's again, without the locale (its direction stays).
                expected["drawable-ldrtl\(night)-\(density)/notes.png"] = "notes-ar\(dark)\(scale).png"
            }
        }
        let res = folder.appendingPathComponent("res")
        XCTAssertEqual(try files(in: res), expected.keys.sorted())
        for (resource, output) in expected {
            XCTAssertEqual(
                try Data(contentsOf: res.appendingPathComponent(resource)),
                try Data(contentsOf: folder.appendingPathComponent("out/" + output)), resource)
        }
        XCTAssertTrue(result.stdout.contains("Wrote 32 files into the Android resources res"), result.stdout)
        XCTAssertEqual(try AndroidAssetPackaging.build(res, in: folder).withoutDefault, [])
    }

    func testPostersAreDrawablesNextToTheAnimationsInRaw() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "tip-en", "locale": "en"}]"#.utf8).write(to: folder.appendingPathComponent("d.json"))
        let result = try KinetypeProcess.run(
            [
                "batch", tiny, "--data", "d.json", "-o", "out", "--poster", "0.5", "--scale", "2", "--color-scheme",
                "light,dark", "--android-res", "res",
            ], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        // One scale: the animations need no density, the posters (bitmaps) always have theirs.
        let expected = [
            "drawable-en-night-xhdpi/tip_poster.png": "tip-en-poster-dark@2x.png",
            "drawable-en-xhdpi/tip_poster.png": "tip-en-poster@2x.png",
            "raw-en-night/tip.gif": "tip-en-dark@2x.gif", "raw-en/tip.gif": "tip-en@2x.gif",
        ]
        let res = folder.appendingPathComponent("res")
        XCTAssertEqual(try files(in: res), expected.keys.sorted())
        for (resource, output) in expected {
            XCTAssertEqual(
                try Data(contentsOf: res.appendingPathComponent(resource)),
                try Data(contentsOf: folder.appendingPathComponent("out/" + output)), resource)
        }
        XCTAssertTrue(result.stderr.contains("warning: R.drawable.tip_poster is only in localized folders (en)"))
        XCTAssertTrue(result.stderr.contains("warning: R.raw.tip is only in localized folders (en)"))
        XCTAssertEqual(
            try AndroidAssetPackaging.build(res, in: folder).withoutDefault,
            ["drawable/tip_poster", "raw/tip", "string/tip_description"])
    }

    func testDrawablesWithoutADensityAndCollidingDrawablesAreRefused() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "my-card"}, {"output": "my_card"}]"#.utf8).write(
            to: folder.appendingPathComponent("d.json"))
        // One odd scale is fine in raw/ but a drawable needs a density, still or poster.
        for arguments in [["--still", "1", "--scale", "2.5"], ["--poster", "1", "--scale", "2.5"]] {
            let result = try KinetypeProcess.run(
                ["batch", tiny, "--data", "d.json", "--android-res", "res"] + arguments, in: folder)
            XCTAssertEqual(result.status, 64, result.stderr)
            XCTAssertTrue(
                result.stderr.contains("--android-res has no density for scale 2.5 (drawables need one)"),
                result.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["d.json"], "nothing rendered")

        let template = try String(contentsOfFile: tiny, encoding: .utf8)
            .replacingOccurrences(of: #""scale": 1"#, with: #""scale": 2.5"#)
        try Data(template.utf8).write(to: folder.appendingPathComponent("odd.json"))
        try Data(#"[{"output": "card"}]"#.utf8).write(to: folder.appendingPathComponent("one.json"))
        let odd = try KinetypeProcess.run(
            ["batch", "odd.json", "--data", "one.json", "-o", "out", "--still", "1", "--android-res", "res"],
            in: folder)
        XCTAssertEqual(odd.status, 64, odd.stderr)
        XCTAssertTrue(odd.stderr.contains("no density for scale 2.5"), odd.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("res").path))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path),
            "the template's own scale is checked before anything renders")

        let clash = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "-o", "out", "--still", "1", "--android-res", "res"], in: folder)
        XCTAssertEqual(clash.status, 64, clash.stderr)
        XCTAssertTrue(
            clash.stderr.contains("my-card.png and my_card.png would both be res/drawable-mdpi/my_card.png"),
            clash.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("res").path))
    }

    func testAnEarlierBatchsResourceOfAnotherFormatIsNeverADuplicate() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "card"}]"#.utf8).write(to: folder.appendingPathComponent("d.json"))
        let gif = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "-o", "out", "--android-res", "res", "-q"], in: folder)
        XCTAssertEqual(gif.status, 0, gif.stderr)
        let apng = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "-o", "out", "--format", "apng", "--android-res", "res"], in: folder)
        XCTAssertEqual(apng.status, 73, apng.stderr)
        XCTAssertTrue(
            apng.stderr.contains(
                "res/raw already has card.gif, the same resource as card.apng; no resource was written"),
            apng.stderr)
        XCTAssertEqual(try files(in: folder.appendingPathComponent("res")), ["raw/card.gif"])
        try AndroidAssetPackaging.build(folder.appendingPathComponent("res"), in: folder)
    }

    /// Lottie JSON and dotLottie outputs are raw resources (`R.raw.card`, for lottie-android's
    /// `setAnimation(R.raw.card)`), which aapt builds.
    func testLottieAndDotLottieAreRawResources() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{"output": "card"}, {"output": "card-de", "locale": "de"}]"#.utf8).write(
            to: folder.appendingPathComponent("d.json"))
        for (format, ext) in [("lottie", "json"), ("dotlottie", "lottie")] {
            let result = try KinetypeProcess.run(
                [
                    "batch", tiny, "--data", "d.json", "-o", format, "--format", format, "--android-res",
                    "res-\(format)",
                ],
                in: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
            let res = folder.appendingPathComponent("res-\(format)")
            XCTAssertEqual(try files(in: res), ["raw-de/card.\(ext)", "raw/card.\(ext)"])
            let built = try AndroidAssetPackaging.build(res, in: folder)
            XCTAssertEqual(Set(built.configurations["raw/card"] ?? []), ["(default)", "de"], built.log)
        }
    }

    /// `--default-locale ar` with no entry without a locale: Arabic is the default, also for a
    /// device in German, so its copies go in the folders without a locale or `-ldrtl`.
    func testTheDefaultLocalesCopiesAreInUnqualifiedFoldersWhateverItsDirection() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(
            #"""
            [{"output": "notes-ar", "locale": "ar", "layoutDirection": "rightToLeft"},
             {"output": "notes-de", "locale": "de"}]
            """#.utf8
        ).write(to: folder.appendingPathComponent("d.json"))
        let result = try KinetypeProcess.run(
            [
                "batch", tiny, "--data", "d.json", "-o", "out", "--still", "0.5", "--scale", "1,2",
                "--color-scheme", "light,dark", "--android-res", "res", "--default-locale", "ar",
            ], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("warning"), result.stderr)
        let res = folder.appendingPathComponent("res")
        var expected: [String: String] = [:]
        for (density, scale) in [("mdpi", ""), ("xhdpi", "@2x")] {
            for (night, dark) in [("", ""), ("-night", "-dark")] {
                expected["drawable-ar-ldrtl\(night)-\(density)/notes.png"] = "notes-ar\(dark)\(scale).png"
                expected["drawable-de\(night)-\(density)/notes.png"] = "notes-de\(dark)\(scale).png"
                expected["drawable\(night)-\(density)/notes.png"] = "notes-ar\(dark)\(scale).png"
            }
        }
        XCTAssertEqual(try files(in: res), expected.keys.sorted())
        for (resource, output) in expected {
            XCTAssertEqual(
                try Data(contentsOf: res.appendingPathComponent(resource)),
                try Data(contentsOf: folder.appendingPathComponent("out/" + output)), resource)
        }
        let built = try AndroidAssetPackaging.build(res, in: folder)
        XCTAssertEqual(built.withoutDefault, [], built.log)
        XCTAssertTrue(built.configurations["drawable/notes"]?.contains("mdpi-v4") ?? false, built.log)
    }

    /// Names that are Java keywords or literals would be `R.raw.class`, which aapt refuses
    /// ("invalid symbol"): they get `r_` before them, like names that start with a digit.
    func testJavaKeywordsGetAStableRenameThatAndroidBuilds() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(
            #"""
            [{"output": "class"}, {"output": "New"}, {"output": "void-ar", "locale": "ar"}, {"output": "import"},
             {"output": "true"}, {"output": "null"}, {"output": "goto"}, {"output": "_"}, {"output": "classes"}]
            """#.utf8
        ).write(to: folder.appendingPathComponent("d.json"))
        let result = try KinetypeProcess.run(
            [
                "batch", tiny, "--data", "d.json", "-o", "out", "--poster", "0.5", "--scale", "2", "--android-res",
                "res",
            ],
            in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let res = folder.appendingPathComponent("res")
        XCTAssertEqual(
            try files(in: res),
            [
                "drawable-ar-xhdpi/r_void_poster.png", "drawable-xhdpi/classes_poster.png",
                "drawable-xhdpi/r___poster.png", "drawable-xhdpi/r_class_poster.png",
                "drawable-xhdpi/r_goto_poster.png",
                "drawable-xhdpi/r_import_poster.png", "drawable-xhdpi/r_new_poster.png",
                "drawable-xhdpi/r_null_poster.png", "drawable-xhdpi/r_true_poster.png", "raw-ar/r_void.gif",
                "raw/classes.gif", "raw/r__.gif", "raw/r_class.gif", "raw/r_goto.gif", "raw/r_import.gif",
                "raw/r_new.gif", "raw/r_null.gif", "raw/r_true.gif",
            ])
        let built = try AndroidAssetPackaging.build(res, in: folder)
        // Nine animations, their nine posters and their nine content descriptions.
        XCTAssertEqual(built.configurations.count, 27, built.log)
    }
}
