import Foundation
import KinetypeCore

@testable import KinetypeEncode

/// The sound target: bytes → `SoundFile` (the WAV and FLAC decoders a typewriter's `sound.file`
/// goes through), then what the loader and the mix do with a decoded sound. A file is either
/// refused with a `WAVFile.Problem` or gives samples that keep every promise the mix relies on, or
/// the target traps: a rate kinetype reads, at most `WAVFile.longestSound` of samples, each finite
/// and within -1…1; resampled to 48 kHz, the same; mixed under a few presses at every pitch, the
/// samples of the piece asked for, whole or in parts alike.
public enum SoundHarness {
    /// Runs one input. Returns the decoded sound's sample count, or nil when it was refused (for tests).
    @discardableResult
    public static func run(_ data: Data) -> Int? {
        let sound: PCMSound
        do throws(WAVFile.Problem) {
            sound = try SoundFile.decode(data)
        } catch {
            precondition(!error.reason.isEmpty, "a refusal without a reason")
            return nil
        }
        check(sound, rate: sound.rate)
        let track = sound.resampled(to: PCMSound.trackRate)
        check(track, rate: PCMSound.trackRate)
        // Three presses whose pitch and delay the seed draws, near the start of a short track.
        let mix = KeystrokeMix(files: ["fuzz.wav": track])
        let keys = (0..<3).map { press in
            Keystroke(
                time: 0.002 * Double(press), kind: .character, layer: 0, animation: 0, press: press,
                seed: UInt64(data.count), sound: KeySound(source: .file("fuzz.wav")))
        }
        let whole = mix.samples(of: keys, 0..<960)
        let parts = mix.samples(of: keys, 0..<333) + mix.samples(of: keys, 333..<960)
        precondition(whole.count == 960 && whole == parts, "a mix made in parts differs from the mix made whole")
        return sound.samples.count
    }

    private static func check(_ sound: PCMSound, rate: Int) {
        precondition(sound.rate == rate && WAVFile.rates.contains(sound.rate), "a rate kinetype does not read")
        let longest = Int(WAVFile.longestSound * Double(sound.rate)) + 1
        precondition(sound.samples.count <= longest, "a sound longer than \(WAVFile.longestSound) s")
        precondition(sound.samples.allSatisfy { $0.isFinite && abs($0) <= 1 }, "a sample that is not within -1…1")
    }
}
