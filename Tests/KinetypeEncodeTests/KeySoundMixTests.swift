import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeEncode

/// The key-sound mix without ffmpeg: a track made a second at a time is the track made whole,
/// presses vary by seed and only by seed, the limiter never passes full scale, and WAV files
/// kinetype cannot read are refused with a reason.
final class KeySoundMixTests: XCTestCase {
    private func keystroke(
        _ time: Double, _ kind: KeystrokeKind = .character, press: Int = 0, seed: UInt64 = 1,
        sound: KeySound? = KeySound(source: .preset(.typewriter))
    ) -> Keystroke {
        Keystroke(time: time, kind: kind, layer: 0, animation: 0, press: press, seed: seed, sound: sound)
    }

    func testATrackMadeInPiecesIsTheTrackMadeWhole() throws {
        let keys = (0..<30).map { keystroke(0.04 * Double($0), $0 % 7 == 3 ? .return : .character, press: $0) }
        let mix = KeystrokeMix()
        let whole = mix.samples(of: keys, 0..<96_000)
        var pieces: [Int16] = []
        for start in stride(from: 0, to: 96_000, by: 1_000) {
            pieces += mix.samples(of: keys, start..<start + 1_000)
        }
        XCTAssertEqual(pieces, whole)
        var written: [UInt8] = []
        try SoundTrack(keystrokes: keys, mix: mix, sampleCount: 96_000).writeWAV { written += $0 }
        XCTAssertEqual(written.count, 44 + 2 * 96_000)
        XCTAssertEqual(
            stride(from: 44, to: written.count, by: 2).map {
                Int16(bitPattern: UInt16(written[$0]) | UInt16(written[$0 + 1]) << 8)
            },
            whole, "the WAV's samples are the mix, a second at a time")
        XCTAssertLessThan(whole.map { abs(Int($0)) }.max() ?? 0, 32_768)
    }

    func testPressesVaryBySeedAndPressButRepeatExactly() {
        let mix = KeystrokeMix()
        let first = mix.samples(of: [keystroke(0, press: 0)], 0..<4_800)
        XCTAssertNotEqual(first, mix.samples(of: [keystroke(0, press: 1)], 0..<4_800), "another press")
        XCTAssertNotEqual(first, mix.samples(of: [keystroke(0, press: 0, seed: 2)], 0..<4_800), "another seed")
        XCTAssertEqual(first, mix.samples(of: [keystroke(0, press: 0)], 0..<4_800), "the same press")
        XCTAssertEqual(Set(mix.samples(of: [keystroke(0, sound: nil)], 0..<4_800)), [0], "no sound, silence")
        let quiet = mix.samples(
            of: [keystroke(0, sound: KeySound(source: .preset(.typewriter), volume: 0.25))], 0..<4_800)
        XCTAssertEqual(
            Double(quiet.map { abs(Int($0)) }.max() ?? 0), Double(first.map { abs(Int($0)) }.max() ?? 0) / 4,
            accuracy: 2, "volume scales the level")
    }

    func testTheLimiterBendsAboveTheKneeAndNeverPassesFullScale() {
        XCTAssertEqual(KeystrokeMix.limited(0.5), 16_384)
        XCTAssertEqual(KeystrokeMix.limited(-0.5), -16_384)
        let loud = [0.81, 0.9, 1, 2, 10, 1e6].map { KeystrokeMix.limited(Float($0)) }
        XCTAssertEqual(loud, loud.sorted())
        XCTAssertLessThanOrEqual(loud.max() ?? 0, 32_767)
        XCTAssertEqual(KeystrokeMix.limited(-1e6), -(loud.last ?? 0))
    }

    private func wav(format: Int, channels: Int, rate: Int = 48_000, bits: Int, frames: Int) -> Data {
        var data = Data("RIFF".utf8)
        func append(_ value: Int, _ bytes: Int) {
            for shift in 0..<bytes { data.append(UInt8(truncatingIfNeeded: value >> (8 * shift))) }
        }
        let frameBytes = bits / 8 * channels
        append(36 + frames * frameBytes, 4)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(16, 4)
        append(format, 2)
        append(channels, 2)
        append(rate, 4)
        append(rate * frameBytes, 4)
        append(frameBytes, 2)
        append(bits, 2)
        data.append(contentsOf: Array("data".utf8))
        append(frames * frameBytes, 4)
        data.append(contentsOf: [UInt8](repeating: 0, count: frames * frameBytes))
        return data
    }

    func testWAVFilesKinetypeCannotReadAreRefusedWithAReason() {
        func reason(_ data: Data) -> String? {
            do throws(WAVFile.Problem) {
                _ = try WAVFile.decode(data)
                return nil
            } catch {
                return error.reason
            }
        }
        XCTAssertNil(reason(wav(format: 1, channels: 2, bits: 24, frames: 10)))
        XCTAssertEqual(reason(Data("OggS....".utf8)), "is not a WAV file (RIFF WAVE)")
        XCTAssertEqual(
            reason(wav(format: 1, channels: 3, bits: 16, frames: 10)), "has 3 channels; kinetype reads mono and stereo")
        XCTAssertEqual(
            reason(wav(format: 1, channels: 1, bits: 8, frames: 10)),
            "is integer 8-bit audio; kinetype reads 16-bit and 24-bit integer and 32-bit float PCM")
        XCTAssertEqual(
            reason(wav(format: 1, channels: 1, rate: 4_000, bits: 16, frames: 10)),
            "has a sample rate of 4000 Hz; kinetype reads 8000 to 192000 Hz")
        XCTAssertEqual(
            reason(wav(format: 1, channels: 1, rate: 8_000, bits: 16, frames: 80_001)),
            "lasts more than 10 s; a key sound is a fraction of a second")
        var truncated = wav(format: 3, channels: 1, bits: 32, frames: 100)
        truncated.removeLast(40)
        XCTAssertEqual(try WAVFile.decode(truncated).samples.count, 90, "a data chunk cut short gives what is there")
    }
}
