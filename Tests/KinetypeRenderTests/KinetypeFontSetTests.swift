import Foundation
import KinetypeCore
import TestSupport
import XCTest

@testable import KinetypeRender

/// kinetype's own font set: exactly the fonts of its folder, never the machine's unless asked, the
/// same faces in the same order whether read through fontconfig's caches or from the files.
final class KinetypeFontSetTests: XCTestCase {
    private let dejaVuSerif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
    private let arabic = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"
    private let emoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    /// A `share/kinetype` folder whose set is `files` (source path → path in the set), with its
    /// `fonts.sha256`.
    private func share(_ files: [String: String]) throws -> URL {
        let share = try ScratchFolder.make(for: self).appendingPathComponent("share/kinetype")
        var lines: [String] = []
        for (source, relative) in files {
            let destination = share.appendingPathComponent("fonts/\(relative)")
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: source, toPath: destination.path)
            lines.append("\(SHA256.hex(of: try Data(contentsOf: destination)))  \(relative)")
        }
        try FileManager.default.createDirectory(
            at: share.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try Data((lines.sorted().joined(separator: "\n") + "\n").utf8).write(
            to: share.appendingPathComponent("fonts.sha256"))
        return share
    }

    private func cacheFolder() throws -> String {
        try ScratchFolder.make(for: self).appendingPathComponent("cache/kinetype/fontconfig").path
    }

    func testALibraryHasItsFilesAndTheSetAndNothingOfTheMachine() throws {
        let set = KinetypeFontSet(
            share: try share([arabic: "truetype/noto/NotoSansArabic-Regular.ttf"]), cacheFolder: nil)
        XCTAssertTrue(set.isAvailable)
        let library = try FontLibrary(
            fontFiles: [URL(fileURLWithPath: dejaVuSerif)], systemFonts: false, kinetypeFonts: set)
        XCTAssertEqual(library.families().map(\.name), ["DejaVu Serif", "Noto Sans Arabic"])
        XCTAssertEqual(library.family(ofFile: dejaVuSerif), "DejaVu Serif")
        XCTAssertFalse(library.hasFamily("DejaVu Sans"), "the machine has it, the set does not")
    }

    func testAnEmptySetMakesALibraryOfItsFilesAlone() throws {
        let set = KinetypeFontSet(share: try share([:]), cacheFolder: nil)
        XCTAssertTrue(set.isAvailable)
        let library = try FontLibrary(
            fontFiles: [URL(fileURLWithPath: dejaVuSerif)], systemFonts: false, kinetypeFonts: set)
        XCTAssertEqual(library.families().map(\.name), ["DejaVu Serif"])
    }

    func testSystemFontsAreAddedOnlyWhenAskedFor() throws {
        let set = KinetypeFontSet(share: try share([:]), cacheFolder: nil)
        let with = try FontLibrary(fontFiles: [], systemFonts: true, kinetypeFonts: set)
        XCTAssertTrue(with.hasFamily("DejaVu Sans"))
        XCTAssertTrue(with.hasFamily("Noto Sans CJK JP"))
        let without = try FontLibrary(fontFiles: [], systemFonts: false, kinetypeFonts: set)
        XCTAssertFalse(without.hasFamilies)
    }

    func testAMissingSetFallsBackToTheMachinesFonts() throws {
        let missing = try ScratchFolder.make(for: self).appendingPathComponent("nowhere/share/kinetype")
        let set = KinetypeFontSet(share: missing, cacheFolder: try cacheFolder())
        XCTAssertFalse(set.isAvailable)
        XCTAssertNil(set.digest)
        let library = try FontLibrary(fontFiles: [], systemFonts: false, kinetypeFonts: set)
        XCTAssertTrue(library.hasFamily("DejaVu Sans"))
    }

    func testTheSetIsNamedByItsManifest() throws {
        let folder = try share([dejaVuSerif: "truetype/dejavu/DejaVuSerif.ttf"])
        let set = KinetypeFontSet(share: folder, cacheFolder: nil)
        let manifest = try Data(contentsOf: folder.appendingPathComponent("fonts.sha256"))
        XCTAssertEqual(set.digest, SHA256.hex(of: manifest))
        XCTAssertEqual(set.files, ["truetype/dejavu/DejaVuSerif.ttf"])
    }

