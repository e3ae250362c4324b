import Foundation
import KinetypeCore
import TestSupport
import XCTest

@testable import KinetypeEncode

final class APNGEncoderTests: XCTestCase {
    /// A cursor that blinks on a transparent canvas while a half-transparent block grows: frames
    /// that need clearing, putting back and partial alpha.
    private func blinkingFrames() -> [Image] {
        (0..<8).map { index in
            var image = TestImages.typewriter(frame: index / 2, background: (0, 0, 0, 0))
            if index % 2 == 1 {
                TestImages.fill(&image, x: 2 + (index / 2) * 5, y: 4, width: 1, height: 12, color: (0, 0, 0, 0))
            }
            TestImages.fill(
                &image, x: 30, y: 2, width: 2 + index, height: 3, color: (40, 90, 200, UInt8(60 + index * 20)))
            return image
        }
    }

    func testEveryFrameDecodesExactlyWithItsDuration() throws {
        let frames = blinkingFrames()
        // Level 5 plans by rectangles, which clear or put back the cursor here; at level 6 the
        // planner finds leaving it smaller on so small a canvas (APNGFramePlannerTests puts back).
        let encoder = try APNGEncoder(
            width: 48, height: 20, options: APNGOptions(loop: 2, compression: PNGCompression(level: 5)))
        for (index, frame) in frames.enumerated() { try encoder.addFrame(frame, startTime: Double(index) * 0.1) }
        let data = try encoder.finish(endTime: 0.85)
        let decoded = try APNGDecoder.decode(data)
        XCTAssertEqual(decoded.frames.map(\.image), frames)
        XCTAssertEqual(decoded.frames.map(\.duration), [100, 100, 100, 100, 100, 100, 100, 150])
        XCTAssertEqual(decoded.playCount, 2)

        let chunks = try XCTUnwrap(PNGChunk.parse([UInt8](data)), "every chunk's CRC is right")
        let disposes = Set(chunks.filter { $0.type == "fcTL" }.map { $0.data[$0.data.startIndex + 24] })
        XCTAssertTrue(
            disposes.contains(APNGDispose.previous.rawValue) || disposes.contains(APNGDispose.background.rawValue),
            "a blinking cursor on a transparent canvas is cleared or put back, not redrawn whole: \(disposes)")

        if let ffmpeg = Self.ffmpeg() {
            let url = try scratchFolder().appendingPathComponent("blink.apng")
            try data.write(to: url)
            XCTAssertEqual(try FFmpegFrames.decode(url, ffmpeg: ffmpeg, width: 48, height: 20), frames)
        }
    }

    func testIdenticalFramesMergeAndLongFramesKeepTheirTime() throws {
        let a = TestImages.typewriter(frame: 1)
        let b = TestImages.typewriter(frame: 2)
        let encoder = try APNGEncoder(width: 48, height: 20)
        try encoder.addFrame(a, startTime: 0)
        try encoder.addFrame(a, startTime: 40)
        try encoder.addFrame(b, startTime: 70.001)
        let decoded = try APNGDecoder.decode(try encoder.finish(endTime: 71.001))
        XCTAssertEqual(decoded.frames.map(\.image), [a, b])
        // 70,001 ms do not fit delay_num's 16 bits in thousandths: 7,000 hundredths, and the
        // millisecond rounded away goes to the next frame, so the total does not drift.
        XCTAssertEqual(decoded.frames.map(\.duration), [70_000, 1_001])
        XCTAssertEqual(decoded.playCount, 0)
    }

    /// Rows are filtered by one loop per filter type: every filtering (each type alone, and the
    /// adaptive choice) must be what the PNG definitions give byte by byte, at 1 to 4 bytes a pixel.
    func testFilteredRowsFollowThePNGDefinitions() {
        var random = SeededGenerator(seed: 8)
        for trial in 0..<200 {
            let step = trial % 4 + 1
            let rowBytes = step * Int.random(in: 1...40, using: &random)
            let height = Int.random(in: 1...6, using: &random)
            let pixels = (0..<(rowBytes * height)).map { _ in
                trial.isMultiple(of: 3)
                    ? UInt8.random(in: 0...3, using: &random) * 85 : UInt8.random(in: 0...255, using: &random)
            }
            for filter: UInt8? in [0, 1, 2, 3, 4, nil] {
                XCTAssertEqual(
                    APNGFrameCompressor.filteredRows(
                        pixels, rowBytes: rowBytes, height: height, step: step, filter: filter),
                    referenceFiltered(pixels, rowBytes: rowBytes, height: height, step: step, filter: filter),
                    "trial \(trial), filter \(filter.map(String.init) ?? "adaptive")")
            }
        }
    }

