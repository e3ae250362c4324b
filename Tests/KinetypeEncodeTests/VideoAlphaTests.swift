import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeEncode

/// Alpha channels, mattes, BT.709 color and CRF of the video formats, checked by decoding the
/// files back with ffmpeg.
final class VideoAlphaTests: XCTestCase {
    /// Half-transparent red on the left half, opaque blue on the right (`width` × 16).
    private func halfAlphaFrame(width: Int = 32) -> Image {
        var image = Image(width: width, height: 16, fill: (200, 30, 40, 128))
        TestImages.fill(&image, x: width / 2, y: 0, width: width / 2, height: 16, color: (30, 60, 220, 255))
        return image
    }

    private func write(
        _ format: VideoFormat, frames: [Image], options: VideoOptions, in folder: URL, name: String = "clip"
    ) throws -> URL {
        let url = folder.appendingPathComponent("\(name).\(format.rawValue)")
        let frame = frames[0]
        let writer = try VideoWriter(
            url: url, width: frame.width, height: frame.height, fps: 10, format: format, options: options)
        for frame in frames { try writer.write(frame) }
        try writer.finish()
        return url
    }

    private func pixel(_ image: Image, x: Int, y: Int) -> [Int] {
        let offset = (y * image.width + x) * 4
        return (0..<4).map { Int(image.pixels[offset + $0]) }
    }

    private func assertClose(
        _ actual: [Int], _ expected: [Int], tolerance: Int, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let off = zip(actual, expected).map { abs($0 - $1) }.max() ?? 0
        XCTAssertLessThanOrEqual(
            off, tolerance, "\(message): decoded \(actual), expected \(expected)", file: file, line: line)
    }

    func testTransparentFramesKeepPartialAlphaInWebMAndMOV() throws {
        _ = try FFmpegDecoding.tools()
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = Array(repeating: halfAlphaFrame(), count: 4)
        for format in [VideoFormat.webm, .mov] {
            let url = try write(format, frames: frames, options: VideoOptions(keepsAlpha: true), in: folder)
            let decoded = try FFmpegDecoding.firstFrame(of: url, width: 32, height: 16)
            assertClose(pixel(decoded, x: 4, y: 8), [200, 30, 40, 128], tolerance: 4, "\(format) partial alpha")
            assertClose(pixel(decoded, x: 28, y: 8), [30, 60, 220, 255], tolerance: 4, "\(format) opaque side")
            let info = try FFmpegDecoding.probe(url)
            if format == .webm {
                XCTAssertEqual(info["TAG:alpha_mode"], "1")
            } else {
                XCTAssertEqual(info["profile"], "4444")
                XCTAssertTrue(info["pix_fmt"]?.hasPrefix("yuva444p") ?? false, "\(info)")
            }
        }
    }

    func testOpaqueMOVAndWebMHaveNoAlphaChannel() throws {
        _ = try FFmpegDecoding.tools()
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = (0..<4).map { TestImages.typewriter(frame: $0, width: 47, height: 21) }
        let mov = try write(.mov, frames: frames, options: VideoOptions(), in: folder)
        let movInfo = try FFmpegDecoding.probe(mov)
        XCTAssertEqual(movInfo["codec_name"], "prores")
        XCTAssertTrue(movInfo["pix_fmt"]?.hasPrefix("yuv444p") ?? false, "\(movInfo)")
        XCTAssertEqual(movInfo["width"], "47", "4:4:4 needs no padding to even sizes")
        XCTAssertEqual(movInfo["height"], "21")
        let webm = try write(.webm, frames: frames, options: VideoOptions(), in: folder)
        XCTAssertNil(try FFmpegDecoding.probe(webm)["TAG:alpha_mode"])
        XCTAssertEqual(pixel(try FFmpegDecoding.firstFrame(of: mov, width: 47, height: 21), x: 40, y: 2)[3], 255)
    }

    func testWithoutAlphaFramesAreCompositedOntoTheMatte() throws {
        _ = try FFmpegDecoding.tools()
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = Array(repeating: halfAlphaFrame(), count: 3)
        let white = try write(.mp4, frames: frames, options: VideoOptions(matte: .white), in: folder, name: "white")
        // 200·128/255 + 255·127/255 = 227, 142, 147.
        assertClose(
            pixel(try FFmpegDecoding.firstFrame(of: white, width: 32, height: 16), x: 4, y: 8), [227, 142, 147, 255],
            tolerance: 4, "over white")
        let black = try write(.mp4, frames: frames, options: VideoOptions(), in: folder, name: "black")
        assertClose(
            pixel(try FFmpegDecoding.firstFrame(of: black, width: 32, height: 16), x: 4, y: 8), [100, 15, 20, 255],
            tolerance: 4, "over black")
        // keepsAlpha asks for alpha, but H.264 cannot carry it: the matte is used.
        let asked = try write(.mp4, frames: frames, options: VideoOptions(keepsAlpha: true), in: folder, name: "asked")
        XCTAssertEqual(try FFmpegDecoding.probe(asked)["pix_fmt"], "yuv420p")
    }

