import Foundation

/// FLAC files (RFC 9639), decoded natively: STREAMINFO, then frames of CONSTANT, VERBATIM, FIXED and
/// LPC subframes with partitioned Rice residuals, stereo decorrelation and wasted bits, 4 to 32 bits
/// per sample, mono or stereo (mixed down to mono like `WAVFile`). Headers and frames are
/// CRC-checked; a damaged, cut or oversized stream is a `WAVFile.Problem` with a reason.
public enum FLACFile {
    /// Every channel's samples of a stream, as integers of `bits` bits.
    struct Channels: Equatable {
        var rate: Int
        var bits: Int
        var channels: [[Int32]]
    }

    static func damaged(_ what: String) -> WAVFile.Problem {
        WAVFile.Problem(reason: "is a damaged FLAC file (\(what))")
    }

    /// The samples of `data` (a FLAC file, starting with "fLaC"), mixed to mono.
    public static func decode(_ data: Data) throws(WAVFile.Problem) -> PCMSound {
        let stream = try decodeChannels(data)
        let scale = Float(sign: .plus, exponent: stream.bits - 1, significand: 1)
        let count = stream.channels[0].count
        var mono = [Float](repeating: 0, count: count)
        if stream.channels.count == 1 {
            for index in 0..<count { mono[index] = Float(stream.channels[0][index]) / scale }
        } else {
            let (left, right) = (stream.channels[0], stream.channels[1])
            for index in 0..<count { mono[index] = (Float(left[index]) / scale + Float(right[index]) / scale) / 2 }
        }
        return PCMSound(samples: mono, rate: stream.rate)
    }

    /// Every channel's samples, exactly as encoded.
    static func decodeChannels(_ data: Data) throws(WAVFile.Problem) -> Channels {
        let bytes = [UInt8](data)
        guard bytes.count >= 4, bytes[0..<4].elementsEqual("fLaC".utf8) else {
            throw WAVFile.Problem(reason: "is not a FLAC file")
        }
        var reader = FLACBitReader(bytes, byte: 4)
        // Metadata blocks: STREAMINFO first, the rest skipped.
        var info: (rate: Int, channels: Int, bits: Int, total: Int)?
        var last = false
        while !last {
            last = try reader.read(1) == 1
            let type = try reader.read(7)
            let length = Int(try reader.read(24))
            guard length <= reader.bitsLeft / 8 else { throw FLACBitReader.cutShort }
            if info == nil {
                guard type == 0, length == 34 else { throw damaged("it does not start with STREAMINFO") }
                _ = try reader.read(16) // minimum block size
                _ = try reader.read(16) // maximum block size
                _ = try reader.read(24) // minimum frame size
                _ = try reader.read(24) // maximum frame size
                let rate = Int(try reader.read(20))
                let channels = Int(try reader.read(3)) + 1
                let bits = Int(try reader.read(5)) + 1
                let total = Int(try reader.read(36))
                _ = try reader.read(64) // MD5, first half
                _ = try reader.read(64)
                info = (rate, channels, bits, total)
            } else {
                guard type != 0, type != 127 else { throw damaged("a second STREAMINFO or an invalid block") }
                reader = FLACBitReader(bytes, byte: reader.byte + length)
            }
        }
        guard let info else { throw damaged("it has no STREAMINFO") }
        guard info.channels <= 2 else {
            throw WAVFile.Problem(reason: "has \(info.channels) channels; kinetype reads mono and stereo")
        }
        guard info.bits >= 4 else {
            throw WAVFile.Problem(reason: "has \(info.bits)-bit samples; FLAC has 4 to 32 bits per sample")
        }
        guard WAVFile.rates.contains(info.rate) else {
            throw WAVFile.Problem(reason: "has a sample rate of \(info.rate) Hz; kinetype reads 8000 to 192000 Hz")
        }
        // The cap on samples per channel, checked before anything of that size is allocated.
        let longest = Int(WAVFile.longestSound * Double(info.rate))
        let tooLong = WAVFile.Problem(
            reason: "lasts more than \(Int(WAVFile.longestSound)) s; a key sound is a fraction of a second")
        guard info.total <= longest else { throw tooLong }
        var channels = [[Int32]](repeating: [], count: info.channels)
        for index in channels.indices { channels[index].reserveCapacity(info.total) }
        var decoded = 0
        while reader.byte < bytes.count, info.total == 0 || decoded < info.total {
            let block = try frame(&reader, info: (info.rate, info.channels, info.bits))
            guard decoded + block[0].count <= longest else { throw tooLong }
            for channel in channels.indices {
                for sample in block[channel] { channels[channel].append(Int32(truncatingIfNeeded: sample)) }
            }
            decoded += block[0].count
        }
        guard info.total == 0 || decoded == info.total else {
            throw decoded < info.total
                ? WAVFile.Problem(reason: "is cut short (it has \(decoded) of \(info.total) samples)")
                : damaged("its frames hold more samples than STREAMINFO says")
        }
        return Channels(rate: info.rate, bits: info.bits, channels: channels)
    }

