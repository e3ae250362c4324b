import Foundation
import KinetypeCore
import KinetypeEncode
import TestSupport
import XCTest

final class VideoWriterTests: XCTestCase {
    private func frames(width: Int, height: Int) -> [Image] {
        (0..<10).map { index in
            var image = Image(width: width, height: height, fill: (240, 240, 240, 255))
            TestImages.fill(&image, x: index * 5, y: 10, width: 12, height: 12, color: (200, 30, 40, 255))
            return image
        }
    }

    /// `codec,width,height,frames` of the first video stream, or nil without ffprobe.
    private func probe(_ url: URL) throws -> String? {
        guard let ffmpeg = VideoWriter.findFFmpeg() else { return nil }
        let ffprobe = ffmpeg.deletingLastPathComponent().appendingPathComponent("ffprobe")
        guard FileManager.default.isExecutableFile(atPath: ffprobe.path) else { return nil }
        let arguments = [
            "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
            "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", url.path,
        ]
        return try ChildProcess.run(ffprobe, arguments).stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func requireFFmpeg() throws {
        if VideoWriter.findFFmpeg() == nil { throw XCTSkip("ffmpeg is not installed") }
    }

    func testMP4FromTenFramesPadsOddSizes() throws {
        try requireFFmpeg()
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("clip.mp4")
        let writer = try VideoWriter(url: url, width: 65, height: 47, fps: 30, format: .mp4)
        for frame in frames(width: 65, height: 47) { try writer.write(frame) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), "nothing at the destination before finish")
        try writer.finish()
        XCTAssertEqual(try contents(of: folder), ["clip.mp4"])
        if let info = try probe(url) { XCTAssertEqual(info, "h264,66,48,10") }
        let data = try Data(contentsOf: url)
        let moov = data.range(of: Data("moov".utf8))?.lowerBound ?? Int.max
        let mdat = data.range(of: Data("mdat".utf8))?.lowerBound ?? Int.max
        XCTAssertLessThan(moov, mdat, "+faststart puts the index first")
    }

    /// HEVC in MP4 is tagged hvc1 (ffmpeg's default hev1 does not open in Apple's players), BT.709,
    /// every frame there, as ffprobe reads it.
    func testHEVCIsTaggedHVC1ForApplesPlayers() throws {
        try requireFFmpeg()
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("clip.mp4")
        let writer = try VideoWriter(url: url, width: 65, height: 47, fps: 30, format: .hevcMP4)
        for frame in frames(width: 65, height: 47) { try writer.write(frame) }
        try writer.finish()
        if let info = try probe(url) { XCTAssertEqual(info, "hevc,66,48,10") }
        let ffprobe = try XCTUnwrap(VideoWriter.findFFmpeg()).deletingLastPathComponent()
            .appendingPathComponent("ffprobe")
        let tags = try ChildProcess.run(
            ffprobe,
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries",
                "stream=codec_tag_string,color_space,color_primaries,color_transfer", "-of", "csv=p=0", url.path,
            ]
        ).stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(tags, "hvc1,bt709,bt709,bt709")
        XCTAssertEqual(VideoFormat(pathExtension: "MP4"), .mp4, "an .mp4 is H.264 unless HEVC is asked for")

