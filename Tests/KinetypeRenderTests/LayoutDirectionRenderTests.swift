import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeRender

/// Right-to-left layouts drawn: frames from the trailing edge, flipped offsets, mirrored alignments
/// and paddings, images and gradients mirrored only when asked; and `auto` detection.
final class LayoutDirectionRenderTests: XCTestCase {
    private let white: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)

    private func render(
        _ layers: [LayerState], direction: LayoutDirection, width: Double = 100, height: Double = 40,
        images: SceneImages = .none
    ) throws -> Image {
        var scene = Fixtures.scene(width: width, height: height, drawing: layers)
        scene.canvas.layoutDirection = direction
        let renderer = try FrameRenderer(scene: scene, fonts: Fixtures.systemFonts, images: images)
        return try renderer.render(Fixtures.frame(width: width, height: height, layers: layers))
    }

    private func rect(_ frame: LayerFrame, offset: Point = .zero, background: Fill = .color(.black)) -> LayerState {
        LayerState(index: 0, content: .rect, frame: frame, background: background, offset: offset)
    }

    func testRectFramesArePlacedFromTheTrailingEdge() throws {
        let layer = rect(LayerFrame(x: 10, y: 10, width: 20, height: 20))
        let ltr = try XCTUnwrap(try render([layer], direction: .leftToRight).inkBounds(background: white))
        let rtl = try XCTUnwrap(try render([layer], direction: .rightToLeft).inkBounds(background: white))
        XCTAssertEqual([ltr.x0, ltr.x1, ltr.y0, ltr.y1], [10, 30, 10, 30])
        XCTAssertEqual([rtl.x0, rtl.x1, rtl.y0, rtl.y1], [70, 90, 10, 30])
    }

    func testOffsetXFlipsAndOffsetYDoesNot() throws {
        let layer = rect(LayerFrame(x: 10, y: 10, width: 20, height: 10), offset: Point(x: 5, y: 3))
        let ltr = try XCTUnwrap(try render([layer], direction: .leftToRight).inkBounds(background: white))
        let rtl = try XCTUnwrap(try render([layer], direction: .rightToLeft).inkBounds(background: white))
        XCTAssertEqual([ltr.x0, ltr.x1, ltr.y0, ltr.y1], [15, 35, 13, 23])
        XCTAssertEqual([rtl.x0, rtl.x1, rtl.y0, rtl.y1], [65, 85, 13, 23])
    }

    func testFittedTextFrameStartsAtTheTrailingEdge() throws {
        let text = Fixtures.text("Hello", size: 14)
        let layer = Fixtures.textLayer(text, frame: LayerFrame(x: 10, y: 5))
        let ltr = try XCTUnwrap(try render([layer], direction: .leftToRight).inkBounds(background: white))
        let rtl = try XCTUnwrap(try render([layer], direction: .rightToLeft).inkBounds(background: white))
        XCTAssertEqual(ltr.x0, 11, accuracy: 2, "starts 10 pt from the left")
        XCTAssertEqual(rtl.x1, 89, accuracy: 2, "ends 10 pt from the right")
        XCTAssertEqual(ltr.x1 - ltr.x0, rtl.x1 - rtl.x0, accuracy: 1, "same glyphs")
        XCTAssertEqual(ltr.y0, rtl.y0)
    }

    func testLeadingAlignmentAndPaddingMirrorForLeftToRightText() throws {
        // A latin word in a fixed frame: leading is the left in a left-to-right layout and the
        // right in a right-to-left one, padding included (as in SwiftUI, whatever the text).
        let text = Fixtures.text("Hi", size: 14)
        let layer = Fixtures.textLayer(
            text, frame: LayerFrame(x: 0, y: 0, width: 100, height: 40), alignment: .leading,
            padding: EdgeInsets(top: 0, leading: 12, bottom: 0, trailing: 0))
        let ltr = try XCTUnwrap(try render([layer], direction: .leftToRight).inkBounds(background: white))
        let rtl = try XCTUnwrap(try render([layer], direction: .rightToLeft).inkBounds(background: white))
        XCTAssertEqual(ltr.x0, 13, accuracy: 2)
        XCTAssertEqual(rtl.x1, 87, accuracy: 2)
        // trailing alignment goes the other way.
        let trailing = Fixtures.textLayer(
            text, frame: LayerFrame(x: 0, y: 0, width: 100, height: 40), alignment: .trailing)
        let rtlTrailing = try XCTUnwrap(try render([trailing], direction: .rightToLeft).inkBounds(background: white))
        XCTAssertEqual(rtlTrailing.x0, 1, accuracy: 2)
    }

    func testMultiLineLeftToRightTextAlignsItsLinesToTheLeadingSide() throws {
        // Two lines, the second much shorter: in a right-to-left layout both end at the right.
        let text = Fixtures.text("WWWWWW\nii", size: 14)
        let layer = Fixtures.textLayer(text, frame: LayerFrame(x: 0, y: 0, width: 100, height: 40))
        let image = try render([layer], direction: .rightToLeft)
        let first = try XCTUnwrap(rows(image, 0..<20).inkBounds(background: white))
        let second = try XCTUnwrap(rows(image, 20..<40).inkBounds(background: white))
        XCTAssertEqual(first.x1, second.x1, accuracy: 3, "lines end at the same (right) side")
        XCTAssertGreaterThan(second.x0, 70)
        let ltr = try render([layer], direction: .leftToRight)
        XCTAssertLessThan(try XCTUnwrap(rows(ltr, 20..<40).inkBounds(background: white)).x1, 30)
    }

    func testImagesMirrorTheirFrameAndFlipPixelsOnlyWhenAsked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-rtl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        // A 20×10 picture (drawn at one pixel per point): red on the left half, blue on the right.
        let file = folder.appendingPathComponent("pair.png")
        var picture = Image(width: 20, height: 10, fill: (255, 0, 0, 255))
        for y in 0..<10 {
            for x in 10..<20 {
                picture.pixels.replaceSubrange((y * 20 + x) * 4..<(y * 20 + x) * 4 + 4, with: [0, 0, 255, 255])
            }
        }
        try TestPNG.write(picture, to: file)
        let images = try Fixtures.images([file])
        func layer(flips: Bool) -> LayerState {
            LayerState(
                index: 0,
                content: .image(ImageContent(src: file.path, fit: .fill, flipsForRightToLeftLayoutDirection: flips)),
                frame: LayerFrame(x: 0, y: 0, width: 20, height: 10))
        }
        let kept = try render([layer(flips: false)], direction: .rightToLeft, images: images)
        XCTAssertTrue(kept.pixel(x: 82, y: 5) == (255, 0, 0, 255), "\(kept.pixel(x: 82, y: 5))")
        XCTAssertTrue(kept.pixel(x: 97, y: 5) == (0, 0, 255, 255), "\(kept.pixel(x: 97, y: 5))")
        XCTAssertTrue(kept.pixel(x: 5, y: 5) == (255, 255, 255, 255), "the frame moved to the right")
        let flipped = try render([layer(flips: true)], direction: .rightToLeft, images: images)
        XCTAssertTrue(flipped.pixel(x: 82, y: 5) == (0, 0, 255, 255), "\(flipped.pixel(x: 82, y: 5))")
        XCTAssertTrue(flipped.pixel(x: 97, y: 5) == (255, 0, 0, 255), "\(flipped.pixel(x: 97, y: 5))")
        let leftToRight = try render([layer(flips: true)], direction: .leftToRight, images: images)
        XCTAssertTrue(leftToRight.pixel(x: 2, y: 5) == (255, 0, 0, 255), "no flip left to right")
    }

    func testGradientAnglesAreKeptUnlessTheyMirror() throws {
        func leftAndRight(mirrors: Bool, direction: LayoutDirection) throws -> (UInt8, UInt8) {
            let fill = Fill.linear(from: .black, to: .white, angle: 0, mirrorsInRightToLeft: mirrors)
            let image = try render(
                [rect(LayerFrame(x: 0, y: 0, width: 100, height: 40), background: fill)], direction: direction)
            return (image.pixel(x: 2, y: 20).r, image.pixel(x: 97, y: 20).r)
        }
        let kept = try leftAndRight(mirrors: false, direction: .rightToLeft)
        XCTAssertLessThan(kept.0, 20)
        XCTAssertGreaterThan(kept.1, 235)
        let mirrored = try leftAndRight(mirrors: true, direction: .rightToLeft)
        XCTAssertGreaterThan(mirrored.0, 235)
        XCTAssertLessThan(mirrored.1, 20)
        let ltr = try leftAndRight(mirrors: true, direction: .leftToRight)
        XCTAssertLessThan(ltr.0, 20)
    }

    func testFirstStrongCharacterDecides() {
        XCTAssertEqual(TextDirection.firstStrong(in: "123, שלום world"), .rightToLeft)
        XCTAssertEqual(TextDirection.firstStrong(in: "✦  مزامنة أسرع"), .rightToLeft)
        XCTAssertEqual(TextDirection.firstStrong(in: "«2.4» Version الإصدار"), .leftToRight)
        XCTAssertEqual(TextDirection.firstStrong(in: "メモ"), .leftToRight)
        XCTAssertNil(TextDirection.firstStrong(in: "2.4 ✦ 🎉 …"))
        XCTAssertNil(TextDirection.firstStrong(in: ""))
    }

    func testAutoTakesTheFirstStrongCharacterOfTheScenesText() {
        func scene(_ texts: [String], direction: LayoutDirection = .auto, script: [String] = []) -> Scene {
            var layers = [Layer(content: .rect)]
            layers += texts.map { Layer(content: .text(TextContent(text: $0))) }
            if !script.isEmpty {
                var typewriter = Typewriter()
                typewriter.script = script.map(ScriptStep.type)
                var layer = Layer(content: .text(TextContent(text: "")))
                layer.animations = [Animation(kind: .typewriter(typewriter))]
                layers.insert(layer, at: 1)
            }
            var scene = Fixtures.scene(width: 10, height: 10, layers: layers)
            scene.canvas.layoutDirection = direction
            return scene
        }
        XCTAssertEqual(scene(["2.4", "ملاحظات", "Notes"]).resolvedLayoutDirection, .rightToLeft)
        XCTAssertEqual(scene(["2.4", "Notes", "ملاحظات"]).resolvedLayoutDirection, .leftToRight)
        XCTAssertEqual(scene(["2.4", "…"]).resolvedLayoutDirection, .leftToRight, "no strong character")
        XCTAssertEqual(scene(["Notes"], script: ["  ", "שלום"]).resolvedLayoutDirection, .rightToLeft)
        XCTAssertEqual(scene(["ملاحظات"], direction: .leftToRight).resolvedLayoutDirection, .leftToRight)
        XCTAssertEqual(scene(["Notes"], direction: .rightToLeft).resolvedLayoutDirection, .rightToLeft)
    }

    /// The rows `range` of `image`, as an image of its own.
    private func rows(_ image: Image, _ range: Range<Int>) -> Image {
        let stride = image.width * 4
        return Image(
            width: image.width, height: range.count,
            pixels: Array(image.pixels[(range.lowerBound * stride)..<(range.upperBound * stride)]))
    }
}
