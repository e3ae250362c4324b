import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeEncode

/// The FLAC decoder against ffmpeg, an independent encoder and decoder: every channel's samples of
/// every kind of FLAC ffmpeg writes are exactly ffmpeg's own decode; damaged, cut and oversized
/// files are problems with a reason, never a trap.
final class FLACFileTests: XCTestCase {
    /// A small deterministic generator for the test signals and mutations.
    private struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        mutating func unit() -> Double { Double(next() % 1_000_000) / 1_000_000 * 2 - 1 }
    }

    /// A WAV of `seconds` of two tones plus seeded noise, with silence first (a CONSTANT subframe),
    /// a burst of full-scale noise (VERBATIM) and, with `wasted`, samples whose low bits are 0.
    private func signalWAV(
        bits: Int, channels: Int, rate: Int = 44_100, seconds: Double = 0.4, wasted: Int = 0
    ) -> Data {
        var generator = Generator(state: 0x5EED)
        let count = Int(Double(rate) * seconds)
        let bytes = bits / 8
        let largest = Double((1 << (bits - 1)) - 1)
        var data = Data("RIFF".utf8)
        func append(_ value: Int, _ size: Int) {
            for shift in 0..<size { data.append(UInt8(truncatingIfNeeded: value >> (8 * shift))) }
        }
        append(36 + count * bytes * channels, 4)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(16, 4)
        append(1, 2)
        append(channels, 2)
        append(rate, 4)
        append(rate * bytes * channels, 4)
        append(bytes * channels, 2)
        append(bits, 2)
        data.append(contentsOf: Array("data".utf8))
        append(count * bytes * channels, 4)
        for index in 0..<count {
            let time = Double(index) / Double(rate)
            let noise = generator.unit()
            for channel in 0..<channels {
                var value: Double
                if index < count / 10 {
                    value = 0
                } else if index < count / 5 {
                    value = generator.unit()
                } else {
                    value =
                        0.5 * sin(2 * .pi * (440 + 110 * Double(channel)) * time) + 0.2 * sin(2 * .pi * 3_000 * time)
                        + 0.05 * noise + 0.01 * generator.unit()
                }
                var sample = Int((max(-1, min(1, value)) * largest).rounded())
                sample = (sample >> wasted) << wasted
                append(sample, bytes)
            }
        }
        return data
    }

    /// ffmpeg's encode of `wav` with `options`, and ffmpeg's decode of that FLAC as interleaved
    /// 32-bit samples (each shifted to the top of the 32 bits).
    private func ffmpegFLAC(_ wav: Data, _ options: [String], in folder: URL) throws -> (flac: Data, samples: [Int32]) {
        try ffmpegFLACs([(wav, options)], in: folder)[0]
    }

    /// `ffmpegFLAC` for many encodes at once: one ffmpeg process writes every FLAC (each output
    /// with its own encoder and options) and one more decodes them all, so a test of dozens of
    /// kinds of FLAC starts two processes, not two per kind.
    private func ffmpegFLACs(
        _ encodes: [(wav: Data, options: [String])], in folder: URL
    ) throws -> [(flac: Data, samples: [Int32])] {
        let ffmpeg = try FFmpegDecoding.tools().ffmpeg
        let wavs = encodes.indices.map { folder.appendingPathComponent("in-\($0).wav") }
        let flacs = encodes.indices.map { folder.appendingPathComponent("out-\($0).flac") }
        let raws = encodes.indices.map { folder.appendingPathComponent("out-\($0).s32le") }
        var encode = ["-v", "error", "-y"]
        var decode = ["-v", "error", "-y"]
        for index in encodes.indices {
            try encodes[index].wav.write(to: wavs[index])
            try? FileManager.default.removeItem(at: flacs[index])
            try? FileManager.default.removeItem(at: raws[index])
            encode += ["-i", wavs[index].path]
            decode += ["-i", flacs[index].path]
        }
        for index in encodes.indices {
            encode += ["-map", "\(index):a", "-c:a", "flac"] + encodes[index].options + [flacs[index].path]
            decode += ["-map", "\(index):a", "-f", "s32le", "-c:a", "pcm_s32le", raws[index].path]
        }
        _ = try FFmpegDecoding.run(ffmpeg, encode)
        _ = try FFmpegDecoding.run(ffmpeg, decode)
        return try encodes.indices.map { index in
            let raw = try Data(contentsOf: raws[index])
            let samples = raw.withUnsafeBytes { bytes in
                (0..<bytes.count / 4).map {
                    Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * $0, as: Int32.self))
                }
            }
            return (try Data(contentsOf: flacs[index]), samples)
        }
    }

    private func reason(_ data: Data) -> String? {
        do throws(WAVFile.Problem) {
            _ = try FLACFile.decode(data)
            return nil
        } catch {
            return error.reason
        }
    }

    /// One FLAC ffmpeg writes of a 16-bit mono signal, used by the damage tests.
    private func validFLAC(seconds: Double = 0.1) throws -> Data {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        return try ffmpegFLAC(
            signalWAV(bits: 16, channels: 2, seconds: seconds), ["-compression_level", "8"], in: folder
        ).flac
    }

    func testEveryKindOfFLACDecodesExactlyAsFFmpegDecodesIt() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var variants: [(name: String, wav: Data, options: [String])] = []
        for bits in [16, 24] {
            for channels in [1, 2] {
                let wav = signalWAV(bits: bits, channels: channels)
                let format =
                    bits == 16 ? ["-sample_fmt", "s16"] : ["-sample_fmt", "s32", "-bits_per_raw_sample", "24"]
                for level in [0, 5, 8, 12] {
                    variants.append(
                        ("\(bits)-bit \(channels)ch level \(level)", wav, format + ["-compression_level", "\(level)"]))
                }
            }
        }
        let stereo = signalWAV(bits: 16, channels: 2)
        for lpc in ["none", "fixed", "levinson", "cholesky"] {
            variants.append(("lpc \(lpc)", stereo, ["-compression_level", "8", "-lpc_type", lpc]))
        }
        for mode in ["indep", "left_side", "right_side", "mid_side"] {
            variants.append(("ch_mode \(mode)", stereo, ["-compression_level", "5", "-ch_mode", mode]))
        }
        variants.append(
            (
                "order 32, exact rice", stereo,
                [
                    "-compression_level", "12", "-min_prediction_order", "32", "-max_prediction_order", "32",
                    "-exact_rice_parameters", "1", "-lpc_coeff_precision", "15",
                ]
            ))
        variants.append(("partition order 8", stereo, ["-min_partition_order", "8", "-max_partition_order", "8"]))
        variants.append(("block of 100 (8-bit size)", stereo, ["-frame_size", "100"]))
        variants.append(("block of 1000 (16-bit size)", stereo, ["-frame_size", "1000"]))
        variants.append(("block of 16384", stereo, ["-frame_size", "16384"]))
        variants.append(("wasted bits", signalWAV(bits: 16, channels: 2, wasted: 3), ["-compression_level", "8"]))
        variants.append(
            (
                "24-bit wasted bits", signalWAV(bits: 24, channels: 1, wasted: 9),
                ["-sample_fmt", "s32", "-bits_per_raw_sample", "24"]
            ))
        for rate in [8_000, 11_025, 12_000, 37_800, 48_000, 96_000, 192_000] {
            variants.append(("\(rate) Hz", signalWAV(bits: 16, channels: 2, rate: rate, seconds: 0.1), []))
        }
        let encoded = try ffmpegFLACs(variants.map { ($0.wav, $0.options) }, in: folder)
        for (variant, (flac, expected)) in zip(variants, encoded) {
            let decoded: FLACFile.Channels
            do throws(WAVFile.Problem) {
                decoded = try FLACFile.decodeChannels(flac)
            } catch {
                XCTFail("\(variant.name): \(error.reason)")
                continue
            }
            var interleaved: [Int32] = []
            for index in decoded.channels[0].indices {
                for channel in decoded.channels { interleaved.append(channel[index] << Int32(32 - decoded.bits)) }
            }
            XCTAssertGreaterThan(expected.count, 1_000, variant.name)
            XCTAssertEqual(decoded.bits, variant.name.hasPrefix("24") ? 24 : 16, variant.name)
            XCTAssertEqual(interleaved.count, expected.count, variant.name)
            XCTAssertTrue(interleaved == expected, "\(variant.name): samples differ")
            // The mono mix is the mean of the channels, scaled like a WAV's.
            let mono = try FLACFile.decode(flac)
            let scale = Float(1 << (decoded.bits - 1))
            let first = decoded.channels.map { Float($0[decoded.channels[0].count / 2]) / scale }
            XCTAssertEqual(
                mono.samples[decoded.channels[0].count / 2], first.count == 1 ? first[0] : (first[0] + first[1]) / 2,
                variant.name)
        }
        print("FLAC: \(variants.count) variants decoded exactly as ffmpeg decodes them")
    }

    func testSoundFileChoosesTheDecoderByContentNotName() throws {
        let flac = try validFLAC()
        XCTAssertEqual(try SoundFile.decode(flac), try FLACFile.decode(flac))
        let wav = signalWAV(bits: 16, channels: 1, seconds: 0.01)
        XCTAssertEqual(try SoundFile.decode(wav), try WAVFile.decode(wav))
        XCTAssertThrowsError(try SoundFile.decode(Data("OggS....".utf8)))
    }

    func testCutFilesAreProblemsAtEveryCutPoint() throws {
        let flac = try validFLAC()
        for cut in stride(from: 0, to: flac.count, by: max(1, flac.count / 600)) {
            XCTAssertNotNil(reason(flac.prefix(cut)), "cut at \(cut) of \(flac.count)")
        }
        XCTAssertNil(reason(flac))
    }

    func testFlippedBytesInFramesFailTheirCRC() throws {
        let flac = try validFLAC()
        let bytes = [UInt8](flac)
        guard
            let firstFrame = (42..<bytes.count - 1).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] & 0xFE == 0xF8 })
        else { return XCTFail("no frame") }
        var crcReasons = 0
        for at in stride(from: firstFrame, to: bytes.count, by: max(1, (bytes.count - firstFrame) / 600)) {
            var damaged = bytes
            damaged[at] ^= 0x5A
            let problem = reason(Data(damaged))
            XCTAssertNotNil(problem, "byte \(at) flipped")
            if problem?.contains("CRC") == true { crcReasons += 1 }
        }
        XCTAssertGreaterThan(crcReasons, 0)
    }

    /// "fLaC" and a STREAMINFO block with these values.
    private func header(rate: Int = 44_100, channels: Int = 1, bits: Int = 16, total: UInt64) -> [UInt8] {
        var bytes = Array("fLaC".utf8) + [0x80, 0, 0, 34]
        bytes += [0x10, 0x00, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0] // block sizes 4096…65535, frame sizes unknown
        let packed =
            UInt64(rate) << 44 | UInt64(channels - 1) << 41 | UInt64(bits - 1) << 36 | (total & 0xF_FFFF_FFFF)
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: packed >> shift)) }
        return bytes + [UInt8](repeating: 0, count: 16)
    }

    /// A mono 16-bit frame of 65536 samples of one value, in a few bytes.
    private func constantFrame() -> [UInt8] {
        var frame: [UInt8] = [0xFF, 0xF8, 0x70, 0x08, 0x00, 0xFF, 0xFF]
        frame.append(FLACFile.crc8(frame[...]))
        frame += [0x00, 0x12, 0x34]
        let crc = FLACFile.crc16(frame[...])
        return frame + [UInt8(crc >> 8), UInt8(crc & 0xFF)]
    }

    /// A mono 16-bit frame of 4 samples whose FIXED order-0 residual is an escaped partition of
    /// 5-bit values (4-bit or 5-bit Rice parameters), which ffmpeg's encoder does not write.
    private func escapedFrame(fiveBitParameters: Bool) -> [UInt8] {
        var frame: [UInt8] = [0xFF, 0xF8, 0x60, 0x08, 0x00, 0x03]
        frame.append(FLACFile.crc8(frame[...]))
        var bits: [Int] = []
        func put(_ value: Int, _ count: Int) {
            for shift in (0..<count).reversed() { bits.append((value >> shift) & 1) }
        }
        put(0b0001_0000, 8) // FIXED, order 0, no wasted bits
        put(fiveBitParameters ? 1 : 0, 2)
        put(0, 4) // one partition
        put(fiveBitParameters ? 31 : 15, fiveBitParameters ? 5 : 4) // escape
        put(5, 5)
        for value in [3, -4, 15, -16] { put(value & 0x1F, 5) }
        while bits.count % 8 != 0 { bits.append(0) }
        for at in stride(from: 0, to: bits.count, by: 8) {
            frame.append(UInt8(bits[at..<at + 8].reduce(0) { $0 << 1 | $1 }))
        }
        let crc = FLACFile.crc16(frame[...])
        return frame + [UInt8(crc >> 8), UInt8(crc & 0xFF)]
    }

    func testEscapedRicePartitionsHoldTheirValues() throws {
        for five in [false, true] {
            let decoded = try FLACFile.decodeChannels(Data(header(total: 4) + escapedFrame(fiveBitParameters: five)))
            XCTAssertEqual(decoded.channels, [[3, -4, 15, -16]])
        }
    }

    /// 32-bit stereo at the extremes, which ffmpeg 5.1 cannot encode: the side channel of every
    /// decorrelation needs 33 bits, and left and right come back exactly.
    func testThirtyTwoBitStereoWithA33BitSideChannel() throws {
        let left: [Int64] = [Int64(Int32.max), Int64(Int32.min), 12_345]
        let right: [Int64] = [Int64(Int32.min), Int64(Int32.max), -1]
        for channelCode in [8, 9, 10] {
            var frame: [UInt8] = [0xFF, 0xF8, 0x60, UInt8(channelCode << 4 | 7 << 1), 0x00, UInt8(left.count - 1)]
            frame.append(FLACFile.crc8(frame[...]))
            var bits: [Int64] = []
            func verbatim(_ values: [Int64], _ count: Int) {
                for bit in [0, 0, 0, 0, 0, 0, 1, 0] { bits.append(Int64(bit)) } // VERBATIM, no wasted bits
                for value in values { for shift in (0..<count).reversed() { bits.append((value >> shift) & 1) } }
            }
            let side = zip(left, right).map { $0 - $1 }
            switch channelCode {
            case 8:
                verbatim(left, 32)
                verbatim(side, 33)
            case 9:
                verbatim(side, 33)
                verbatim(right, 32)
            default:
                verbatim(zip(left, right).map { ($0 + $1) >> 1 }, 32)
                verbatim(side, 33)
            }
            while bits.count % 8 != 0 { bits.append(0) }
            for at in stride(from: 0, to: bits.count, by: 8) {
                frame.append(UInt8(bits[at..<at + 8].reduce(0) { $0 << 1 | $1 }))
            }
            let crc = FLACFile.crc16(frame[...])
            frame += [UInt8(crc >> 8), UInt8(crc & 0xFF)]
            let decoded = try FLACFile.decodeChannels(Data(header(channels: 2, bits: 32, total: 3) + frame))
            XCTAssertEqual(decoded.bits, 32)
            XCTAssertEqual(
                decoded.channels, [left.map { Int32($0) }, right.map { Int32($0) }], "channels \(channelCode)")
            let mono = try FLACFile.decode(Data(header(channels: 2, bits: 32, total: 3) + frame))
            XCTAssertEqual(mono.samples[0], 0, accuracy: 1e-6)
        }
    }

    func testHugeClaimsAreRefusedBeforeAllocating() {
        XCTAssertEqual(
            reason(Data(header(total: 0xF_FFFF_FFFF))), "lasts more than 10 s; a key sound is a fraction of a second")
        // A stream of unknown length whose small frames add up past the limit.
        let frames = (0..<20).flatMap { _ in constantFrame() }
        XCTAssertEqual(
            reason(Data(header(total: 0) + frames)), "lasts more than 10 s; a key sound is a fraction of a second")
        let one = try? FLACFile.decodeChannels(Data(header(total: 65_536) + constantFrame()))
        XCTAssertEqual(one?.channels, [[Int32](repeating: 0x1234, count: 65_536)], "a hand-made frame decodes")
        XCTAssertEqual(reason(Data(header(channels: 3, total: 0))), "has 3 channels; kinetype reads mono and stereo")
        XCTAssertEqual(
            reason(Data(header(rate: 4_000, total: 0))),
            "has a sample rate of 4000 Hz; kinetype reads 8000 to 192000 Hz")
        XCTAssertEqual(reason(Data("fLaX".utf8)), "is not a FLAC file")
        XCTAssertEqual(reason(Data(header(total: 65_536))), "is cut short (it has 0 of 65536 samples)")
    }

    func testRandomMutationsNeverTrap() throws {
        let flac = [UInt8](try validFLAC(seconds: 0.05))
        var generator = Generator(state: 28)
        var refused = 0
        for _ in 0..<400 {
            var bytes = flac
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                let at = Int(generator.next() % UInt64(bytes.count))
                bytes[at] = UInt8(truncatingIfNeeded: generator.next())
            }
            if generator.next() % 4 == 0 { bytes.removeLast(Int(generator.next() % UInt64(bytes.count))) }
            if reason(Data(bytes)) != nil { refused += 1 }
        }
        XCTAssertGreaterThan(refused, 300)
    }
}