        // Frames under 64 pixels are padded for libx265 (which corrupts its heap on 8-wide and
        // 48×20 frames in most runs) and cropped back: every run succeeds at the exact size.
        for (width, height) in [(8, 8), (48, 20), (2, 64)] {
            for run in 0..<3 {
                let small = folder.appendingPathComponent("small-\(width)x\(height)-\(run).mp4")
                let writer = try VideoWriter(url: small, width: width, height: height, fps: 10, format: .hevcMP4)
                for index in 0..<10 {
                    try writer.write(Image(width: width, height: height, fill: (UInt8(index * 20), 90, 200, 255)))
                }
                try writer.finish()
                if let info = try probe(small) { XCTAssertEqual(info, "hevc,\(width),\(height),10") }
            }
        }
    }

    func testWebMFromTenFrames() throws {
        try requireFFmpeg()
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("clip.webm")
        let writer = try VideoWriter(url: url, width: 64, height: 48, fps: 24, format: .webm)
        for frame in frames(width: 64, height: 48) { try writer.write(frame) }
        try writer.finish()
        XCTAssertEqual(try contents(of: folder), ["clip.webm"])
        if let info = try probe(url) { XCTAssertEqual(info, "vp9,64,48,10") }
    }

    func testSameFramesGiveTheSameBytes() throws {
        try requireFFmpeg()
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in VideoFormat.allCases {
            var outputs: [Data] = []
            for run in 0..<2 {
                let url = folder.appendingPathComponent("clip\(format)\(run).\(format.fileExtension)")
                let writer = try VideoWriter(url: url, width: 64, height: 48, fps: 30, format: format)
                for frame in frames(width: 64, height: 48) { try writer.write(frame) }
                try writer.finish()
                outputs.append(try Data(contentsOf: url))
            }
            XCTAssertEqual(outputs[0], outputs[1], "\(format)")
        }
    }

    func testMissingFFmpegIsAClearError() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertThrowsError(
            try VideoWriter(
                url: folder.appendingPathComponent("x.mp4"), width: 8, height: 8, fps: 30,
                format: .mp4, searchPath: folder.path
            ).cancel()
        ) { error in
            let diagnostic = (error as? DiagnosticList)?.first
            XCTAssertEqual(diagnostic?.kind, .renderFailure)
            XCTAssertEqual(
                diagnostic?.message,
                "ffmpeg was not found on PATH; install it (apt-get install ffmpeg) to write .mp4/.webm/.mov")
        }
        XCTAssertEqual(try contents(of: folder), [])
    }

    func testFailingFFmpegReportsItsErrorAndKeepsOldFile() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: false)
        let fake = bin.appendingPathComponent("ffmpeg")
        try Data("#!/bin/sh\ncat >/dev/null\necho \"Unknown encoder 'libx264'\" >&2\nexit 1\n".utf8).write(to: fake)
        chmod(fake.path, 0o755)
        let url = folder.appendingPathComponent("clip.mp4")
        try Data("old".utf8).write(to: url)
        let writer = try VideoWriter(url: url, width: 16, height: 16, fps: 10, format: .mp4, searchPath: bin.path)
        try writer.write(Image(width: 16, height: 16, fill: (1, 2, 3, 255)))
        assertFinishThrows(writer, ()) { error in
            let diagnostic = (error as? DiagnosticList)?.first
            XCTAssertEqual(diagnostic?.kind, .renderFailure)
            XCTAssertTrue(diagnostic?.message.contains("Unknown encoder 'libx264'") ?? false, "\(error)")
            XCTAssertTrue(diagnostic?.message.hasPrefix("cannot write ") ?? false, "\(error)")
        }
        XCTAssertEqual(try contents(of: folder), ["bin", "clip.mp4"])
        XCTAssertEqual(try Data(contentsOf: url), Data("old".utf8))
    }

    /// A stand-in ffmpeg in its own folder (no ffprobe beside it, so the structural check runs).
    private func fakeFFmpeg(in folder: URL, script: String) throws -> URL {
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: false)
        let fake = bin.appendingPathComponent("ffmpeg")
        try Data(("#!/bin/sh\ncat >/dev/null\nfor last; do :; done\n" + script).utf8).write(to: fake)
        chmod(fake.path, 0o755)
        return bin
    }

    /// ffmpeg on a full disk: "Error writing trailer … No space left on device", yet exit 0.
    func testFFmpegErrorWithExitZeroIsCannotWriteAndKeepsOldFile() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = try fakeFFmpeg(
            in: folder,
            script: """
                printf 'ftyp' > "$last"
                echo "Error writing trailer of $last: No space left on device" >&2
                exit 0

                """)
        let url = folder.appendingPathComponent("clip.mp4")
        try Data("old".utf8).write(to: url)
        let writer = try VideoWriter(url: url, width: 16, height: 16, fps: 10, format: .mp4, searchPath: bin.path)
        try writer.write(Image(width: 16, height: 16, fill: (1, 2, 3, 255)))
        assertFinishThrows(writer, ()) { error in
            XCTAssertEqual((error as? DiagnosticList)?.first?.kind, .cannotWrite, "\(error)")
            XCTAssertTrue(
                (error as? DiagnosticList)?.first?.message.contains("no space left on the device") ?? false, "\(error)")
        }
        XCTAssertEqual(try contents(of: folder), ["bin", "clip.mp4"])
        XCTAssertEqual(try Data(contentsOf: url), Data("old".utf8))
    }

    /// A silent ffmpeg that exits 0 but leaves a file without an index is not trusted either.
    func testVideoWithoutIndexIsNotCommitted() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = try fakeFFmpeg(
            in: folder,
            script: """
                printf '\\000\\000\\000\\020ftypisom\\000\\000\\000\\000\\000\\000\\000\\010mdat' > "$last"
                exit 0

                """)
        let url = folder.appendingPathComponent("clip.mp4")
        try Data("old".utf8).write(to: url)
        let writer = try VideoWriter(url: url, width: 16, height: 16, fps: 10, format: .mp4, searchPath: bin.path)
        try writer.write(Image(width: 16, height: 16, fill: (1, 2, 3, 255)))
        assertFinishThrows(writer, ()) { error in
            XCTAssertEqual((error as? DiagnosticList)?.first?.kind, .renderFailure, "\(error)")
            XCTAssertEqual(
                (error as? DiagnosticList)?.first?.message,
                "cannot write \(url.path): the MP4 file has no moov box (no index: ffmpeg did not finish writing it)")
        }
        XCTAssertEqual(try contents(of: folder), ["bin", "clip.mp4"])
        XCTAssertEqual(try Data(contentsOf: url), Data("old".utf8))
    }

    func testFFmpegExitingEarlyIsAnErrorNotACrash() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: false)
        let fake = bin.appendingPathComponent("ffmpeg")
        try Data("#!/bin/sh\necho 'cannot open output' >&2\nexit 1\n".utf8).write(to: fake)
        chmod(fake.path, 0o755)
        let url = folder.appendingPathComponent("clip.webm")
        let writer = try VideoWriter(url: url, width: 400, height: 300, fps: 10, format: .webm, searchPath: bin.path)
        let frame = Image(width: 400, height: 300, fill: (1, 2, 3, 255))
        var failure: Error?
        let previousDisposition = signal(SIGPIPE, SIG_DFL) // a SIGPIPE would kill the test run
        defer { signal(SIGPIPE, previousDisposition) }
        for _ in 0..<5 where failure == nil {
            do { try writer.write(frame) } catch { failure = error }
        }
        if failure == nil { assertFinishThrows(writer, ()) { failure = $0 } }
        XCTAssertEqual((failure as? DiagnosticList)?.first?.kind, .renderFailure)
        XCTAssertTrue(
            (failure as? DiagnosticList)?.first?.message.contains("cannot open output") ?? false,
            "\(String(describing: failure))")
        XCTAssertEqual(try contents(of: folder), ["bin"])
    }

    func testCancelLeavesNothing() throws {
        try requireFFmpeg()
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = try VideoWriter(
            url: folder.appendingPathComponent("clip.mp4"), width: 32, height: 32, fps: 30,
            format: .mp4)
        try writer.write(Image(width: 32, height: 32, fill: (9, 9, 9, 255)))
        writer.cancel()
        XCTAssertEqual(try contents(of: folder), [])
    }

    func testUnwritableDestinationIsCannotWrite() throws {
        try requireFFmpeg()
        XCTAssertThrowsError(
            try VideoWriter(
                url: URL(fileURLWithPath: "/nonexistent-kinetype-folder/x.webm"),
                width: 8, height: 8, fps: 30, format: .webm
            ).cancel()
        ) { error in
            XCTAssertEqual((error as? DiagnosticList)?.first?.kind, .cannotWrite)
        }
    }

    func testFormatFromExtension() {
        XCTAssertEqual(VideoFormat(pathExtension: "MP4"), .mp4)
        XCTAssertEqual(VideoFormat(pathExtension: "webm"), .webm)
        XCTAssertNil(VideoFormat(pathExtension: "gif"))
    }
}
