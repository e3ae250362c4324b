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

    /// `seconds` of seeded noise at 48 kHz.
    private func noise(seconds: Double, seed: UInt64 = 7) -> PCMSound {
        var generator = SplitMix64(seed: seed)
        let samples = (0..<Int(seconds * 48_000)).map { _ in Float(generator.nextUnit() * 1.6 - 0.8) }
        return PCMSound(samples: samples, rate: PCMSound.trackRate)
    }

    /// What the mix gave before it read files at each press's pitch in place: the file resampled
    /// whole for every press (and every second of the track the press reached), then added.
    private func mixedByResamplingEachPress(_ keys: [Keystroke], _ range: Range<Int>, files: [String: PCMSound])
        -> [Int16]
    {
        var sum = [Float](repeating: 0, count: range.count)
        for key in keys {
            guard let sound = key.sound, case .file(let name) = sound.source, let file = files[name] else { continue }
            var generator = SplitMix64(seed: key.seed ^ FNV1a.hash("\(key.layer).\(key.animation).\(key.press)"))
            let level = 1 + KeystrokeMix.levelVariation * (generator.nextUnit() * 2 - 1)
            let pitch = 1 + KeystrokeMix.pitchVariation * (generator.nextUnit() * 2 - 1)
            let delay = KeystrokeMix.timingVariation * generator.nextUnit()
            let start = Int(((key.time + delay) * 48_000).rounded())
            let samples = file.resampled(to: 48_000, speed: pitch).samples
            let gain = Float(level * sound.volume)
            let from = max(start, range.lowerBound)
            let to = min(start + samples.count, range.upperBound)
            guard from < to else { continue }
            for index in from..<to { sum[index - range.lowerBound] += samples[index - start] * gain }
        }
        return sum.map(KeystrokeMix.limited)
    }

    func testAFileIsReadAtEachPressesPitchOnlyWhereItIsHeard() {
        let files = ["click.wav": noise(seconds: 0.3), "long.wav": noise(seconds: 2, seed: 9)]
        let mix = KeystrokeMix(files: files)
        let keys = (0..<40).map { press in
            keystroke(
                0.013 * Double(press), press: press,
                sound: KeySound(source: .file(press % 3 == 0 ? "long.wav" : "click.wav"), volume: 0.5))
        }
        for range in [0..<48_000, 20_000..<30_000, 90_000..<96_000] {
            XCTAssertEqual(
                mix.samples(of: keys, range), mixedByResamplingEachPress(keys, range, files: files),
                "the same samples as resampling the file for each press, \(range)")
        }
    }

    func testTheMixCostsThePressesTimesTheSoundTheyPlay() {
        // 200 presses of a 10 s file in the first second, mixed a second at a time as a track is:
        // each press adds at most the samples of the piece asked for. Resampling the file for every
        // press cost 200 × 480,000 samples per second of track.
        let mix = KeystrokeMix(files: ["ten.wav": noise(seconds: 10)])
        let keys = (0..<200).map { keystroke(0.005 * Double($0), press: $0, sound: KeySound(source: .file("ten.wav"))) }
        var work = KeystrokeMix.Work()
        _ = mix.mixed(keys, 0..<48_000, work: &work)
        XCTAssertEqual(work.pressesVisited, 200)
        // Press i starts 240·i samples in (and up to 24 later): it plays the rest of the piece.
        let played = (0..<200).reduce(0) { $0 + 48_000 - 240 * $1 }
        XCTAssertLessThanOrEqual(work.samplesAdded, played, "only what the piece holds of each press")
        XCTAssertGreaterThanOrEqual(work.samplesAdded, played - 200 * 25)
        // A later piece visits only the presses whose sound still plays there.
        var late = KeystrokeMix.Work()
        _ = mix.mixed(
            keys + [keystroke(20, press: 200, sound: KeySound(source: .file("ten.wav")))], 48_000 * 12..<48_000 * 13,
            work: &late)
        XCTAssertEqual(late.pressesVisited, 0, "no press of the first second reaches the thirteenth")
        XCTAssertEqual(late.samplesAdded, 0)
    }

    func testAMixStopsWhenCancelled() throws {
        let mix = KeystrokeMix(files: ["ten.wav": noise(seconds: 1)])
        let keys = (0..<300).map { keystroke(0.001 * Double($0), press: $0, sound: KeySound(source: .file("ten.wav"))) }
        var asked = 0
        XCTAssertThrowsError(
            try mix.samples(of: keys, 0..<48_000) {
                asked += 1
                return asked > 2
            }
        ) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(asked, 3, "asked every \(KeystrokeMix.pressesBetweenChecks) presses, stopped at once")

        var written: [UInt8] = []
        let track = SoundTrack(keystrokes: keys, mix: mix, sampleCount: 480_000, isCancelled: { true })
        XCTAssertThrowsError(try track.writeWAV { written += $0 }) { XCTAssertTrue($0 is CancellationError) }
        XCTAssertEqual(written.count, 44, "nothing mixed after the header")
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
