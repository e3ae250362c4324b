import Foundation
import XCTest

@testable import KinetypeCore

/// Regular-file reading, `--root` confinement, image headers and batch output names (#11, defects 5, 6, 10).
final class InputFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-inputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { [folder] in try? FileManager.default.removeItem(at: folder!) }
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func write(_ name: String, _ text: String = "x") throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(name).deletingLastPathComponent(),
            withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    private func readError(_ path: String, limit: Int64 = 1 << 20) -> InputFileError? {
        do throws(InputFileError) {
            _ = try RegularFile.read(path, limit: limit)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Regular files

    func testAFIFOIsRefusedWithoutBlocking() throws {
        XCTAssertEqual(mkfifo(path("pipe"), 0o600), 0)
        XCTAssertEqual(readError(path("pipe")), .notRegular("a FIFO"))
        XCTAssertThrowsError(try RegularFile.check(path("pipe"), limit: 100))
    }

    func testFoldersDevicesAndMissingFilesAreRefused() {
        XCTAssertEqual(readError(folder.path), .notRegular("a folder"))
        XCTAssertEqual(readError("/dev/zero"), .notRegular("a device"))
        XCTAssertEqual(readError(path("nothing")), .missing)
        XCTAssertEqual(readError(path("nothing/below")), .missing)
    }

    func testSizeIsCheckedBeforeReading() throws {
        try write("big", String(repeating: "a", count: 2000))
        XCTAssertEqual(readError(path("big"), limit: 1000), .tooLarge(size: 2000, limit: 1000))
        XCTAssertEqual(try RegularFile.read(path("big"), limit: 2000).count, 2000)
        XCTAssertEqual(InputFileError.tooLarge(size: 2000, limit: 1000).kind, .invalidScene)
        XCTAssertEqual(InputFileError.notRegular("a FIFO").kind, .missingInput)
    }

    // MARK: Reading beneath a folder

    private func readBeneath(_ name: String, _ folder: String, limit: Int64 = 1 << 20, prefix: Int? = nil)
        -> Result<Data, InputFileError>
    {
        Result { () throws(InputFileError) in try RegularFile.read(name, beneath: folder, limit: limit, prefix: prefix)
        }
    }

    func testReadingBeneathAFolderTakesOnlyPlainNamesBelowIt() throws {
        try write("art/card/frame_1.diff.png", "inside")
        try write("secret.txt", "secret")
        let art = path("art")
        XCTAssertEqual(try readBeneath("card/frame_1.diff.png", art).get(), Data("inside".utf8))
        XCTAssertEqual(try readBeneath("card/frame_1.diff.png", art, prefix: 3).get(), Data("ins".utf8))
        for escape in [
            "../secret.txt", "card/../../secret.txt", "/etc/passwd", path("secret.txt"), "", "card//frame_1.diff.png",
            "./card/frame_1.diff.png", "card/", "..",
        ] {
            XCTAssertEqual(readBeneath(escape, art), .failure(.outsideRoot), escape)
        }
        XCTAssertEqual(readBeneath("card/none.png", art), .failure(.missing))
        XCTAssertEqual(readBeneath("none/frame_1.diff.png", art), .failure(.missing))
        XCTAssertEqual(readBeneath("card/frame_1.diff.png/x", art), .failure(.missing), "a file is not a folder")
        XCTAssertEqual(readBeneath("card/frame_1.diff.png", path("nothing")), .failure(.missing))
    }

    func testReadingBeneathAFolderFollowsNoLink() throws {
        try write("art/card/frame_1.diff.png", "inside")
        try write("secret.txt", "secret")
        let art = path("art")
        let links = [
            ("art/card/out.png", path("secret.txt")), ("art/card/in.png", "frame_1.diff.png"),
            ("art/up", ".."), ("art/self", "card"),
        ]
        for (link, target) in links {
            try FileManager.default.createSymbolicLink(atPath: path(link), withDestinationPath: target)
        }
        for name in ["card/out.png", "card/in.png", "up/secret.txt", "self/frame_1.diff.png"] {
            XCTAssertEqual(readBeneath(name, art), .failure(.notRegular("a symbolic link")), name)
        }
        XCTAssertEqual(mkfifo(path("art/card/pipe.png"), 0o600), 0)
        XCTAssertEqual(readBeneath("card/pipe.png", art), .failure(.notRegular("a FIFO")), "refused without blocking")
        XCTAssertEqual(readBeneath("card", art), .failure(.notRegular("a folder")))
        // The folder itself is the caller's and may be reached through a link.
        try FileManager.default.createSymbolicLink(atPath: path("alias"), withDestinationPath: art)
        XCTAssertEqual(try readBeneath("card/frame_1.diff.png", path("alias")).get(), Data("inside".utf8))
    }

    func testReadingBeneathAFolderChecksTheSizeFirst() throws {
        try write("art/big.png")
        let handle = try FileHandle(forWritingTo: folder.appendingPathComponent("art/big.png"))
        try handle.truncate(atOffset: 5000)
        try handle.close()
        XCTAssertEqual(readBeneath("big.png", path("art"), limit: 4096), .failure(.tooLarge(size: 5000, limit: 4096)))
        XCTAssertEqual(
            readBeneath("big.png", path("art"), limit: 4096, prefix: 8), .failure(.tooLarge(size: 5000, limit: 4096)),
            "the limit is the whole file's, even for its first bytes")
    }

    // MARK: --root

    private func confine(_ path: String, root: String) -> Result<String, InputFileError> {
        Result { () throws(InputFileError) in try InputRoot(root).confine(path) }
    }

    func testRootAllowsFilesInsideAfterResolvingDotDot() throws {
        try write("root/logo.png")
        try write("root/sub/keep")
        let real = try InputRoot(path("root")).path
        XCTAssertEqual(try confine(path("root/sub/../logo.png"), root: path("root")).get(), real + "/logo.png")
        XCTAssertEqual(confine(path("root/missing.png"), root: path("root")), .failure(.missing))
        XCTAssertEqual(confine(path("root/sub/nothing/../missing.png"), root: path("root")), .failure(.missing))
    }

    func testRootRefusesEscapesAlikeWhetherOrNotTheyExist() throws {
        try write("root/logo.png")
        try write("secret.png")
        let root = path("root")
        for escape in [
            path("secret.png"), path("root/../secret.png"), path("root/../no-such.png"), "/etc/passwd",
            "/no/such/file.png", path("root/nothing/../../secret.png"),
        ] {
            XCTAssertEqual(confine(escape, root: root), .failure(.outsideRoot), escape)
        }
    }

    func testRootRefusesSymlinksThatLeaveIt() throws {
        try write("root/logo.png")
        try write("secret.png")
        try FileManager.default.createSymbolicLink(
            atPath: path("root/link.png"), withDestinationPath: path("secret.png"))
        try FileManager.default.createSymbolicLink(
            atPath: path("root/dangling.png"), withDestinationPath: "/no/such/file")
        try FileManager.default.createSymbolicLink(atPath: path("root/out"), withDestinationPath: folder.path)
        try FileManager.default.createSymbolicLink(atPath: path("root/inner.png"), withDestinationPath: "logo.png")
        let root = path("root")
        XCTAssertEqual(confine(path("root/link.png"), root: root), .failure(.outsideRoot))
        XCTAssertEqual(confine(path("root/dangling.png"), root: root), .failure(.outsideRoot))
        XCTAssertEqual(confine(path("root/out/secret.png"), root: root), .failure(.outsideRoot))
        XCTAssertEqual(confine(path("root/out/no-such.png"), root: root), .failure(.outsideRoot))
        XCTAssertEqual(try confine(path("root/inner.png"), root: root).get(), try InputRoot(root).path + "/logo.png")
    }

    func testSceneInputPathsUseTheRoot() throws {
        try write("root/logo.png")
        try write("secret.png")
        var scene = Scene(
            canvas: Canvas(width: 10, height: 10), layers: [], baseDirectory: folder.appendingPathComponent("root"))
        XCTAssertNoThrow(try scene.readInput("../secret.png", limit: 100), "without a root any file can be read")
        scene.inputRoot = try InputRoot(path("root"))
        XCTAssertEqual(try scene.readInput("logo.png", limit: 100), Data("x".utf8))
        XCTAssertThrowsError(try scene.readInput("../secret.png", limit: 100)) { error in
            XCTAssertEqual(error as? InputFileError, .outsideRoot)
        }
        let diagnostic = scene.diagnostic(.outsideRoot, what: "image", file: "../secret.png", at: "layers[0].src")
        XCTAssertEqual(diagnostic.message, "image \"../secret.png\" is outside the root folder")
        XCTAssertFalse((diagnostic.hint ?? "").contains(folder.path), "says nothing about where the file is")
    }

    // MARK: Image headers

    func testPNGSizeComesFromTheHeader() {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        png += Array("IHDR".utf8) + [0, 0, 0x3E, 0x80, 0, 0, 0x3E, 0x80, 8, 0, 0, 0, 0]
        XCTAssertEqual(ImageHeader.pngSize(Data(png)).map { [$0.width, $0.height] }, [16000, 16000])
        XCTAssertNil(ImageHeader.pngSize(Data("GIF89a, not a PNG at all".utf8)))
        XCTAssertEqual(
            ImageLimits.imageLayer.problem(width: 16000, height: 16000),
            "is 16000×16000 pixels; the limit is 8192 pixels a side")
        XCTAssertNotNil(ImageLimits.imageLayer.problem(width: 8192, height: 8192))
        XCTAssertNil(ImageLimits.imageLayer.problem(width: 8192, height: 4096))
    }

    func testGIFLayoutListsEveryImageDescriptor() {
        var gif = Array("GIF89a".utf8) + [40, 0, 20, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        gif += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]
        gif += [0x2C, 0, 0, 0, 0, 40, 0, 20, 0, 0, 2, 2, 0x44, 0x01, 0]
        gif += [0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 2, 0]
        gif += [0x3B]
        let layout = ImageHeader.gifLayout(Data(gif))
        XCTAssertEqual(layout?.width, 40)
        XCTAssertEqual(layout?.height, 20)
        XCTAssertEqual(layout?.frames.map(\.width), [40, 65535])
        XCTAssertNil(ImageHeader.gifLayout(Data("not a gif".utf8)))
    }

    // MARK: Batch output names

    func testOutputNamesRefuseInvisibleAndHiddenNames() {
        for name in [
            "a\u{7F}b", "x\u{202E}fig.gif", "zero\u{200B}width", "soft\u{AD}hyphen", "line\u{2028}break",
            "c1\u{85}", ".kinetype", ".KINETYPE", ".hidden",
        ] {
            XCTAssertNotNil(BatchData.outputNameProblem(name), name)
        }
        for name in ["notes-en", "ملاحظات", "日本語", "emoji-🎉", "a.b"] {
            XCTAssertNil(BatchData.outputNameProblem(name), name)
        }
    }

    func testEveryByteIsReadWhateverTheFilesSize() throws {
        for size in [0, 1, 4095, 4096, 4097, 65_535, 65_536, 65_537, 200_000] {
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
            let path = folder.appendingPathComponent("file-\(size)").path
            try bytes.write(to: URL(fileURLWithPath: path))
            XCTAssertEqual(try RegularFile.read(path, limit: 1 << 20), bytes, "\(size) bytes")
            if size > 0 { XCTAssertThrowsError(try RegularFile.read(path, limit: Int64(size) - 1), "\(size) bytes") }
        }
    }
}
