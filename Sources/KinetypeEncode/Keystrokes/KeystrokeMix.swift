import Foundation
import KinetypeCore

/// Every keystroke's sound mixed into one mono track at 48 kHz, exactly `sampleCount` samples
/// long (the video's length): each press's sound starts at its time, all are summed, and the sum
/// goes through a fixed soft limiter into 16-bit samples. The track is a pure function of the
/// keystrokes and the sound files, so the same scene always gives the same samples.
///
/// Each sound file is held once, at the track's rate, however many names the scene gives it
/// (`sounds`, `soundOfFile`). A press plays it at its own pitch by reading it at that speed, only
/// where the press's sound overlaps the samples asked for: the mix costs the presses times the
/// length of sound they play there, never a copy of the file per press.
public struct KeystrokeMix: Sendable {
    /// How far a press's level and pitch may vary from the sound's own (±), and how late its sound
    /// may start (seconds, never early): small enough to stay with the picture, enough that repeated
    /// keys do not sound mechanical.
    public static let levelVariation = 0.15
    public static let pitchVariation = 0.04
    public static let timingVariation = 0.0005
    /// Above this level the limiter bends the sum smoothly towards full scale.
    public static let limiterKnee: Float = 0.8
    /// Presses mixed between two looks at `isCancelled`.
    static let pressesBetweenChecks = 64

    /// The scene's sound files, decoded, each once, at `PCMSound.trackRate`.
    public private(set) var sounds: [PCMSound] = []
    /// Which of `sounds` each file name the scene gives plays.
    public private(set) var soundOfFile: [String: Int] = [:]
    /// The most samples of any of `sounds`.
    private var longestFile = 0

    public init() {}

    /// A mix of `files`, each name its own sound (already at `PCMSound.trackRate`).
    public init(files: [String: PCMSound]) {
        for (name, sound) in files.sorted(by: { $0.key < $1.key }) { add(sound, named: name) }
    }

    /// Adds `sound` (at `PCMSound.trackRate`) for the file name `name`; returns its index in `sounds`.
    @discardableResult
    public mutating func add(_ sound: PCMSound, named name: String) -> Int {
        sounds.append(sound)
        longestFile = max(longestFile, sound.samples.count)
        soundOfFile[name] = sounds.count - 1
        return sounds.count - 1
    }

    /// Makes `name` play `sounds[index]` (another name of a file already added).
    public mutating func alias(_ name: String, to index: Int) {
        precondition(sounds.indices.contains(index), "alias of a sound that was not added")
        soundOfFile[name] = index
    }

    /// What a mix did, counted (for tests: the work must follow the sound played, not the files).
    struct Work: Equatable {
        /// Samples of pressed sounds added into the sum.
        var samplesAdded = 0
        /// Presses whose sound was synthesized (presets).
        var synthesized = 0
        /// Presses looked at (those whose sound may reach the samples asked for).
        var pressesVisited = 0
    }

    /// The samples `range` of the track of `keystrokes` (in time order; those without a sound are
    /// silent) at `PCMSound.trackRate`. A sample's value does not depend on the range asked: every
    /// press whose sound reaches it is added in the keystrokes' order, so a track made piece by
    /// piece is the track made whole.
    public func samples(of keystrokes: [Keystroke], _ range: Range<Int>) -> [Int16] {
        var work = Work()
        return mixed(keystrokes, range, work: &work)
    }

    /// `samples(of:_:)`, asking `isCancelled` every `pressesBetweenChecks` presses: a true answer
    /// stops the mix with `CancellationError`.
    public func samples(
        of keystrokes: [Keystroke], _ range: Range<Int>, isCancelled: () -> Bool
    ) throws(CancellationError) -> [Int16] {
        var work = Work()
        return try mixed(keystrokes, range, work: &work, isCancelled: isCancelled)
    }

    func mixed(_ keystrokes: [Keystroke], _ range: Range<Int>, work: inout Work) -> [Int16] {
        do throws(CancellationError) {
            return try mixed(keystrokes, range, work: &work, isCancelled: { false })
        } catch {
            preconditionFailure("a mix that is never cancelled was cancelled")
        }
    }

    func mixed(
        _ keystrokes: [Keystroke], _ range: Range<Int>, work: inout Work, isCancelled: () -> Bool
    ) throws(CancellationError) -> [Int16] {
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
        var visited = 0
        for keystroke in keystrokes[first...] {
            guard let sound = keystroke.sound else { continue }
            if keystroke.time * Double(rate) >= Double(range.upperBound) { break }
            // A press whose sound ends before the range, at any pitch and delay, is skipped before
            // its generator is made.
            let file: [Float]?
            switch sound.source {
            case .preset: file = nil
            case .file(let name):
                guard let index = soundOfFile[name] else { continue }
                file = sounds[index].samples
            }
            let longest = file.map { Double($0.count) / (1 - Self.pitchVariation) } ?? Double(presetLength)
            let latest = keystroke.time * Double(rate) + Self.timingVariation * Double(rate) + longest + 2
            guard latest >= Double(range.lowerBound) else { continue }
            visited += 1
            if visited % Self.pressesBetweenChecks == 0, isCancelled() { throw CancellationError() }
            // One generator per press, from the typewriter's seed and the press, so a press sounds
            // the same whatever else the scene holds.
            var generator = SplitMix64(
                seed: keystroke.seed ^ FNV1a.hash("\(keystroke.layer).\(keystroke.animation).\(keystroke.press)"))
            let level = 1 + Self.levelVariation * (generator.nextUnit() * 2 - 1)
            let pitch = 1 + Self.pitchVariation * (generator.nextUnit() * 2 - 1)
            let delay = Self.timingVariation * generator.nextUnit()
            let start = Int(((keystroke.time + delay) * Double(rate)).rounded())
            guard start < range.upperBound else { continue }
            let gain = Float(level * sound.volume)
            if let file {
                // The file at `pitch` times its speed, read by linear interpolation where the range
                // needs it: exactly `PCMSound.resampled(to:speed:)`'s samples, without the copy.
                guard !file.isEmpty else { continue }
                let length = pitch == 1 ? file.count : Int((Double(file.count - 1) / pitch).rounded(.down)) + 1
                let from = max(start, range.lowerBound)
                let to = min(start + length, range.upperBound)
                guard from < to else { continue }
                for index in from..<to {
                    let position = Double(index - start) * pitch
                    let left = Int(position)
                    let fraction = Float(position - Double(left))
                    let right = min(left + 1, file.count - 1)
                    sum[index - range.lowerBound] += (file[left] + (file[right] - file[left]) * fraction) * gain
                }
                work.samplesAdded += to - from
            } else if case .preset(let preset) = sound.source {
                let samples = KeyClickSynthesis.sound(
                    preset, keystroke.kind, rate: rate, pitch: pitch, noiseSeed: generator.next())
                work.synthesized += 1
                let from = max(start, range.lowerBound)
                let to = min(start + samples.count, range.upperBound)
                guard from < to else { continue }
                for index in from..<to {
                    sum[index - range.lowerBound] += samples[index - start] * gain
                }
                work.samplesAdded += to - from
            }
        }
        work.pressesVisited += visited
        return sum.map(Self.limited)
    }

    /// The most samples a preset's press lasts at any pitch.
    private var presetLength: Int {
        Int((KeyClickSynthesis.longestVoice * Double(PCMSound.trackRate)).rounded()) + 1
    }

    /// The most samples one press's sound lasts at its own pitch: the longest preset or file.
    var longestSound: Int { max(presetLength, longestFile) }

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
