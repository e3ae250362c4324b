/// GIF's LZW dictionary, simulated: it estimates how many bits a frame's indices compress to, so
/// the encoder can write the smallest of several renditions that display the same picture.
struct LZWCost {
    /// Bits per index of the color table (at least 2, as GIF requires).
    let minimumCodeSize: Int

    init(colorTableSize: Int) {
        var bits = 2
        while (1 << bits) < colorTableSize { bits += 1 }
        minimumCodeSize = bits
    }

    /// Dictionary slots: a power of two comfortably above LZW's 4,096 codes.
    private static let slots = 16_384

    /// The compressed size in bits, following the encoder: a clear code first, codes growing from
    /// `minimumCodeSize + 1` to 12 bits, and a clear code whenever the dictionary is full.
    func bits(of pixels: [UInt8]) -> Int {
        var simulation = Simulation(minimumCodeSize: minimumCodeSize)
        for pixel in pixels { simulation.append(pixel) }
        return simulation.finish()
    }

    /// The dictionary and the bit count of one LZW stream.
    private struct Simulation {
        let clearCode: Int
        let minimumCodeSize: Int
        var keys = [Int32](repeating: -1, count: LZWCost.slots)
        var codes = [Int16](repeating: 0, count: LZWCost.slots)
        var nextCode: Int
        var codeSize: Int
        var total: Int
        /// The code of the string matched so far; -1 before the first pixel.
        var prefix = -1

        init(minimumCodeSize: Int) {
            self.minimumCodeSize = minimumCodeSize
            clearCode = 1 << minimumCodeSize
            nextCode = clearCode + 2
            codeSize = minimumCodeSize + 1
            total = codeSize
        }

        mutating func append(_ byte: UInt8) {
            guard prefix >= 0 else {
                prefix = Int(byte)
                return
            }
            let key = key(byte)
            let slot = slot(for: key)
            if keys[slot] == key {
                prefix = Int(codes[slot])
                return
            }
            total += codeSize
            if nextCode < 4096 {
                keys[slot] = key
                codes[slot] = Int16(nextCode)
                if nextCode == (1 << codeSize) && codeSize < 12 { codeSize += 1 }
                nextCode += 1
            } else {
                total += codeSize
                for i in keys.indices { keys[i] = -1 }
                nextCode = clearCode + 2
                codeSize = minimumCodeSize + 1
            }
            prefix = Int(byte)
        }

        /// The total in bits, with the last code and the end code.
        func finish() -> Int {
            prefix < 0 ? 0 : total + 2 * codeSize
        }

        private func key(_ byte: UInt8) -> Int32 { Int32(prefix << 8 | Int(byte)) }

        /// The slot holding `key`, or the empty slot where it would go (linear probing).
        private func slot(for key: Int32) -> Int {
            var slot = Int((UInt32(bitPattern: key) &* 2_654_435_761) >> 18) & (LZWCost.slots - 1)
            while keys[slot] != -1 && keys[slot] != key { slot = (slot + 1) & (LZWCost.slots - 1) }
            return slot
        }
    }
}
