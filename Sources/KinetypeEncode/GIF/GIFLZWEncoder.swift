/// GIF's LZW compression, written here rather than left to giflib so that each frame can use the
/// smallest code size its indices allow (giflib always uses the color table's). The code stream
/// follows giflib's encoder: a clear code first, codes growing from `minimumCodeSize + 1` bits up
/// to 12, a clear code when the table reaches 4,095 codes, the end code last; bits packed from
/// the least significant end.
enum GIFLZWEncoder {
    /// The compressed bytes of `pixels` (every index below `1 << minimumCodeSize`), without the
    /// code-size byte and the sub-block framing.
    static func encode(_ pixels: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clearCode = 1 << minimumCodeSize
        let endCode = clearCode + 1
        var output = BitPacker()
        var table = CodeTable()
        var codeSize = minimumCodeSize + 1
        var nextCode = endCode + 1

        func emit(_ code: Int) {
            output.append(code, bits: codeSize)
            if nextCode >= 1 << codeSize && codeSize < 12 { codeSize += 1 }
        }

        emit(clearCode)
        guard var current = pixels.first.map(Int.init) else {
            emit(endCode)
            return output.finish()
        }
        for pixel in pixels.dropFirst() {
            if let code = table.code(prefix: current, byte: pixel) {
                current = code
                continue
            }
            emit(current)
            let prefix = current
            current = Int(pixel)
            if nextCode >= 4095 {
                emit(clearCode)
                nextCode = endCode + 1
                codeSize = minimumCodeSize + 1
                table.removeAll()
            } else {
                table.insert(prefix: prefix, byte: pixel, code: nextCode)
                nextCode += 1
            }
        }
        emit(current)
        emit(endCode)
        return output.finish()
    }

    /// The smallest code size (at least 2, as GIF requires) whose alphabet holds `largest`.
    static func minimumCodeSize(forLargestIndex largest: UInt8) -> Int {
        var bits = 2
        while (1 << bits) <= Int(largest) { bits += 1 }
        return bits
    }
}

/// Packs codes of varying width into bytes, least significant bit first.
private struct BitPacker {
    private var bytes: [UInt8] = []
    private var buffer: UInt32 = 0
    private var count = 0

    mutating func append(_ code: Int, bits: Int) {
        buffer |= UInt32(code) << UInt32(count)
        count += bits
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    mutating func finish() -> [UInt8] {
        if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        return bytes
    }
}

/// The string table: (prefix code, next index) → code, open-addressed.
private struct CodeTable {
    private static let slots = 16_384
    private var keys = [Int32](repeating: -1, count: slots)
    private var codes = [Int16](repeating: 0, count: slots)

    func code(prefix: Int, byte: UInt8) -> Int? {
        let key = Int32(prefix << 8 | Int(byte))
        var slot = Self.slot(of: key)
        while keys[slot] != -1 {
            if keys[slot] == key { return Int(codes[slot]) }
            slot = (slot + 1) & (Self.slots - 1)
        }
        return nil
    }

    mutating func insert(prefix: Int, byte: UInt8, code: Int) {
        let key = Int32(prefix << 8 | Int(byte))
        var slot = Self.slot(of: key)
        while keys[slot] != -1 { slot = (slot + 1) & (Self.slots - 1) }
        keys[slot] = key
        codes[slot] = Int16(code)
    }

    mutating func removeAll() {
        for i in keys.indices { keys[i] = -1 }
    }

    private static func slot(of key: Int32) -> Int {
        Int((UInt32(bitPattern: key) &* 2_654_435_761) >> 18) & (slots - 1)
    }
}
