import Foundation
import KinetypeCore
@testable import KinetypeRender
import XCTest

/// Pictures of image layers: read safely, checked by header, decoded once and shared (#11, defect 5).
final class SceneImagesTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-scene-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { [folder] in try? FileManager.default.removeItem(at: folder!) }
    }

    private func scene(_ sources: [String]) -> Scene {
        var scene = Fixtures.scene(width: 40, height: 20)
        scene.baseDirectory = folder
        scene.layers = sources.map { Layer(content: .image(ImageContent(src: $0))) }
        return scene
    }

    private func problems(_ sources: [String]) -> [Diagnostic] {
        do {
            _ = try SceneImages(scene: scene(sources))
            return []
        } catch let list as DiagnosticList {
            return list.diagnostics
        } catch {
            XCTFail("unexpected \(error)")
            return []
        }
    }

    func testEachPictureIsDecodedOnceAndSharedByEveryRenderer() throws {
        try TestPNG.write(Image(width: 4, height: 2, fill: (255, 0, 0, 255)), to: folder.appendingPathComponent("red.png"))
        let scene = scene(["red.png", "./red.png", "red.png"])
        let images = try SceneImages(scene: scene)
        XCTAssertEqual(images.all.count, 1, "two spellings of one file decode once")
        let first = try XCTUnwrap(images.image("red.png", in: scene))
        XCTAssertTrue(first === images.image(folder.appendingPathComponent("red.png").path, in: scene))
        XCTAssertEqual([first.width, first.height], [4, 2])
        // Two renderers (two workers) over the same decoded bytes draw the same picture.
        let state = Fixtures.frame(width: 40, height: 20, layers: [
            LayerState(index: 0, content: .image(ImageContent(src: "red.png", fit: .fill)),
                       frame: LayerFrame(x: 0, y: 0, width: 40, height: 20)),
        ])
        let a = try FrameRenderer(scene: scene, fonts: Fixtures.systemFonts, images: images).render(state)
        let b = try FrameRenderer(scene: scene, fonts: Fixtures.systemFonts, images: images).render(state)
        XCTAssertEqual(a, b)
        XCTAssertTrue(a.pixel(x: 20, y: 10) == (255, 0, 0, 255))
    }

    func testAFileThatIsNotAPNGSaysSo() throws {
        try Data("GIF89a and then some".utf8).write(to: folder.appendingPathComponent("fake.png"))
        let found = problems(["fake.png"])
        XCTAssertEqual(found.map(\.message), ["image \"fake.png\" is not a PNG image"])
        XCTAssertEqual(found.first?.path, "layers[0].src")
    }

    func testAHugePictureIsRefusedFromItsHeader() throws {
        // Only the signature and IHDR: the size alone must refuse it, nothing is decoded.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        png += Array("IHDR".utf8) + [0, 0, 0x3E, 0x80, 0, 0, 0x3E, 0x80, 8, 2, 0, 0, 0, 0, 0, 0, 0]
        try Data(png).write(to: folder.appendingPathComponent("bomb.png"))
        let found = problems(["bomb.png"])
        XCTAssertEqual(found.map(\.message), ["image \"bomb.png\" is 16000×16000 pixels; the limit is 8192 pixels a side"])
        XCTAssertEqual(found.first?.kind, .invalidScene)
    }

    func testADamagedPNGIsRefusedBeforeRendering() throws {
        let url = folder.appendingPathComponent("damaged.png")
        try TestPNG.write(Image(width: 8, height: 8, fill: (0, 128, 255, 255)), to: url)
        var bytes = [UInt8](try Data(contentsOf: url))
        bytes[bytes.count - 20] ^= 0xFF // inside IDAT: its CRC no longer matches
        try Data(bytes).write(to: url)
        XCTAssertEqual(problems(["damaged.png"]).map(\.message), ["image \"damaged.png\" is a damaged or unsupported PNG image"])
    }

    func testAFIFOIsRefusedWithoutBlocking() throws {
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o600), 0)
        XCTAssertEqual(problems(["pipe.png"]).map(\.message), ["image \"pipe.png\" is a FIFO, not a regular file"])
    }
}
