import Foundation
import KinetypeCore

/// The built-in key sounds, synthesized from plain arithmetic (no recordings, no system
/// randomness): a short high-passed noise burst (the key's contact) and decaying resonant tones
/// (the key's body and the desk), each starting at the key press itself, so the sound's attack is
/// the keystroke's time. `typewriter` is heavier and lower and rings a bell on return.
///
/// `variation` (0…1 values drawn from the typewriter's seed for each press) makes repeated keys
/// differ slightly in level and pitch, as real keys do.
public enum KeyClickSynthesis {
    /// One decaying sine: frequency (Hz), time constant (s) and peak level.
    struct Tone {
        var frequency: Double
        var decay: Double
        var level: Double
    }

    /// What one kind of key of a preset is made of.
    struct Voice {
        /// The contact noise: time constant (s) and level.
        var noiseDecay: Double
        var noiseLevel: Double
        var tones: [Tone]
        /// Seconds of sound.
        var length: Double
    }

    static func voice(_ preset: KeySound.Preset, _ kind: KeystrokeKind) -> Voice {
        switch (preset, kind) {
        case (.keyboard, .character):
            Voice(
                noiseDecay: 0.0015, noiseLevel: 0.35,
                tones: [
                    .init(frequency: 2_300, decay: 0.006, level: 0.18),
                    .init(frequency: 190, decay: 0.012, level: 0.22),
                ],
                length: 0.06)
        case (.keyboard, .space):
            Voice(
                noiseDecay: 0.002, noiseLevel: 0.3,
                tones: [
                    .init(frequency: 1_200, decay: 0.009, level: 0.16), .init(frequency: 125, decay: 0.02, level: 0.3),
                ],
                length: 0.09)
        case (.keyboard, .return):
            Voice(
                noiseDecay: 0.0025, noiseLevel: 0.4,
                tones: [
                    .init(frequency: 950, decay: 0.01, level: 0.2), .init(frequency: 110, decay: 0.025, level: 0.34),
                ],
                length: 0.11)
        case (.keyboard, .delete):
            Voice(
                noiseDecay: 0.001, noiseLevel: 0.3,
                tones: [
                    .init(frequency: 3_100, decay: 0.005, level: 0.16), .init(frequency: 240, decay: 0.01, level: 0.18),
                ],
                length: 0.05)
        case (.typewriter, .character):
            Voice(
                noiseDecay: 0.003, noiseLevel: 0.4,
                tones: [
                    .init(frequency: 1_600, decay: 0.008, level: 0.2), .init(frequency: 90, decay: 0.03, level: 0.36),
                ],
                length: 0.12)
        case (.typewriter, .space):
            Voice(
                noiseDecay: 0.004, noiseLevel: 0.3,
                tones: [
                    .init(frequency: 700, decay: 0.012, level: 0.18), .init(frequency: 70, decay: 0.035, level: 0.4),
                ],
                length: 0.14)
        case (.typewriter, .return):
            Voice(
                noiseDecay: 0.004, noiseLevel: 0.42,
                tones: [
                    .init(frequency: 80, decay: 0.04, level: 0.4),
                    // The bell: two inharmonic partials ringing on.
                    .init(frequency: 2_093, decay: 0.25, level: 0.12),
                    .init(frequency: 5_360, decay: 0.1, level: 0.05),
                ],
                length: 0.9)
        case (.typewriter, .delete):
            Voice(
                noiseDecay: 0.002, noiseLevel: 0.35,
                tones: [
                    .init(frequency: 2_400, decay: 0.006, level: 0.16), .init(frequency: 150, decay: 0.02, level: 0.26),
                ],
                length: 0.08)
        }
    }

    /// Seconds of the longest voice of any preset.
    static let longestVoice =
        KeySound.Preset.allCases.flatMap { preset in
            KeystrokeKind.allCases.map { voice(preset, $0).length }
        }.max() ?? 0

    /// The sound of one key of `preset` at `rate`: `pitch` scales every frequency (and shortens the
    /// decays by as much), `noiseSeed` draws the contact noise.
    public static func sound(
        _ preset: KeySound.Preset, _ kind: KeystrokeKind, rate: Int, pitch: Double = 1, noiseSeed: UInt64
    ) -> [Float] {
        let voice = voice(preset, kind)
        let count = Int((voice.length * Double(rate)).rounded())
        var samples = [Double](repeating: 0, count: count)
        // Contact noise: white noise, first-differenced (a high-pass), decaying exponentially.
        var generator = SplitMix64(seed: noiseSeed)
        let noiseFactor = exp(-1 / (voice.noiseDecay / pitch * Double(rate)))
        var envelope = voice.noiseLevel
        var previous = 0.0
        for index in 0..<count where envelope > 1e-6 {
            let white = generator.nextUnit() * 2 - 1
            samples[index] += (white - previous) * 0.5 * envelope
            previous = white
            envelope *= noiseFactor
        }
        // Tones: r^n · sin(ω n) from the two-pole recurrence, from the first sample on.
        for tone in voice.tones {
            let omega = 2 * Double.pi * tone.frequency * pitch / Double(rate)
            let radius = exp(-1 / (tone.decay / pitch * Double(rate)))
            let feedback = 2 * radius * cos(omega)
            let damping = radius * radius
            var older = 0.0
            var last = radius * sin(omega)
            guard count > 1 else { break }
            samples[1] += last * tone.level
            for index in 2..<count {
                let next = feedback * last - damping * older
                samples[index] += next * tone.level
                older = last
                last = next
                if abs(last) < 1e-7, abs(older) < 1e-7 { break }
            }
        }
        return samples.map { Float($0) }
    }
}
