import Foundation
import KinetypeCore
import TestSupport
import XCTest

@testable import KinetypeRender

/// Golden images of layer decoration and transforms, rect and image layers, canvas backgrounds.
final class DecorationGoldenTests: XCTestCase {
    private let indigo = Color(red: 0.29, green: 0.25, blue: 0.85)
    private let pink = Color(red: 0.95, green: 0.35, blue: 0.55)

    func testDecoration() throws {
        var title = Fixtures.text("Gradient card", size: 22, color: .white)
        title.shadow = Shadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.6), radius: 4, x: 0, y: 2)
        var card = Fixtures.textLayer(
            title, frame: LayerFrame(x: 20, y: 20, width: 220, height: 80), alignment: .center)
        card.background = .linear(from: indigo, to: pink, angle: 0)
        card.cornerRadius = 16

        var bordered = Fixtures.textLayer(
            Fixtures.text("Border", size: 17), frame: LayerFrame(x: 260, y: 20, width: 120, height: 80),
            alignment: .center)
        bordered.border = Border(color: indigo, width: 3)
        bordered.cornerRadius = 12

        var rotated = Fixtures.textLayer(
            Fixtures.text("Rotated 12°", size: 17, color: .white),
            frame: LayerFrame(x: 30, y: 130, width: 150, height: 44), alignment: .center)
        rotated.background = .color(indigo)
        rotated.cornerRadius = 8
        rotated.rotation = 12

        var faded = Fixtures.textLayer(
            Fixtures.text("Opacity 50%, scaled", size: 15),
            frame: LayerFrame(x: 210, y: 130, width: 170, height: 44), alignment: .center)
        faded.background = .linear(
            from: Color(red: 1, green: 0.9, blue: 0.5), to: Color(red: 0.5, green: 0.9, blue: 1), angle: 90)
        faded.opacity = 0.5
        faded.scale = 0.8
        faded.offset = Point(x: 0, y: 10)

        var rect = LayerState(index: 4, content: .rect, frame: LayerFrame(x: 20, y: 200, width: 360, height: 10))
        rect.background = .linear(from: pink, to: indigo, angle: 0)
        rect.cornerRadius = 5

        for scale in [1.0, 2.0] {
            let frame = Fixtures.frame(
                width: 400, height: 230, scale: scale,
                background: .linear(from: Color(red: 0.96, green: 0.97, blue: 1), to: .white, angle: 90),
                layers: [card, bordered, rotated, faded, rect])
            Goldens.assertMatches(try Fixtures.render(frame), "decoration@\(Int(scale))x")
        }
    }

    func testTransparentCanvasHasZeroAlphaAndStraightColors() throws {
        var rect = LayerState(index: 0, content: .rect, frame: LayerFrame(x: 2, y: 2, width: 6, height: 6))
        rect.background = .color(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        let image = try Fixtures.render(Fixtures.frame(width: 10, height: 10, background: .transparent, layers: [rect]))
        XCTAssertTrue(image.pixel(x: 0, y: 0) == (0, 0, 0, 0), "transparent canvas is all zero")
        let inside = image.pixel(x: 5, y: 5)
        XCTAssertEqual(inside.a, 128)
        XCTAssertEqual(inside.r, 255, "straight (unpremultiplied) red")
        XCTAssertEqual(Double(inside.g), 127.5, accuracy: 1.5)
        XCTAssertEqual(inside.b, 0)
    }

    func testImageLayerFits() throws {
        // A 40×20 picture: left half red, right half blue.
        var pixels: [UInt8] = []
        for _ in 0..<20 { for x in 0..<40 { pixels += x < 20 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        let folder = try ScratchFolder.make(for: self)
        let png = folder.appendingPathComponent("halves.png")
        try TestPNG.write(Image(width: 40, height: 20, pixels: pixels), to: png)

        var scene = Fixtures.scene(width: 200, height: 60, layers: [])
        scene.baseDirectory = folder
        scene.layers = ImageFit.allCases.map { Layer(content: .image(ImageContent(src: "halves.png", fit: $0))) }
        let renderer = try FrameRenderer(scene: scene, fonts: Fixtures.systemFonts, images: Fixtures.images([png]))
        let layers = ImageFit.allCases.enumerated().map { i, fit -> LayerState in
            var layer = LayerState(
                index: i, content: .image(ImageContent(src: png.path, fit: fit)),
                frame: LayerFrame(x: 10 + Double(i) * 65, y: 10, width: 50, height: 40), alignment: .center)
            layer.border = Border(color: .black, width: 1)
            return layer
        }
        let image = try renderer.render(Fixtures.frame(width: 200, height: 60, layers: layers))
        Goldens.assertMatches(image, "image-fit@1x")
        // contain: 50×25 centered, so the frame's top rows stay white; cover and fill reach them.
        XCTAssertTrue(image.pixel(x: 20, y: 14) == (255, 255, 255, 255))
        XCTAssertTrue(image.pixel(x: 85, y: 14) == (255, 0, 0, 255))
        XCTAssertTrue(image.pixel(x: 150, y: 14) == (255, 0, 0, 255))
    }
}