    /// Read through fontconfig's caches (written on first use, mapped after) or from the files,
    /// the set gives the same faces in the same order, so the same pixels, fallback included.
    func testCachedAndReadFacesAreTheSame() throws {
        let folder = try share([
            dejaVuSerif: "truetype/dejavu/DejaVuSerif.ttf", arabic: "truetype/noto/NotoSansArabic-Regular.ttf",
            emoji: "truetype/noto/NotoColorEmoji.ttf",
            "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf": "truetype/dejavu/DejaVuSans.ttf",
        ])
        let caches = try cacheFolder()
        let read = KinetypeFontSet(share: folder, cacheFolder: nil)
        let firstRun = KinetypeFontSet(share: folder, cacheFolder: caches)
        XCTAssertEqual(firstRun.cacheFolder, caches)
        let firstLibrary = try FontLibrary(fontFiles: [], systemFonts: false, kinetypeFonts: firstRun)
        XCTAssertTrue(
            try FileManager.default.contentsOfDirectory(atPath: caches).contains { $0.contains(".cache-") },
            "the first library writes fontconfig's caches")
        let cachedRun = KinetypeFontSet(share: folder, cacheFolder: caches)
        let libraries = try [
            FontLibrary(fontFiles: [], systemFonts: false, kinetypeFonts: read), firstLibrary,
            FontLibrary(fontFiles: [], systemFonts: false, kinetypeFonts: cachedRun),
        ]
        let files = libraries.map { $0.fontFiles(ofFamilies: ["DejaVu Sans", "DejaVu Serif", "Noto Sans Arabic"]) }
        XCTAssertEqual(files[0], files[1])
        XCTAssertEqual(files[0], files[2])
        XCTAssertEqual(libraries[0].families(), libraries[2].families())

        let state = TextState(
            runs: [TextRun(text: "Serif مرحبا 🙂")], font: ResolvedFont(family: "DejaVu Serif", size: 20), color: .black)
        let frame = Fixtures.frame(
            width: 220, height: 40, layers: [Fixtures.textLayer(state, frame: LayerFrame(x: 5, y: 5))])
        let images = try libraries.map { library in
            try FrameRenderer(scene: Fixtures.scene(width: 220, height: 40), fonts: library).render(frame)
        }
        XCTAssertEqual(images[0], images[1])
        XCTAssertEqual(images[0], images[2])
    }

    func testACacheFolderThatCannotBeMadeIsNotUsed() throws {
        let folder = try share([dejaVuSerif: "truetype/dejavu/DejaVuSerif.ttf"])
        let set = KinetypeFontSet(share: folder, cacheFolder: "/proc/kinetype-cannot-be-made/fontconfig")
        XCTAssertNil(set.cacheFolder)
        XCTAssertEqual(
            try FontLibrary(fontFiles: [], systemFonts: false, kinetypeFonts: set).families().map(\.name),
            ["DejaVu Serif"])
    }

    /// A FIFO in the font folder, listed or not, is never opened (fontconfig would wait on it for
    /// ever): the folder is not handed to fontconfig whole, and the listed regular files still load.
    func testAFIFOInTheFontFolderIsNeverOpened() throws {
        let folder = try share([dejaVuSerif: "truetype/dejavu/DejaVuSerif.ttf"])
        let fonts = folder.appendingPathComponent("fonts/truetype")
        XCTAssertEqual(mkfifo(fonts.appendingPathComponent("unlisted.ttf").path, 0o644), 0)
        XCTAssertEqual(mkfifo(fonts.appendingPathComponent("listed.ttf").path, 0o644), 0)
        let manifest = folder.appendingPathComponent("fonts.sha256")
        let handle = try FileHandle(forWritingTo: manifest)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("0000  truetype/listed.ttf\n".utf8))
        try handle.close()
        let set = KinetypeFontSet(share: folder, cacheFolder: try cacheFolder())
        XCTAssertNil(set.cacheFolder, "not handed to fontconfig whole")
        XCTAssertEqual(
            try FontLibrary(fontFiles: [], systemFonts: false, kinetypeFonts: set).families().map(\.name),
            ["DejaVu Serif"])
    }

    /// fontconfig scans a folder's files by name, then its subfolders, one depth after another.
    func testFilesComeInTheOrderFontconfigScansAFolder() {
        let manifest = """
            aa  truetype/noto/b.ttf
            aa  truetype/noto/a.ttf
            aa  top.ttf
            aa  opentype/noto/c.ttc
            aa  truetype/dejavu/z.ttf
            aa  truetype/x.ttf
            aa  ../outside.ttf
            aa  /etc/absolute.ttf
            aa  truetype/../escape.ttf
            not a manifest line
            """
        XCTAssertEqual(
            KinetypeFontSet.files(listedIn: Data(manifest.utf8)),
            [
                "top.ttf", "truetype/x.ttf", "opentype/noto/c.ttc", "truetype/dejavu/z.ttf", "truetype/noto/a.ttf",
                "truetype/noto/b.ttf",
            ])
    }

    func testTheCacheFolderFollowsXDGThenHome() {
        XCTAssertEqual(
            KinetypeFontSet.cacheFolder(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]), "/c/kinetype/fontconfig")
        XCTAssertEqual(KinetypeFontSet.cacheFolder(environment: ["HOME": "/h"]), "/h/.cache/kinetype/fontconfig")
        XCTAssertNil(KinetypeFontSet.cacheFolder(environment: ["HOME": "relative"]))
        XCTAssertNil(KinetypeFontSet.cacheFolder(environment: [:]))
    }
}
