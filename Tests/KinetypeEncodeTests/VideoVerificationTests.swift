import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeEncode

/// What ffmpeg wrote is checked before it replaces anything.
final class VideoVerificationTests: XCTestCase {
    private let destination = URL(fileURLWithPath: "out/clip.mp4")

    func testFFmpegErrorLinesAreFailuresAndDiskErrorsAreCannotWrite() {
        XCTAssertNil(VideoVerification.failure(fromFFmpegOutput: " \n", destination: destination))
        let full = VideoVerification.failure(
            fromFFmpegOutput: "Error writing trailer of out/.clip.mp4.kinetype-1-1.tmp: No space left on device\n",
            destination: destination)?.first
        XCTAssertEqual(full?.kind, .cannotWrite)
        XCTAssertTrue(
            full?.message.hasPrefix(
                "cannot write out/clip.mp4: no space left on the device (ffmpeg: Error writing trailer") ?? false,
            full?.message ?? "")
        XCTAssertEqual(
            VideoVerification.failure(
                fromFFmpegOutput: "av_interleaved_write_frame(): Disk quota exceeded", destination: destination)?.first?
                .kind,
            .cannotWrite)
        XCTAssertEqual(
            VideoVerification.failure(
                fromFFmpegOutput: "Could not open file: Read-only file system", destination: destination)?.first?.kind,
            .cannotWrite)
        XCTAssertEqual(
            VideoVerification.failure(fromFFmpegOutput: "[libx264 @ 0x1] something broke", destination: destination)?
                .first?.kind,
            .renderFailure)
    }

    /// A real video, then the same bytes cut short: the structural check and ffprobe both notice.
    func testTruncatedVideosAreNoticed() throws {
        guard let ffmpeg = VideoWriter.findFFmpeg() else { throw XCTSkip("ffmpeg is not installed") }
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ffprobe = VideoVerification.findFFprobe(besides: ffmpeg, searchPath: nil)
        for format in VideoFormat.allCases {
            let url = folder.appendingPathComponent("clip.\(format.rawValue)")
            let writer = try VideoWriter(url: url, width: 48, height: 20, fps: 10, format: format)
            for frame in 0..<8 { try writer.write(TestImages.typewriter(frame: frame)) }
            try writer.finish()
            XCTAssertNil(VideoVerification.structuralProblem(file: url, format: format))
            if let ffprobe {
                XCTAssertNil(VideoVerification.problem(with: url, format: format, frames: 8, fps: 10, ffprobe: ffprobe))
                XCTAssertNotNil(
                    VideoVerification.problem(with: url, format: format, frames: 9, fps: 10, ffprobe: ffprobe),
                    "a frame count that differs from what was sent")
            }
            let data = try Data(contentsOf: url)
            let cut = folder.appendingPathComponent("cut.\(format.rawValue)")
            try data.prefix(data.count * 2 / 3).write(to: cut)
            if format == .mp4 {
                XCTAssertNotNil(VideoVerification.structuralProblem(file: cut, format: format), "the last box is cut")
            }
            if let ffprobe {
                XCTAssertNotNil(
                    VideoVerification.problem(with: cut, format: format, frames: 8, fps: 10, ffprobe: ffprobe),
                    format.rawValue)
            }
        }
        let noIndex = folder.appendingPathComponent("no-index.mp4")
        var box = Data([0, 0, 0, 16]) + Data("ftypisom".utf8) + Data([0, 0, 0, 0])
        box += Data([0, 0, 0, 8]) + Data("mdat".utf8)
        try box.write(to: noIndex)
        XCTAssertEqual(
            VideoVerification.structuralProblem(file: noIndex, format: .mp4),
            "the MP4 file has no moov box (no index: ffmpeg did not finish writing it)")
        try Data("not a webm".utf8).write(to: noIndex)
        XCTAssertNotNil(VideoVerification.structuralProblem(file: noIndex, format: .webm))
    }
}
