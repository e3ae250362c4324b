import KinetypeCore
import XCTest

@testable import KinetypeRender

final class ScaleAndDeterminismTests: XCTestCase {
    private func sample(scale: Double) -> FrameState {
        var text = Fixtures.text(
            "Scale keeps the layout: @2x is @1x at twice the pixels, wrapped and centered.", size: 17,
            alignment: .center)
        text.shadow = Shadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.3), radius: 2, x: 1, y: 1)
        var layer = Fixtures.textLayer(text, frame: LayerFrame(x: 15, y: 12, width: 230), alignment: .center)
        layer.rotation = 3
        return Fixtures.frame(width: 260, height: 110, scale: scale, layers: [layer])
    }

    func testDoubleScaleIsTheSameLayoutAtTwiceThePixels() throws {
        let white: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)
        let one = try Fixtures.render(sample(scale: 1))
        let two = try Fixtures.render(sample(scale: 2))
        XCTAssertEqual(two.width, 2 * one.width)
        XCTAssertEqual(two.height, 2 * one.height)
        // Per line band and overall, the ink box at @2x is the @1x box doubled, within 1 px at @1x.
        let a = try XCTUnwrap(one.inkBounds(background: white))
        let b = try XCTUnwrap(two.inkBounds(background: white))
        for (small, large) in [(a.x0, b.x0), (a.y0, b.y0), (a.x1, b.x1), (a.y1, b.y1)] {
            XCTAssertEqual(Double(large), Double(2 * small), accuracy: 2, "ink box @1x \(a) vs @2x \(b)")
        }
        for (scale, image) in [(1, one), (2, two)] {
            XCTAssertGreaterThan(
                image.countPixels { $0.r < 80 }, 100 * scale * scale, "dark glyph pixels at @\(scale)x")
        }
    }

    func testSameStateGivesIdenticalBytesTwiceAndInTwoRenderers() throws {
        let scene = Fixtures.scene(width: 260, height: 110, scale: 2)
        let first = try Fixtures.renderer(scene)
        let second = try Fixtures.renderer(scene)
        let state = sample(scale: 2)
        let a = try first.render(state)
        XCTAssertEqual(try first.render(state).pixels, a.pixels)
        XCTAssertEqual(try second.render(state).pixels, a.pixels)
    }

    func testRenderersOnSeveralThreadsAgree() throws {
        let state = sample(scale: 1)
        let expected = try Fixtures.render(state)
        let results = UnsafeMutableBufferPointer<Image?>.allocate(capacity: 4)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            results[i] = try? Fixtures.renderer(Fixtures.scene(width: 260, height: 110)).render(state)
        }
        for i in 0..<4 { XCTAssertEqual(results[i], expected, "worker \(i)") }
    }
}
