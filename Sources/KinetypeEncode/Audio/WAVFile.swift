import Foundation

/// RIFF WAVE files: decoding 16-bit and 24-bit integer and 32-bit float PCM, mono or stereo
/// (stereo is mixed down to mono), and the header of a mono 16-bit track (`SoundTrack`).
public enum WAVFile {
    /// The longest sound file a typewriter may use, in seconds: a key sound is a fraction of one.
    public static let longestSound = 10.0
    /// Sample rates accepted.
    public static let rates = 8_000...192_000

    /// Why a file is not a WAV kinetype reads.
    public struct Problem: Error, Equatable, Sendable {
        public var reason: String
    }

    /// The samples of `data`, mixed to mono.
    public static func decode(_ data: Data) throws(Problem) -> PCMSound {
        let bytes = [UInt8](data)
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else {
            throw Problem(reason: "is not a WAV file (RIFF WAVE)")
        }
        var format: (code: Int, channels: Int, rate: Int, bits: Int)?
        var samples: Range<Int>?
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = u32(offset + 4)
            let body = offset + 8
            guard size <= bytes.count - body else {
                // A data chunk may claim more than was written (a stream's header): take what is there.
                if tag(offset) == "data" { samples = body..<bytes.count }
                break
            }
            switch tag(offset) {
            case "fmt ":
                guard size >= 16 else { throw Problem(reason: "has a damaged format chunk") }
                var code = u16(body)
                if code == 0xFFFE, size >= 26 { code = u16(body + 24) } // WAVE_FORMAT_EXTENSIBLE's sub-format
                format = (code, u16(body + 2), u32(body + 4), u16(body + 14))
            case "data":
                samples = body..<body + size
            default:
                break
            }
            offset = body + size + (size & 1)
        }
        guard let format else { throw Problem(reason: "has no format chunk") }
        guard let samples else { throw Problem(reason: "has no data chunk") }
        let kind: (integer: Bool, bytes: Int)
        switch (format.code, format.bits) {
        case (1, 16): kind = (true, 2)
        case (1, 24): kind = (true, 3)
        case (3, 32): kind = (false, 4)
        default:
            throw Problem(
                reason: "is \(format.code == 3 ? "float" : format.code == 1 ? "integer" : "compressed") "
                    + "\(format.bits)-bit audio; kinetype reads 16-bit and 24-bit integer and 32-bit float PCM")
        }
        guard format.channels == 1 || format.channels == 2 else {
            throw Problem(reason: "has \(format.channels) channels; kinetype reads mono and stereo")
        }
        guard rates.contains(format.rate) else {
            throw Problem(reason: "has a sample rate of \(format.rate) Hz; kinetype reads 8000 to 192000 Hz")
        }
        let frameBytes = kind.bytes * format.channels
        let frames = samples.count / frameBytes
        guard Double(frames) / Double(format.rate) <= longestSound else {
            throw Problem(reason: "lasts more than \(Int(longestSound)) s; a key sound is a fraction of a second")
        }
        func sample(_ at: Int) -> Float {
            switch kind.bytes {
            case 2: return Float(Int16(bitPattern: UInt16(u16(at)))) / 32_768
            case 3:
                let value = Int32(
                    bitPattern: UInt32(bytes[at]) << 8 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 24)
                return Float(value >> 8) / 8_388_608
            default:
                let value = Float(bitPattern: UInt32(u32(at)))
                return value.isFinite ? max(-1, min(1, value)) : 0
            }
        }
        var mono = [Float](repeating: 0, count: frames)
        for frame in 0..<frames {
            let start = samples.lowerBound + frame * frameBytes
            mono[frame] =
                format.channels == 1 ? sample(start) : (sample(start) + sample(start + kind.bytes)) / 2
        }
        return PCMSound(samples: mono, rate: format.rate)
    }

    /// The 44-byte header of a mono 16-bit PCM WAV of `sampleCount` samples at `rate`.
    public static func header(sampleCount: Int, rate: Int) -> Data {
        var data = Data(capacity: 44)
        func append(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
        append("RIFF")
        append32(36 + sampleCount * 2)
        append("WAVEfmt ")
        append32(16)
        append16(1) // PCM
        append16(1) // mono
        append32(rate)
        append32(rate * 2)
        append16(2)
        append16(16)
        append("data")
        append32(sampleCount * 2)
        return data
    }
}
