import Foundation
import KinetypeEncode
import TestSupport
import XCTest

@testable import Kinetype
@testable import KinetypeRender

/// One template for every locale: the Arabic and Hebrew cards of the what's-new templates are the
/// mirror images of the English card (compared without their text), and the layout direction
/// reaches the renderer from the scene, the loader's override and a batch entry.
final class MirroredLayoutTests: XCTestCase {
    private static let whatsNew = TestScenes.packageRoot.appendingPathComponent("Templates/whats-new")

    /// The template `name` loaded with the values of its data file's entry `output`.
    private func card(_ name: String, entry output: String, direction: LayoutDirection? = nil) throws -> PreparedScene {
        let data = try Data(contentsOf: Self.whatsNew.appendingPathComponent("\(name).data.json"))
        let entries = try BatchData.decode(data, fileName: "\(name).data.json")
        let entry = try XCTUnwrap(entries.first { $0.outputName == output }, "no entry \(output)")
        return try SceneLoader(
            .file(path: Self.whatsNew.appendingPathComponent("\(name).json").path),
            overrides: SceneOverrides(values: entry.values, layoutDirection: direction ?? entry.layoutDirection)
        ).load()
    }

    /// Frame `index` with every text layer's glyphs, shadow and cursor hidden: only the non-text
    /// parts (canvas, rects, images, text layers' backgrounds and borders) are drawn.
    private func nonText(_ prepared: PreparedScene, frame index: Int) throws -> Image {
        var state = prepared.timeline.state(atFrame: index)
        for i in state.layers.indices {
            guard case .text(var text) = state.layers[i].content else { continue }
            text.reveal = TextReveal(opaqueCount: 0)
            text.cursor = nil
            text.shadow = nil
            state.layers[i].content = .text(text)
        }
        return try FrameRenderer(scene: prepared.scene, fonts: prepared.fonts, images: prepared.images).render(state)
    }