    /// One frame at `reader` (byte-aligned): every channel's samples.
    private static func frame(
        _ reader: inout FLACBitReader, info: (rate: Int, channels: Int, bits: Int)
    ) throws(WAVFile.Problem) -> [[Int64]] {
        let start = reader.byte
        guard try reader.read(14) == 0x3FFE else { throw damaged("a frame does not start with a sync code") }
        guard try reader.read(1) == 0 else { throw damaged("a frame header's reserved bit is set") }
        _ = try reader.read(1) // blocking strategy: the coded number below is a frame or a sample number
        let blockCode = Int(try reader.read(4))
        let rateCode = Int(try reader.read(4))
        let channelCode = Int(try reader.read(4))
        let bitsCode = Int(try reader.read(3))
        guard try reader.read(1) == 0 else { throw damaged("a frame header's reserved bit is set") }
        // The frame or sample number, UTF-8-like coded in 1 to 7 bytes.
        let first = try reader.read(8)
        let extra: Int
        switch first {
        case 0x00..<0x80: extra = 0
        case 0xC0..<0xE0: extra = 1
        case 0xE0..<0xF0: extra = 2
        case 0xF0..<0xF8: extra = 3
        case 0xF8..<0xFC: extra = 4
        case 0xFC..<0xFE: extra = 5
        case 0xFE: extra = 6
        default: throw damaged("a frame number is badly coded")
        }
        for _ in 0..<extra {
            guard try reader.read(8) & 0xC0 == 0x80 else { throw damaged("a frame number is badly coded") }
        }
        let blockSize: Int
        switch blockCode {
        case 0: throw damaged("a block size code is reserved")
        case 1: blockSize = 192
        case 2...5: blockSize = 144 << blockCode
        case 6: blockSize = Int(try reader.read(8)) + 1
        case 7: blockSize = Int(try reader.read(16)) + 1
        default: blockSize = 1 << blockCode
        }
        let rate: Int
        switch rateCode {
        case 0: rate = info.rate
        case 12: rate = Int(try reader.read(8)) * 1000
        case 13: rate = Int(try reader.read(16))
        case 14: rate = Int(try reader.read(16)) * 10
        case 15: throw damaged("a sample rate code is invalid")
        default:
            rate =
                [0, 88_200, 176_400, 192_000, 8_000, 16_000, 22_050, 24_000, 32_000, 44_100, 48_000, 96_000][rateCode]
        }
        guard rate == info.rate else { throw damaged("a frame's sample rate differs from STREAMINFO's") }
        let bits: Int
        switch bitsCode {
        case 0: bits = info.bits
        case 3: throw damaged("a sample size code is reserved")
        default: bits = [0, 8, 12, 0, 16, 20, 24, 32][bitsCode]
        }
        guard bits == info.bits else { throw damaged("a frame's sample size differs from STREAMINFO's") }
        let frameChannels = channelCode < 8 ? channelCode + 1 : channelCode <= 10 ? 2 : 0
        guard frameChannels != 0 else { throw damaged("a channel assignment is reserved") }
        guard frameChannels == info.channels else { throw damaged("a frame's channels differ from STREAMINFO's") }
        let headerEnd = reader.byte
        guard try reader.read(8) == UInt64(crc8(reader.bytes[start..<headerEnd])) else {
            throw damaged("a frame header's CRC-8 does not match")
        }
        var block: [[Int64]] = []
        for channel in 0..<frameChannels {
            // The side channel of a decorrelated pair has one bit more.
            let side =
                (channelCode == 8 && channel == 1) || (channelCode == 9 && channel == 0)
                || (channelCode == 10 && channel == 1)
            block.append(try subframe(&reader, blockSize: blockSize, bits: bits + (side ? 1 : 0)))
        }
        switch channelCode {
        case 8: // left, side
            for index in 0..<blockSize { block[1][index] = block[0][index] - block[1][index] }
        case 9: // side, right
            for index in 0..<blockSize { block[0][index] += block[1][index] }
        case 10: // mid, side
            for index in 0..<blockSize {
                let side = block[1][index]
                let mid = block[0][index] << 1 | (side & 1)
                block[0][index] = (mid + side) >> 1
                block[1][index] = (mid - side) >> 1
            }
        default: break
        }
        let smallest = -(Int64(1) << Int64(bits - 1))
        for channel in block.indices {
            for sample in block[channel] where sample < smallest || sample > ~smallest {
                throw damaged("a sample is out of range")
            }
        }
        reader.align()
        let frameEnd = reader.byte
        guard try reader.read(16) == UInt64(crc16(reader.bytes[start..<frameEnd])) else {
            throw damaged("a frame's CRC-16 does not match")
        }
        return block
    }

