import Foundation
import XCTest

/// `batch --android-res`: outputs in the qualifier folders Android resolves, checked by listing
/// the tree, with names Android takes and collisions refused.
final class AndroidResourcesCommandTests: XCTestCase {
    private let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path

    private func files(in folder: URL) throws -> [String] {
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: folder.path))
        return enumerator.compactMap { $0 as? String }.filter { $0.contains(".") }.sorted()
    }

    func testLocalesDirectionsAppearancesAndDensitiesAreQualifierFolders() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let data = """
            [{"output": "notes"}, {"output": "notes-ar", "locale": "ar", "layoutDirection": "rightToLeft"},
             {"output": "notes_pt_BR", "locale": "pt-BR"}, {"output": "notes-es", "locale": "es-419"},
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
        let expected = ["raw", "raw-ar-ldrtl", "raw-b+es+419", "raw-pt-rBR"].flatMap { base in
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
        XCTAssertTrue(result.stdout.contains("Wrote 20 files into the Android resources res"), result.stdout)
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

        try Data(#"[{"output": "a", "locale": "english"}]"#.utf8).write(to: folder.appendingPathComponent("bad.json"))
        let locale = try KinetypeProcess.run(
            ["batch", tiny, "--data", "bad.json", "--android-res", "res2"], in: folder)
        XCTAssertEqual(locale.status, 65, locale.stderr)
        XCTAssertTrue(locale.stderr.contains(#"bad.json:1:28: [0].locale: "english" is not a locale"#), locale.stderr)
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

        // Named, the default language's outputs are also the default resources.
        let named = try KinetypeProcess.run(
            ["batch", tiny, "--data", "d.json", "-o", "out", "--android-res", "res", "--default-locale", "en", "-q"],
            in: folder)
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertEqual(named.stderr, "")
        XCTAssertEqual(
            try files(in: folder.appendingPathComponent("res")), ["raw-de/tip.gif", "raw-en/tip.gif", "raw/tip.gif"])
        XCTAssertEqual(
            try Data(contentsOf: folder.appendingPathComponent("res/raw/tip.gif")),
            try Data(contentsOf: folder.appendingPathComponent("res/raw-en/tip.gif")))
    }
}
