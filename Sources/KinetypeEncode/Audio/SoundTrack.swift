import Foundation
import KinetypeCore

/// The keystrokes' sound track of a video: `sampleCount` samples at `PCMSound.trackRate`, mixed by
/// `mix`. It is written as a mono 16-bit WAV one second at a time, so memory does not grow with
/// the video's length.
public struct SoundTrack: Sendable {
    /// In time order (`KeystrokeSchedule`).
    public let keystrokes: [Keystroke]
    public let mix: KeystrokeMix
    public let sampleCount: Int

    /// Samples mixed at once.
    static let chunk = PCMSound.trackRate

    public init(keystrokes: [Keystroke], mix: KeystrokeMix, sampleCount: Int) {
        self.keystrokes = keystrokes
        self.mix = mix
        self.sampleCount = sampleCount
    }

    /// The WAV file's bytes, header first, in pieces of at most a second of sound.
    public func writeWAV(_ append: ([UInt8]) throws -> Void) throws {
        try append([UInt8](WAVFile.header(sampleCount: sampleCount, rate: PCMSound.trackRate)))
        for start in stride(from: 0, to: sampleCount, by: Self.chunk) {
            let samples = mix.samples(of: keystrokes, start..<min(sampleCount, start + Self.chunk))
            var bytes = [UInt8](repeating: 0, count: samples.count * 2)
            for (index, sample) in samples.enumerated() {
                let bits = UInt16(bitPattern: sample)
                bytes[2 * index] = UInt8(truncatingIfNeeded: bits)
                bytes[2 * index + 1] = UInt8(truncatingIfNeeded: bits >> 8)
            }
            try append(bytes)
        }
    }

    /// Writes the WAV to `url` atomically (put in place with `group`'s other outputs when given).
    public func writeWAV(to url: URL, group: OutputGroup? = nil) throws {
        let sink = try OutputByteSink(destination: url, group: group)
        do {
            try writeWAV { try sink.append($0) }
        } catch {
            sink.discard()
            throw error
        }
        _ = try sink.finish()
    }

    /// Writes the WAV into `file`'s temporary (which is then ffmpeg's to read, never put in place).
    func writeWAV(intoTemporaryOf file: AtomicFile) throws {
        do {
            let handle = try FileHandle(forWritingTo: file.temporaryURL)
            defer { try? handle.close() }
            try writeWAV { try handle.write(contentsOf: $0) }
        } catch {
            throw OutputError.cannotWrite(file.destination, error: error)
        }
    }
}