    /// One subframe of `blockSize` samples of `bits` bits (4…33).
    private static func subframe(
        _ reader: inout FLACBitReader, blockSize: Int, bits fullBits: Int
    ) throws(WAVFile.Problem) -> [Int64] {
        guard try reader.read(1) == 0 else { throw damaged("a subframe's padding bit is set") }
        let type = Int(try reader.read(6))
        var wasted = 0
        if try reader.read(1) == 1 { wasted = try reader.unary(limit: fullBits) + 1 }
        let bits = fullBits - wasted
        guard bits >= 1 else { throw damaged("a subframe wastes all its bits") }
        var samples: [Int64]
        switch type {
        case 0:
            samples = [Int64](repeating: try reader.readSigned(bits), count: blockSize)
        case 1:
            guard blockSize * bits <= reader.bitsLeft else { throw FLACBitReader.cutShort }
            samples = [Int64](repeating: 0, count: blockSize)
            for index in 0..<blockSize { samples[index] = try reader.readSigned(bits) }
        case 8...12:
            let order = type - 8
            let coefficients: [Int64] = [[], [1], [2, -1], [3, -3, 1], [4, -6, 4, -1]][order]
            samples = try predicted(&reader, blockSize: blockSize, bits: bits, coefficients: coefficients, shift: 0)
        case 32...63:
            let order = type - 31
            guard order <= blockSize else { throw damaged("an LPC order exceeds the block size") }
            guard order <= reader.bitsLeft / bits else { throw FLACBitReader.cutShort }
            var warmUp: [Int64] = []
            for _ in 0..<order { warmUp.append(try reader.readSigned(bits)) }
            let precisionCode = Int(try reader.read(4))
            guard precisionCode != 15 else { throw damaged("an LPC precision is invalid") }
            let shift = Int(try reader.readSigned(5))
            guard shift >= 0 else { throw damaged("an LPC shift is negative") }
            var coefficients: [Int64] = []
            for _ in 0..<order { coefficients.append(try reader.readSigned(precisionCode + 1)) }
            samples = try predicted(
                &reader, blockSize: blockSize, bits: bits, coefficients: coefficients, shift: shift, warmUp: warmUp)
        default:
            throw damaged("a subframe type is reserved")
        }
        if wasted > 0 {
            for index in samples.indices { samples[index] <<= Int64(wasted) }
        }
        return samples
    }

