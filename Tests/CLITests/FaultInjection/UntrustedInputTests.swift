import Foundation
import TestSupport
import XCTest

/// Every file kinetype reads, as an adversary would hand it over (#11, defects 5, 6 and 10): FIFOs,
/// decompression bombs, damaged or fake images, paths that leave `--root`, hostile batch names.
final class UntrustedInputTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try KinetypeProcess.temporaryFolder(self)
    }

    // MARK: Support

    /// Runs kinetype; a run that does not end within `seconds` (a hang) is killed and fails the test.
    private func run(_ arguments: [String], in directory: URL? = nil, seconds: Double = 60) throws
        -> KinetypeProcess.Result
    {
        let result = try ChildProcess.run(
            KinetypeProcess.executable, arguments, in: directory ?? folder, timeout: seconds)
        if result.timedOut {
            XCTFail("kinetype \(arguments.joined(separator: " ")) hung (killed after \(Int(seconds)) s)")
        }
        return KinetypeProcess.Result(status: result.status, stdout: result.stdoutText, stderr: result.stderrText)
    }

    private func write(_ text: String, to name: String, in directory: URL? = nil) throws {
        try Data(text.utf8).write(to: (directory ?? folder).appendingPathComponent(name))
    }

    private func write(_ data: Data, to name: String, in directory: URL? = nil) throws {
        try data.write(to: (directory ?? folder).appendingPathComponent(name))
    }

    private func makeFIFO(_ name: String, in directory: URL? = nil) {
        XCTAssertEqual(mkfifo((directory ?? folder).appendingPathComponent(name).path, 0o600), 0)
    }

    /// A one-frame 40×20 scene showing the picture `{{img}}` (default `picture.png`).
    private func writeImageScene(_ name: String = "scene.json", in directory: URL? = nil) throws {
        try write(
            """
            {"canvas": {"width": 40, "height": 20, "fps": 10, "duration": 0.1},
             "vars": {"img": "picture.png"},
             "layers": [{"type": "image", "src": "{{img}}", "frame": {"x": 0, "y": 0, "width": 40, "height": 20}}]}
            """, to: name, in: directory)
    }

    // MARK: Defect 6: FIFOs and other non-regular files

    func testAFIFOAsAnImageIsRefusedPromptlyByValidateAndRender() throws {
        try writeImageScene()
        makeFIFO("pipe.png")
        for command in [["validate", "scene.json"], ["render", "scene.json", "-o", "out.gif", "-q"]] {
            let result = try run(command + ["--set", "img=pipe.png"])
            XCTAssertEqual(result.status, 66, result.stderr)
            XCTAssertTrue(
                result.stderr.contains(
                    "scene.json:3:38: layers[0].src: image \"pipe.png\" is a FIFO, not a regular file"),
                result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.gif").path))
    }

    func testAFIFOAsAFontFileIsRefusedPromptlyByValidateFontsAndRender() throws {
        try write(
            """
            {"canvas": {"width": 40, "height": 20, "fps": 10, "duration": 0.1}, "fonts": ["pipe.ttf"],
             "layers": [{"type": "text", "text": "hi"}]}
            """, to: "scene.json")
        makeFIFO("pipe.ttf")
        for command in [
            ["validate", "scene.json"], ["fonts", "--scene", "scene.json"], ["render", "scene.json", "-o", "out.gif"],
        ] {
            let result = try run(command)
            XCTAssertEqual(result.status, 66, "\(command): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("fonts[0]: font file \"pipe.ttf\" is a FIFO, not a regular file"), result.stderr)
        }
    }

    /// A golden is no input the user names: a FIFO among them is refused without being opened.
    /// (A scene, template or data named on the command line may be a pipe, read once: `StreamTests`.)
    func testAFIFOAsAGoldenIsRefusedPromptly() throws {
        try writeImageScene("good.json")
        try write(CraftedFiles.png(width: 4, height: 4), to: "picture.png")
        let goldens = folder.appendingPathComponent("goldens")
        try FileManager.default.createDirectory(
            at: goldens.appendingPathComponent("good"), withIntermediateDirectories: true)
        makeFIFO("frame_0001.png", in: goldens.appendingPathComponent("good"))
        let frame = try run(["verify", "good.json", "--golden", "goldens", "--record", "never"])
        XCTAssertEqual(frame.status, 66, frame.stderr)
        XCTAssertTrue(frame.stderr.contains("frame_0001.png: the file is a FIFO, not a regular file"), frame.stderr)

        try FileManager.default.removeItem(at: goldens.appendingPathComponent("good"))
        makeFIFO("good.gif", in: goldens)
        let gif = try run(["verify", "good.json", "--golden", "goldens", "--record", "never"])
        XCTAssertEqual(gif.status, 66, gif.stderr)
        XCTAssertTrue(gif.stderr.contains("good.gif: the file is a FIFO, not a regular file"), gif.stderr)
    }

    // MARK: Defect 5: decompression bombs

    func testAPNGBombAsAnImageLayerIsRefusedFromItsHeader() throws {
        try writeImageScene()
        try write(CraftedFiles.pngBomb(width: 16000, height: 16000), to: "picture.png")
        for command in [["validate", "scene.json"], ["render", "scene.json", "-o", "out.gif", "-q"]] {
            let result = try run(command)
            XCTAssertEqual(result.status, 65, result.stderr)
            XCTAssertTrue(
                result.stderr.contains(
                    "layers[0].src: image \"picture.png\" is 16000×16000 pixels; the limit is 8192 pixels a side"),
                result.stderr)
        }
    }

    func testGoldenBombsAreRefusedBeforeDecoding() throws {
        try writeImageScene()
        try write(CraftedFiles.png(width: 4, height: 4), to: "picture.png")
        let goldens = folder.appendingPathComponent("goldens")
        try FileManager.default.createDirectory(
            at: goldens.appendingPathComponent("scene"), withIntermediateDirectories: true)
        try write(
            CraftedFiles.pngBomb(width: 30000, height: 30000), to: "frame_0001.png",
            in: goldens.appendingPathComponent("scene"))
        let png = try run(["verify", "scene.json", "--golden", "goldens", "--record", "never"])
        XCTAssertEqual(png.status, 1, png.stderr)
        XCTAssertTrue(
            png.stderr.contains(
                "golden frame_0001.png is 30000×30000 pixels, the render 40×20; such goldens are not decoded"),
            png.stderr)

        try FileManager.default.removeItem(at: goldens.appendingPathComponent("scene"))
        try write(
            CraftedFiles.gif(screenWidth: 40, screenHeight: 20, frameWidth: 65535, frameHeight: 65535), to: "scene.gif",
            in: goldens)
        let frame = try run(["verify", "scene.json", "--golden", "goldens", "--record", "never"])
        XCTAssertEqual(frame.status, 1, frame.stderr)
        XCTAssertTrue(
            frame.stderr.contains(
                "frame 1 is 65535×65535 pixels, larger than the GIF's 40×20 screen; it is not decoded"), frame.stderr)

        try write(
            CraftedFiles.gif(screenWidth: 30000, screenHeight: 30000, frameWidth: 1, frameHeight: 1), to: "scene.gif",
            in: goldens)
        let screen = try run(["verify", "scene.json", "--golden", "goldens", "--record", "never"])
        XCTAssertEqual(screen.status, 1, screen.stderr)
        XCTAssertTrue(
            screen.stderr.contains("the golden GIF is 30000×30000 pixels, the render 40×20; it is not decoded"),
            screen.stderr)
    }

    // MARK: Defect 10: damaged and fake images

    func testValidateRejectsADamagedPNGAsRenderDoes() throws {
        try writeImageScene()
        var bytes = [UInt8](CraftedFiles.png(width: 8, height: 8))
        bytes[bytes.count - 20] ^= 0xFF // inside IDAT, so its CRC no longer matches
        try write(Data(bytes), to: "picture.png")
        for command in [["validate", "scene.json"], ["render", "scene.json", "-o", "out.gif", "-q"]] {
            let result = try run(command)
            XCTAssertEqual(result.status, 66, result.stderr)
            XCTAssertTrue(
                result.stderr.contains("image \"picture.png\" is a damaged or unsupported PNG image"), result.stderr)
        }
    }

    func testAFileThatIsNotAPNGSaysSoNotOutOfMemory() throws {
        try writeImageScene()
        try write("<svg xmlns='http://www.w3.org/2000/svg'/>", to: "picture.png")
        let result = try run(["render", "scene.json", "-o", "out.gif", "-q"])
        XCTAssertEqual(result.status, 66, result.stderr)
        XCTAssertTrue(result.stderr.contains("image \"picture.png\" is not a PNG image"), result.stderr)
        XCTAssertFalse(result.stderr.contains("out of memory"), result.stderr)
    }

    // MARK: Defect 10: --root

    func testRootConfinesEveryFileASceneNames() throws {
        let root = folder.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try writeImageScene(in: root)
        try write(CraftedFiles.png(width: 4, height: 4), to: "picture.png", in: root)
        try write(CraftedFiles.png(width: 4, height: 4), to: "secret.png")
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("link.png").path,
            withDestinationPath: folder.appendingPathComponent("secret.png").path)

        let inside = try run(["render", "root/scene.json", "--root", "root", "-o", "out.gif", "-q"])
        XCTAssertEqual(inside.status, 0, inside.stderr)
        let escapes = [
            "../secret.png", "../no-such.png", folder.appendingPathComponent("secret.png").path,
            "/no/such/file.png", "link.png",
        ]
        for escape in escapes {
            for command in [["validate", "root/scene.json"], ["render", "root/scene.json", "-o", "out.gif", "-q"]] {
                let result = try run(command + ["--root", "root", "--set", "img=\(escape)"])
                XCTAssertEqual(result.status, 66, "\(escape): \(result.stderr)")
                XCTAssertTrue(
                    result.stderr.contains("layers[0].src: image \"\(escape)\" is outside the root folder"),
                    "\(escape): \(result.stderr)")
            }
        }
        // The same scene without --root may read the file next door, as before.
        let unconfined = try run(["validate", "root/scene.json", "--set", "img=../secret.png"])
        XCTAssertEqual(unconfined.status, 0, unconfined.stderr)
    }

    func testRootAppliesToBatchDataValuesAndVerify() throws {
        let root = folder.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try writeImageScene(in: root)
        try write(CraftedFiles.png(width: 4, height: 4), to: "secret.png")
        try write(#"[{"output": "a", "img": "../secret.png"}]"#, to: "data.json")
        let batch = try run(["batch", "root/scene.json", "--data", "data.json", "--root", "root", "-o", "batch"])
        XCTAssertEqual(batch.status, 1, batch.stderr + batch.stdout)
        XCTAssertTrue((batch.stderr + batch.stdout).contains("is outside the root folder"), batch.stderr + batch.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("batch/a.gif").path))

        let verify = try run([
            "verify", "root/scene.json", "--golden", "goldens", "--root", "root", "--set", "img=../secret.png",
        ])
        XCTAssertEqual(verify.status, 66, verify.stderr)
        XCTAssertTrue(verify.stderr.contains("is outside the root folder"), verify.stderr)

        let notAFolder = try run(["validate", "root/scene.json", "--root", "data.json"])
        XCTAssertEqual(notAFolder.status, 64, notAFolder.stderr)
    }

    // MARK: Defect 10: batch names and verify --golden

    func testBatchRefusesInvisibleAndReservedOutputNames() throws {
        try writeImageScene()
        try write(CraftedFiles.png(width: 4, height: 4), to: "picture.png")
        for name in ["a\\u007fb", "evil\\u202egif.png", "zero\\u200bwidth", ".kinetype", ".KINETYPE"] {
            try write(#"[{"output": "\#(name)"}]"#, to: "data.json")
            let result = try run(["batch", "scene.json", "--data", "data.json", "--format", "png", "-o", "batch"])
            XCTAssertEqual(result.status, 65, "\(name): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("data.json:1:13: [0].output: output name"), "\(name): \(result.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("batch").path))
    }

    func testVerifyGoldenNamingAFileIsAUsageError() throws {
        try writeImageScene()
        try write(CraftedFiles.png(width: 4, height: 4), to: "picture.png")
        try write("not a folder", to: "goldens")
        let result = try run(["verify", "scene.json", "--golden", "goldens"])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("--golden takes the folder of golden sets, but \"goldens\" is a file"), result.stderr
        )
        XCTAssertFalse(result.stderr.contains("Error Domain"), result.stderr)
    }
}