    /// Flat colors come back as the PNG has them, and every file is tagged BT.709: the RGB→YUV
    /// matrix ffmpeg encodes with must be the one the tags tell the decoder to use (ffmpeg's
    /// default BT.601 matrix under BT.709 tags decodes (230, 30, 40) as (245, 48, 37)).
    func testColorsAreTaggedAndDecodeAsSentInBT709() throws {
        _ = try FFmpegDecoding.tools()
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let colors: [(UInt8, UInt8, UInt8)] = [
            (230, 30, 40), (20, 180, 60), (40, 90, 200), (128, 128, 128), (250, 240, 200),
        ]
        var frame = Image(width: 16 * colors.count, height: 16, fill: (0, 0, 0, 255))
        for (index, color) in colors.enumerated() {
            TestImages.fill(&frame, x: index * 16, y: 0, width: 16, height: 16, color: (color.0, color.1, color.2, 255))
        }
        for format in VideoFormat.allCases {
            let url = try write(format, frames: [frame, frame], options: VideoOptions(), in: folder)
            let decoded = try FFmpegDecoding.firstFrame(of: url, width: frame.width, height: 16)
            for (index, color) in colors.enumerated() {
                assertClose(
                    pixel(decoded, x: index * 16 + 8, y: 8), [Int(color.0), Int(color.1), Int(color.2), 255],
                    tolerance: 3, "\(format) color \(color)")
            }
            let info = try FFmpegDecoding.probe(url)
            for key in ["color_space", "color_primaries", "color_transfer"] {
                XCTAssertEqual(info[key], "bt709", "\(format) \(key)")
            }
            XCTAssertEqual(info["color_range"], "tv", "\(format)")
        }
    }

    func testCRFChangesTheSizeAndIsCheckedPerCodec() throws {
        _ = try FFmpegDecoding.tools()
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = (0..<6).map { TestImages.gradient(frame: $0) }
        let fine = try write(.mp4, frames: frames, options: VideoOptions(crf: 10), in: folder, name: "fine")
        let coarse = try write(.mp4, frames: frames, options: VideoOptions(crf: 40), in: folder, name: "coarse")
        XCTAssertGreaterThan(try Data(contentsOf: fine).count, try Data(contentsOf: coarse).count)
        for (format, crf) in [(VideoFormat.mp4, 52), (.webm, 64), (.mov, 20)] {
            XCTAssertThrowsError(
                try VideoWriter(
                    url: folder.appendingPathComponent("x.\(format.rawValue)"), width: 8, height: 8, fps: 10,
                    format: format, options: VideoOptions(crf: crf)
                ).cancel()
            ) { error in
                XCTAssertEqual((error as? DiagnosticList)?.first?.kind, .usage, "\(format)")
            }
        }
        XCTAssertNoThrow(try VideoWriter.check(63, for: .webm))
        XCTAssertNoThrow(try VideoWriter.check(0, for: .mp4))
    }

    func testVerificationNoticesAMissingOrUnexpectedAlphaChannel() {
        XCTAssertNil(VideoVerification.alphaProblem(["TAG:alpha_mode": "1"], format: .webm, alpha: true))
        XCTAssertEqual(
            VideoVerification.alphaProblem([:], format: .webm, alpha: true),
            "the file ffmpeg wrote has no alpha channel")
        XCTAssertNil(VideoVerification.alphaProblem(["pix_fmt": "yuva444p12le"], format: .mov, alpha: true))
        XCTAssertNotNil(VideoVerification.alphaProblem(["pix_fmt": "yuva444p12le"], format: .mov, alpha: false))
        XCTAssertNotNil(VideoVerification.alphaProblem(["pix_fmt": "yuv444p12le"], format: .mov, alpha: true))
        XCTAssertNotNil(VideoVerification.alphaProblem([:], format: .mp4, alpha: true))
        XCTAssertEqual(
            VideoVerification.colorProblem(["color_space": "bt709", "color_primaries": "bt709"]),
            "the file ffmpeg wrote is not tagged BT.709 (color_transfer is missing)")
    }
}