    /// A FIXED or LPC subframe's samples: warm-up samples, then residuals plus the prediction
    /// `(Σ coefficients[j] · sample[i-1-j]) >> shift`. Samples stay within 33 bits, coefficients
    /// within 15, and orders within 32, so every sum fits an Int64.
    private static func predicted(
        _ reader: inout FLACBitReader, blockSize: Int, bits: Int, coefficients: [Int64], shift: Int,
        warmUp given: [Int64]? = nil
    ) throws(WAVFile.Problem) -> [Int64] {
        let order = coefficients.count
        guard order <= blockSize else { throw damaged("a predictor order exceeds the block size") }
        var samples = [Int64](repeating: 0, count: blockSize)
        if let given {
            for index in 0..<order { samples[index] = given[index] }
        } else {
            guard order <= reader.bitsLeft / bits else { throw FLACBitReader.cutShort }
            for index in 0..<order { samples[index] = try reader.readSigned(bits) }
        }
        try residual(&reader, into: &samples, order: order)
        let limit = Int64(1) << 33
        for index in order..<blockSize {
            var sum: Int64 = 0
            for (lag, coefficient) in coefficients.enumerated() { sum += coefficient * samples[index - 1 - lag] }
            let sample = samples[index] + (sum >> Int64(shift))
            guard sample > -limit, sample < limit else { throw damaged("a predicted sample is out of range") }
            samples[index] = sample
        }
        return samples
    }

    /// The partitioned Rice residual, written into `samples[order...]`.
    private static func residual(
        _ reader: inout FLACBitReader, into samples: inout [Int64], order: Int
    ) throws(WAVFile.Problem) {
        let method = try reader.read(2)
        guard method <= 1 else { throw damaged("a residual coding method is reserved") }
        let parameterBits = method == 0 ? 4 : 5
        let escape: UInt64 = method == 0 ? 15 : 31
        let partitionOrder = Int(try reader.read(4))
        let blockSize = samples.count
        let partitionSize = blockSize >> partitionOrder
        guard partitionSize << partitionOrder == blockSize, partitionSize >= order else {
            throw damaged("a residual's partition order does not fit the block size")
        }
        var index = order
        for partition in 0..<(1 << partitionOrder) {
            let end = (partition + 1) * partitionSize
            let parameter = try reader.read(parameterBits)
            if parameter == escape {
                let bits = Int(try reader.read(5))
                guard (end - index) * bits <= reader.bitsLeft else { throw FLACBitReader.cutShort }
                while index < end {
                    samples[index] = try reader.readSigned(bits)
                    index += 1
                }
            } else {
                let k = Int(parameter)
                // A residual stays within 32 bits, so the quotient is bounded.
                let limit = Int(UInt64(UInt32.max) >> UInt64(k))
                while index < end {
                    let quotient = UInt64(try reader.unary(limit: limit))
                    let remainder = try reader.read(k)
                    let folded = quotient << UInt64(k) | remainder
                    samples[index] = Int64(folded >> 1) ^ -Int64(folded & 1)
                    index += 1
                }
            }
        }
    }

    private static let crc8Table: [UInt8] = (0..<256).map { byte in
        var crc = UInt8(byte)
        for _ in 0..<8 { crc = crc & 0x80 != 0 ? crc << 1 ^ 0x07 : crc << 1 }
        return crc
    }

    private static let crc16Table: [UInt16] = (0..<256).map { byte in
        var crc = UInt16(byte) << 8
        for _ in 0..<8 { crc = crc & 0x8000 != 0 ? crc << 1 ^ 0x8005 : crc << 1 }
        return crc
    }

    static func crc8(_ bytes: ArraySlice<UInt8>) -> UInt8 {
        var crc: UInt8 = 0
        for byte in bytes { crc = crc8Table[Int(crc ^ byte)] }
        return crc
    }

    static func crc16(_ bytes: ArraySlice<UInt8>) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes { crc = crc << 8 ^ crc16Table[Int(UInt8(crc >> 8) ^ byte)] }
        return crc
    }
}
