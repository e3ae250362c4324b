import Foundation
import KinetypeEncode
import XCTest

@testable import Kinetype

/// The loader's picture stage: read safely, checked by header, each problem at its `layers[i].src`
/// (#11, defect 5; moved out of Render in #12).
final class SceneImageResolutionTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TestScenes.temporaryFolder(self)
    }

    private func scene(_ sources: [String]) -> Scene {
        var scene = Scene(canvas: Canvas(width: 40, height: 20), layers: [Layer(content: .rect)])
        scene.baseDirectory = folder
        scene.layers += sources.map { Layer(content: .image(ImageContent(src: $0))) }
        return scene
    }

    private func problems(_ sources: [String]) -> [Diagnostic] {
        do {
            _ = try SceneImageResolution.decode(scene(sources))
            return []
        } catch {
            return DiagnosticList(describing: error).diagnostics
        }
    }

    func testTwoSpellingsOfOneFileDecodeOnce() throws {
        let red = folder.appendingPathComponent("red.png")
        try PNGCodec.encode(Image(width: 4, height: 2, fill: (255, 0, 0, 255))).write(to: red)
        let images = try SceneImageResolution.decode(scene(["red.png", "./red.png"]))
        XCTAssertEqual(images.image(atResolvedPath: red.path)?.width, 4)
        XCTAssertTrue(
            images.image(atResolvedPath: red.path) === images.image(atResolvedPath: folder.path + "/./red.png"))
    }

    func testAMissingPictureIsAMissingInputAtItsSource() {
        let found = problems(["no-such-picture.png"])
        XCTAssertEqual(found.map(\.kind), [.missingInput])
        XCTAssertEqual(found.first?.path, "layers[1].src")
        XCTAssertTrue(found.first?.message.contains("no-such-picture.png") == true)
    }

    func testAFileThatIsNotAPNGSaysSo() throws {
        try Data("GIF89a and then some".utf8).write(to: folder.appendingPathComponent("fake.png"))
        let found = problems(["fake.png"])
        XCTAssertEqual(found.map(\.message), ["image \"fake.png\" is not a PNG image"])
        XCTAssertEqual(found.first?.path, "layers[1].src")
    }

    func testAHugePictureIsRefusedFromItsHeader() throws {
        // Only the signature and IHDR: the size alone must refuse it, nothing is decoded.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        png += Array("IHDR".utf8) + [0, 0, 0x3E, 0x80, 0, 0, 0x3E, 0x80, 8, 2, 0, 0, 0, 0, 0, 0, 0]
        try Data(png).write(to: folder.appendingPathComponent("bomb.png"))
        let found = problems(["bomb.png"])
        XCTAssertEqual(
            found.map(\.message), ["image \"bomb.png\" is 16000×16000 pixels; the limit is 8192 pixels a side"])
        XCTAssertEqual(found.first?.kind, .invalidScene)
    }

    func testADamagedPNGIsRefusedBeforeRendering() throws {
        let url = folder.appendingPathComponent("damaged.png")
        var bytes = [UInt8](try PNGCodec.encode(Image(width: 8, height: 8, fill: (0, 128, 255, 255))))
        bytes[bytes.count - 20] ^= 0xFF // inside IDAT: its CRC no longer matches
        try Data(bytes).write(to: url)
        XCTAssertEqual(
            problems(["damaged.png"]).map(\.message), ["image \"damaged.png\" is a damaged or unsupported PNG image"])
    }

    func testAFIFOIsRefusedWithoutBlocking() throws {
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o600), 0)
        XCTAssertEqual(problems(["pipe.png"]).map(\.message), ["image \"pipe.png\" is a FIFO, not a regular file"])
    }

    func testEveryProblemIsReportedInLayerOrder() throws {
        try Data("nope".utf8).write(to: folder.appendingPathComponent("fake.png"))
        XCTAssertEqual(problems(["missing.png", "fake.png"]).map(\.path), ["layers[1].src", "layers[2].src"])
    }
}
