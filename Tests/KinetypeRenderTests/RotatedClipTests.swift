import KinetypeCore
import XCTest

@testable import KinetypeRender

/// A frame with a fixed width and a fitted height clips along its width only; the fitted side used
/// to reach 10⁷ points, which overflowed Cairo's fixed-point arithmetic once the layer was rotated
/// a few degrees, and the text's shadow vanished while its glyphs still showed.
final class RotatedClipTests: XCTestCase {
    private func frame(rotation: Double, scale: Double) -> FrameState {
        var text = Fixtures.text(
            "Scale keeps the layout: @2x is @1x at twice the pixels, wrapped and centered.", size: 17,
            family: "Inter", alignment: .center)
        text.shadow = Shadow(color: Color(red: 1, green: 0, blue: 0), radius: 2, x: 1, y: 1)
        var layer = Fixtures.textLayer(text, frame: LayerFrame(x: 15, y: 12, width: 230), alignment: .center)
        layer.rotation = rotation
        return Fixtures.frame(width: 260, height: 110, scale: scale, layers: [layer])
    }

    func testAShadowShowsAtEverySmallRotationAndScale() throws {
        for scale in [1.0, 2.0] {
            for rotation in [-3.0, 0, 1, 2, 3, 4, 12] {
                let image = try Fixtures.render(frame(rotation: rotation, scale: scale))
                let red = image.countPixels { Int($0.r) - Int($0.g) > 60 }
                XCTAssertGreaterThan(red, 200 * Int(scale * scale), "shadow at \(rotation)° @\(scale)x")
            }
        }
    }

    func testTheClipReachesFarBeyondTheCanvasAtAnyScale() {
        let box = LayerBox(
            frame: LayerFrame(x: 15, y: 50_000, width: 230), contentWidth: 200, contentHeight: 40)
        let clip = box.clipRect(pixelScale: 4)!
        XCTAssertEqual(clip.x, 15)
        XCTAssertEqual(clip.width, 230)
        XCTAssertLessThanOrEqual(clip.y, 50_000 - 8192)
        XCTAssertGreaterThanOrEqual(clip.y + clip.height, 50_040 + 8192)
        XCTAssertLessThanOrEqual(LayerBox.reach(pixelScale: 4) * 4, 100_000, "in pixels, far below Cairo's limit")
    }
}
