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

    /// The samples `range` of the track of `keystrokes` (in time order; those without a sound are
    /// silent) at `PCMSound.trackRate`. A sample's value does not depend on the range asked: every
    /// press whose sound reaches it is added in the keystrokes' order, so a track made piece by
    /// piece is the track made whole.
    public func samples(of keystrokes: [Keystroke], _ range: Range<Int>) -> [Int16] {
        let rate = PCMSound.trackRate
        var sum = [Float](repeating: 0, count: range.count)
        // Presses that start more than the longest sound before the range cannot reach it.
        let reach = (Double(longestSound) / Double(rate)) / (1 - Self.pitchVariation) + 0.01
        let earliest = Double(range.lowerBound) / Double(rate) - reach
        var first = 0
        var last = keystrokes.count
        while first < last {
            let middle = (first + last) / 2
            if keystrokes[middle].time < earliest { first = middle + 1 } else { last = middle }
        }
        for keystroke in keystrokes[first...] {
            guard let sound = keystroke.sound else { continue }
            if keystroke.time * Double(rate) >= Double(range.upperBound) { break }
            // One generator per press, from the typewriter's seed and the press, so a press sounds
            // the same whatever else the scene holds.
            var generator = SplitMix64(
                seed: keystroke.seed ^ FNV1a.hash("\(keystroke.layer).\(keystroke.animation).\(keystroke.press)"))
            let level = 1 + Self.levelVariation * (generator.nextUnit() * 2 - 1)
            let pitch = 1 + Self.pitchVariation * (generator.nextUnit() * 2 - 1)
            let delay = Self.timingVariation * generator.nextUnit()
            let start = Int(((keystroke.time + delay) * Double(rate)).rounded())
            guard start < range.upperBound else { continue }
            let samples: [Float]
            switch sound.source {
            case .preset(let preset):
                samples = KeyClickSynthesis.sound(
                    preset, keystroke.kind, rate: rate, pitch: pitch, noiseSeed: generator.next())
            case .file(let path):
                samples = files[path]?.resampled(to: rate, speed: pitch).samples ?? []
            }
            let gain = Float(level * sound.volume)
            let from = max(start, range.lowerBound)
            let to = min(start + samples.count, range.upperBound)
            guard from < to else { continue }
            for index in from..<to {
                sum[index - range.lowerBound] += samples[index - start] * gain
            }
        }
        return sum.map(Self.limited)
    }

    /// The most samples one press's sound lasts at its own pitch: the longest preset or file.
    var longestSound: Int {
        let presets = Int((KeyClickSynthesis.longestVoice * Double(PCMSound.trackRate)).rounded()) + 1
        return files.values.map(\.samples.count).reduce(presets, max)
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