    /// PNG filtering byte by byte (RFC 2083 6.3 to 6.6), the adaptive choice by the smallest sum of
    /// absolute values, the lowest type on a tie.
    private func referenceFiltered(_ pixels: [UInt8], rowBytes: Int, height: Int, step: Int, filter: UInt8?) -> [UInt8]
    {
        func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
            let p = a + b - c
            let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
            return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        }
        var out: [UInt8] = []
        for y in 0..<height {
            var best: (type: UInt8, bytes: [UInt8], cost: Int)?
            for type in filter.map({ [$0] }) ?? [0, 1, 2, 3, 4] {
                var bytes: [UInt8] = []
                for x in 0..<rowBytes {
                    let value = Int(pixels[y * rowBytes + x])
                    let a = x >= step ? Int(pixels[y * rowBytes + x - step]) : 0
                    let b = y > 0 ? Int(pixels[(y - 1) * rowBytes + x]) : 0
                    let c = x >= step && y > 0 ? Int(pixels[(y - 1) * rowBytes + x - step]) : 0
                    let predicted = [0, a, b, (a + b) / 2, paeth(a, b, c)][Int(type)]
                    bytes.append(UInt8(truncatingIfNeeded: value - predicted))
                }
                let cost = bytes.reduce(0) { $0 + ($1 < 128 ? Int($1) : 256 - Int($1)) }
                if best == nil || cost < best!.cost { best = (type, bytes, cost) }
            }
            out.append(best!.type)
            out += best!.bytes
        }
        return out
    }

    func testCRCMatchesZlib() {
        XCTAssertEqual(PNGChunk.crc32(Array("IEND".utf8)), 0xAE42_6082)
        XCTAssertEqual(PNGChunk.crc32(Array("123456789".utf8)), 0xCBF4_3926)
    }

    func testDestinationIsWrittenAtomically() throws {
        let folder = try scratchFolder()
        let output = folder.appendingPathComponent("a.apng")
        try Data("old".utf8).write(to: output)
        let cancelled = try APNGEncoder(width: 48, height: 20, destination: output)
        try cancelled.addFrame(TestImages.typewriter(frame: 1), startTime: 0)
        cancelled.cancel()
        XCTAssertEqual(try Data(contentsOf: output), Data("old".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["a.apng"])

        let encoder = try APNGEncoder(width: 48, height: 20, destination: output)
        try encoder.addFrame(TestImages.typewriter(frame: 1), startTime: 0)
        try encoder.finish(endTime: 1)
        XCTAssertEqual(try APNGDecoder.decode(Data(contentsOf: output)).frames.count, 1)
        XCTAssertThrowsError(
            try APNGEncoder(width: 4, height: 4, destination: folder.appendingPathComponent("no/x.apng")).cancel())
    }

    func testDecoderRefusesDamagedAndOversizedFiles() throws {
        let encoder = try APNGEncoder(width: 48, height: 20)
        for index in 0..<3 { try encoder.addFrame(TestImages.typewriter(frame: index), startTime: Double(index)) }
        var bytes = [UInt8](try encoder.finish(endTime: 3))
        XCTAssertThrowsError(try APNGDecoder.decode(Data(bytes), pixelBudget: 48 * 20 * 2)) { error in
            XCTAssertTrue("\(error)".contains("more than the 1920 pixels allowed"), "\(error)")
        }
        bytes[bytes.count / 2] ^= 0xFF
        XCTAssertThrowsError(try APNGDecoder.decode(Data(bytes))) { error in
            XCTAssertTrue("\(error)".contains("damaged"), "\(error)")
        }
    }

    private func scratchFolder(_ name: String = #function) throws -> URL {
        let folder = try makeScratchFolder(name)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    static func ffmpeg() -> URL? { VideoWriter.findFFmpeg() }

}
