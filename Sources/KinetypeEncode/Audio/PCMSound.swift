/// A mono sound as samples of -1…1 at a sample rate: a key sound, or a mixed track.
public struct PCMSound: Equatable, Sendable {
    public var samples: [Float]
    /// Samples per second.
    public var rate: Int

    /// The rate of every track kinetype makes.
    public static let trackRate = 48_000

    public init(samples: [Float], rate: Int) {
        self.samples = samples
        self.rate = rate
    }

    /// Seconds.
    public var duration: Double { Double(samples.count) / Double(rate) }

    /// The sound at `rate`, by linear interpolation (a pure function of the samples, so the same on
    /// every run). `speed` above 1 plays it faster: shorter and higher.
    public func resampled(to rate: Int, speed: Double = 1) -> PCMSound {
        let step = Double(self.rate) / Double(rate) * speed
        guard !samples.isEmpty, step > 0 else { return PCMSound(samples: [], rate: rate) }
        if step == 1 { return PCMSound(samples: samples, rate: rate) }
        let count = Int((Double(samples.count - 1) / step).rounded(.down)) + 1
        var result = [Float](repeating: 0, count: count)
        for index in 0..<count {
            let position = Double(index) * step
            let left = Int(position)
            let fraction = Float(position - Double(left))
            let right = min(left + 1, samples.count - 1)
            result[index] = samples[left] + (samples[right] - samples[left]) * fraction
        }
        return PCMSound(samples: result, rate: rate)
    }
}
