import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeRender

/// Decoded pictures are shared by every renderer; Render decodes bytes and never reads scene paths
/// (reading, limits and diagnostics are the loader's: `SceneImageResolutionTests`).
final class SceneImagesTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kinetype-scene-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { [folder] in try? FileManager.default.removeItem(at: folder!) }
    }

    func testEachPictureIsDecodedOnceAndSharedByEveryRenderer() throws {
        let red = folder.appendingPathComponent("red.png")
        try TestPNG.write(Image(width: 4, height: 2, fill: (255, 0, 0, 255)), to: red)
        let images = try Fixtures.images([red])
        let first = try XCTUnwrap(images.image(atResolvedPath: red.path))
        XCTAssertTrue(
            first === images.image(atResolvedPath: folder.appendingPathComponent("./sub/../red.png").path),
            "two spellings of one path find one picture")
        XCTAssertEqual([first.width, first.height], [4, 2])
        // Two renderers (two workers) over the same decoded bytes draw the same picture.
        let layer = LayerState(
            index: 0, content: .image(ImageContent(src: red.path, fit: .fill)),
            frame: LayerFrame(x: 0, y: 0, width: 40, height: 20))
        let scene = Fixtures.scene(width: 40, height: 20, drawing: [layer])
        let state = Fixtures.frame(width: 40, height: 20, layers: [layer])
        let a = try FrameRenderer(scene: scene, fonts: Fixtures.systemFonts, images: images).render(state)
        let b = try FrameRenderer(scene: scene, fonts: Fixtures.systemFonts, images: images).render(state)
        XCTAssertEqual(a, b)
        XCTAssertTrue(a.pixel(x: 20, y: 10) == (255, 0, 0, 255))
    }

    func testBytesCairoCannotDecodeGiveNoPicture() throws {
        XCTAssertNil(DecodedImage.decodePNG(Data("GIF89a and then some".utf8)))
    }

    /// A renderer resolves every image layer's picture when it is made, so no frame can fail on
    /// one later: a picture missing from its `SceneImages` (a caller that skipped the loader) fails
    /// the renderer's construction, as a render failure with no scene path.
    func testAPictureThatWasNotDecodedFailsTheRendererBeforeAnyFrame() throws {
        let layer = LayerState(
            index: 0, content: .image(ImageContent(src: "/nowhere/x.png")),
            frame: LayerFrame(x: 0, y: 0, width: 40, height: 20))
        XCTAssertThrowsError(try Fixtures.renderer(Fixtures.scene(width: 40, height: 20, drawing: [layer]))) { error in
            let problem = (error as? DiagnosticList)?.diagnostics.first
            XCTAssertEqual(problem?.kind, .renderFailure)
            XCTAssertEqual(problem?.path, "")
            XCTAssertEqual(
                problem?.message, #"the image "/nowhere/x.png" of layers[0] was not decoded before rendering"#)
        }
    }
}
