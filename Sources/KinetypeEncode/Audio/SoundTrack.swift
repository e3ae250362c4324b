import Foundation
import KinetypeCore

/// The keystrokes' sound track of a video: `sampleCount` samples at `PCMSound.trackRate`, mixed by
/// `mix`. It is written as a mono 16-bit WAV one second at a time, so memory does not grow with
/// the video's length. `isCancelled` is asked while mixing (`KeystrokeMix`): a true answer stops the
/// track with `CancellationError`, and whatever was written of it is discarded.
public struct SoundTrack: Sendable {
    /// In time order (`KeystrokeSchedule`).
    public let keystrokes: [Keystroke]
    public let mix: KeystrokeMix
    public let sampleCount: Int
    public var isCancelled: @Sendable () -> Bool

    /// Samples mixed at once.
    static let chunk = PCMSound.trackRate

    public init(
        keystrokes: [Keystroke], mix: KeystrokeMix, sampleCount: Int,
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) {
        self.keystrokes = keystrokes
        self.mix = mix
        self.sampleCount = sampleCount
        self.isCancelled = isCancelled
    }

    /// Pieces (seconds) of the track, for progress.
    public var pieces: Int { (sampleCount + Self.chunk - 1) / Self.chunk }

    /// The WAV file's bytes, header first, in pieces of at most a second of sound; `progress` is told
    /// how many pieces are done (from 0) of `pieces`.
    public func writeWAV(progress: (Int) -> Void = { _ in }, _ append: ([UInt8]) throws -> Void) throws {
        try append([UInt8](WAVFile.header(sampleCount: sampleCount, rate: PCMSound.trackRate)))
        progress(0)
        for (piece, start) in stride(from: 0, to: sampleCount, by: Self.chunk).enumerated() {
            if isCancelled() { throw CancellationError() }
            let samples = try mix.samples(
                of: keystrokes, start..<min(sampleCount, start + Self.chunk), isCancelled: isCancelled)
            var bytes = [UInt8](repeating: 0, count: samples.count * 2)
            for (index, sample) in samples.enumerated() {
                let bits = UInt16(bitPattern: sample)
                bytes[2 * index] = UInt8(truncatingIfNeeded: bits)
                bytes[2 * index + 1] = UInt8(truncatingIfNeeded: bits >> 8)
            }
            try append(bytes)
            progress(piece + 1)
        }
    }

    /// Writes the WAV to `url` atomically (put in place with `group`'s other outputs when given).
    public func writeWAV(to url: URL, group: OutputGroup? = nil, progress: (Int) -> Void = { _ in }) throws {
        let sink = try OutputByteSink(destination: url, group: group)
        do {
            try writeWAV(progress: progress) { try sink.append($0) }
        } catch {
            sink.discard()
            throw error
        }
        _ = try sink.finish()
    }

    /// Writes the WAV into `file`'s temporary (which is then ffmpeg's to read, never put in place).
    func writeWAV(intoTemporaryOf file: borrowing AtomicFile) throws {
        do {
            let handle = try FileHandle(forWritingTo: file.temporaryURL)
            defer { try? handle.close() }
            try writeWAV { try handle.write(contentsOf: $0) }
        } catch let cancelled as CancellationError {
            throw cancelled
        } catch {
            throw OutputError.cannotWrite(file.destination, error: error)
        }
    }
}