    private func mirrored(_ image: Image) -> Image {
        var out = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                let from = (y * image.width + x) * 4
                let to = (y * image.width + image.width - 1 - x) * 4
                out.pixels[to..<to + 4] = image.pixels[from..<from + 4]
            }
        }
        return out
    }

    private func assertMirrored(_ template: String, english: String, rightToLeft: [String]) throws {
        let en = try card(template, entry: english)
        XCTAssertEqual(en.scene.canvas.layoutDirection, .leftToRight, "auto finds English left to right")
        let total = en.scene.canvas.pixelWidth * en.scene.canvas.pixelHeight
        var englishFrames: [Int: (image: Image, mirror: Image)] = [:]
        for output in rightToLeft {
            let card = try card(template, entry: output)
            XCTAssertEqual(card.scene.canvas.layoutDirection, .rightToLeft, "auto finds \(output) right to left")
            let unmirrored = try self.card(template, entry: output, direction: .leftToRight)
            // The first frame and the last one both cards have (typing takes longer in English).
            let last = min(en.timeline.frameCount, card.timeline.frameCount) - 1
            for index in [0, last] {
                if englishFrames[index] == nil {
                    let image = try nonText(en, frame: index)
                    englishFrames[index] = (image, mirrored(image))
                    // The layout is not symmetric, so its mirror image is a real check …
                    XCTAssertGreaterThan(
                        PixelDifference.count(image, mirrored(image), tolerance: 2), total / 1000,
                        "\(template) is symmetric")
                }
                let expected = englishFrames[index]!.mirror
                let actual = try nonText(card, frame: index)
                // … that the right-to-left card passes. Cairo's antialiasing of rounded corners is not
                // exactly mirror-symmetric (a few dozen edge pixels differ by a few levels); a misplaced
                // or unmirrored layer differs by far more.
                XCTAssertLessThanOrEqual(
                    PixelDifference.count(actual, expected, tolerance: 2), 64,
                    "\(output) frame \(index) is not the mirror image")
                XCTAssertEqual(
                    PixelDifference.count(actual, expected, tolerance: 24), 0,
                    "\(output) frame \(index) is not the mirror image")
                // The same card laid out left to right fails it.
                XCTAssertGreaterThan(
                    PixelDifference.count(try nonText(unmirrored, frame: index), expected, tolerance: 2), total / 1000)
            }
            // The comparison hid real text: the full frame has much more ink.
            XCTAssertGreaterThan(
                PixelDifference.count(try card.renderFrame(last), try nonText(card, frame: last), tolerance: 2),
                total / 100)
        }
    }

    func testNoteCardInArabicAndHebrewMirrorsTheEnglishCard() throws {
        try assertMirrored("note-card", english: "notes-en", rightToLeft: ["notes-ar", "notes-he"])
    }

    func testHeadlineCardInArabicAndHebrewMirrorsTheEnglishCard() throws {
        // The diagonal gradient says mirrorsInRightToLeft, so the whole card is mirrored.
        try assertMirrored("spring-headline", english: "headline-en", rightToLeft: ["headline-ar", "headline-he"])
    }

    func testJapaneseStaysLeftToRight() throws {
        XCTAssertEqual(try card("note-card", entry: "notes-ja").scene.canvas.layoutDirection, .leftToRight)
    }

    // MARK: - Where the direction comes from

    private let badge = TestScenes.url("mirror-badge.json")

    /// Whether the black badge of mirror-badge.json is on the right.
    private func badgeIsOnTheRight(_ image: Image) -> Bool {
        let left = image.pixel(x: 5, y: 10)
        let right = image.pixel(x: image.width - 5, y: 10)
        XCTAssertTrue(left.r != right.r, "one side has the badge")
        return right.r == 0
    }

    func testLoaderOverrideReplacesTheScenesDirectionAndResolvesAuto() throws {
        func direction(_ override: LayoutDirection?, word: String = "a") throws -> LayoutDirection {
            try SceneLoader(
                .file(path: badge.path), overrides: SceneOverrides(values: ["word": word], layoutDirection: override)
            ).decode().canvas.layoutDirection
        }
        XCTAssertEqual(try direction(nil), .leftToRight)
        XCTAssertEqual(try direction(.rightToLeft), .rightToLeft)
        XCTAssertEqual(try direction(.auto, word: "שלום"), .rightToLeft)
        XCTAssertEqual(try direction(.auto, word: "42"), .leftToRight)
        let prepared = try SceneLoader(
            .file(path: badge.path), overrides: SceneOverrides(layoutDirection: .rightToLeft)
        )
        .load()
        XCTAssertTrue(badgeIsOnTheRight(try prepared.renderFrame(0)))
    }

    func testABatchEntryMayMirrorItsOutputAndTheOptionWins() throws {
        let folder = try TestScenes.temporaryFolder(self)
        let dataURL = folder.appendingPathComponent("data.json")
        try Data(
            #"[{"output": "en", "word": "a"}, {"output": "ar", "word": "ب", "layoutDirection": "rightToLeft"}]"#.utf8
        ).write(to: dataURL)
        var options = BatchOptions(template: badge, data: dataURL, outputFolder: folder.appendingPathComponent("out"))
        options.format = .pngSequence
        options.jobs = 1
        func badges() throws -> [Bool] {
            try ["en", "ar"].map { name in
                let frame = folder.appendingPathComponent("out/\(name)/frame_0001.png")
                return badgeIsOnTheRight(try PNGCodec.decode(Data(contentsOf: frame)))
            }
        }
        XCTAssertEqual(try BatchRunner.run(options).rendered, 2)
        XCTAssertEqual(try badges(), [false, true])
        // --layout-direction wins over the entries; the changed setting is not skipped as unchanged.
        options.layoutDirection = .rightToLeft
        let report = try BatchRunner.run(options)
        XCTAssertEqual([report.rendered, report.unchanged], [1, 1], "\"ar\" was already right to left")
        XCTAssertEqual(try badges(), [true, true])
        options.layoutDirection = .leftToRight
        XCTAssertEqual(try BatchRunner.run(options).rendered, 2)
        XCTAssertEqual(try badges(), [false, false])
        // Unchanged inputs are still skipped.
        XCTAssertEqual(try BatchRunner.run(options).unchanged, 2)
    }

    func testVerifyWithADirectionUsesItsOwnGoldenSet() throws {
        let folder = try TestScenes.temporaryFolder(self)
        var options = VerifyOptions(goldenFolder: folder.appendingPathComponent("goldens"))
        options.record = .missing
        options.artifactsFolder = folder.appendingPathComponent("failures")
        // A scene without text: verify hashes the font files a scene's text can use, which is slow.
        let scene = TestScenes.url("mirror-rect.json").path
        _ = try GoldenVerifier.verify(sceneAt: scene, options: options)
        options.layoutDirection = .rightToLeft
        _ = try GoldenVerifier.verify(sceneAt: scene, options: options)
        let sets = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("goldens").path)
        XCTAssertEqual(sets.sorted(), ["mirror-rect", "mirror-rect-rightToLeft"])
        let ltr = try PNGCodec.decode(
            Data(contentsOf: folder.appendingPathComponent("goldens/mirror-rect/frame_0001.png")))
        let rtl = try PNGCodec.decode(
            Data(contentsOf: folder.appendingPathComponent("goldens/mirror-rect-rightToLeft/frame_0001.png")))
        XCTAssertFalse(badgeIsOnTheRight(ltr))
        XCTAssertTrue(badgeIsOnTheRight(rtl))
    }
}
