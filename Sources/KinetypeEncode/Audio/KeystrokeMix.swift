import Foundation
import KinetypeCore

/// Every keystroke's sound mixed into one mono track at 48 kHz, exactly `sampleCount` samples
/// long (the video's length): each press's sound starts at its time, all are summed, and the sum
/// goes through a fixed soft limiter into 16-bit samples. The track is a pure function of the
/// keystrokes and the sound files, so the same scene always gives the same samples.
public struct KeystrokeMix: Sendable {
    /// How far a press's level and pitch may vary from the sound's own (±), and how late its sound
    /// may start (seconds, never early): small enough to stay with the picture, enough that repeated
    /// keys do not sound mechanical.
    public static let levelVariation = 0.15
    public static let pitchVariation = 0.04
    public static let timingVariation = 0.0005
    /// Above this level the limiter bends the sum smoothly towards full scale.
    public static let limiterKnee: Float = 0.8

    /// The decoded sound files of the scene, at 48 kHz, by the path the scene gives.
    public var files: [String: PCMSound]

    public init(files: [String: PCMSound] = [:]) {
        self.files = files
    }

    /// The track of `keystrokes` (those without a sound are silent) in a video of `sampleCount`
    /// samples at `PCMSound.trackRate`.
    public func track(_ keystrokes: [Keystroke], sampleCount: Int) -> [Int16] {
        let rate = PCMSound.trackRate
        var sum = [Float](repeating: 0, count: sampleCount)
        for keystroke in keystrokes {
            guard let sound = keystroke.sound else { continue }
            // One generator per press, from the typewriter's seed and the press, so a press sounds
            // the same whatever else the scene holds.
            var generator = SplitMix64(
                seed: keystroke.seed ^ FNV1a.hash("\(keystroke.layer).\(keystroke.animation).\(keystroke.press)"))
            let level = 1 + Self.levelVariation * (generator.nextUnit() * 2 - 1)
            let pitch = 1 + Self.pitchVariation * (generator.nextUnit() * 2 - 1)
            let delay = Self.timingVariation * generator.nextUnit()
            let samples: [Float]
            switch sound.source {
            case .preset(let preset):
                samples = KeyClickSynthesis.sound(
                    preset, keystroke.kind, rate: rate, pitch: pitch, noiseSeed: generator.next())
            case .file(let path):
                samples = files[path]?.resampled(to: rate, speed: pitch).samples ?? []
            }
            let gain = Float(level * sound.volume)
            let start = Int(((keystroke.time + delay) * Double(rate)).rounded())
            guard start >= 0, start < sampleCount else { continue }
            for (offset, sample) in samples.prefix(sampleCount - start).enumerated() {
                sum[start + offset] += sample * gain
            }
        }
        return sum.map(Self.limited)
    }

    /// A sample of the sum as 16 bits: unchanged up to the knee, then bent by tanh towards full
    /// scale, which it never passes.
    static func limited(_ value: Float) -> Int16 {
        let knee = Self.limiterKnee
        let magnitude = abs(value)
        let shaped = magnitude <= knee ? magnitude : knee + (1 - knee) * tanh((magnitude - knee) / (1 - knee))
        let scaled = (shaped * 32_767).rounded()
        return Int16(value < 0 ? -scaled : scaled)
    }

    /// The number of samples of a video of `frameCount` frames at `fps`.
    public static func sampleCount(frameCount: Int, fps: Double) -> Int {
        Int((Double(frameCount) / fps * Double(PCMSound.trackRate)).rounded())
    }
}
