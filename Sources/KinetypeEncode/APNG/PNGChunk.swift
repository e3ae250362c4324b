/// PNG chunks: a 4-byte big-endian length, a 4-letter type, the data and a CRC-32 of type and
/// data (ISO 3309, as zlib's `crc32`).
enum PNGChunk {
    /// The 8 bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The chunk `type` with `data`, ready to append to a file.
    static func make(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4, "a PNG chunk type has 4 letters")
        var chunk = bigEndian(UInt32(data.count))
        chunk += typeBytes
        chunk += data
        chunk += bigEndian(crc32(typeBytes + data))
        return chunk
    }

    /// The CRC-32 of `bytes` (polynomial 0xEDB88320, as PNG and zlib use).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func bigEndian(_ value: UInt16) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }

    /// The big-endian 32-bit number at `offset` of `bytes`.
    static func uint32(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt32 {
        let start = bytes.startIndex + offset
        return UInt32(bytes[start]) << 24 | UInt32(bytes[start + 1]) << 16 | UInt32(bytes[start + 2]) << 8
            | UInt32(bytes[start + 3])
    }

    /// The big-endian 16-bit number at `offset` of `bytes`.
    static func uint16(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt16 {
        let start = bytes.startIndex + offset
        return UInt16(bytes[start]) << 8 | UInt16(bytes[start + 1])
    }

    /// The chunks of a PNG file after its signature, as (type, data) pairs; nil when the data is
    /// not a PNG, a chunk runs past the end, or a CRC is wrong. Stops after IEND.
    static func parse(_ bytes: [UInt8]) -> [(type: String, data: ArraySlice<UInt8>)]? {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return nil }
        var chunks: [(type: String, data: ArraySlice<UInt8>)] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(uint32(bytes[...], at: offset))
            guard length <= 0x7FFF_FFFF, offset + 12 + length <= bytes.count else { return nil }
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                return nil
            }
            let data = bytes[(offset + 8)..<(offset + 8 + length)]
            let stored = uint32(bytes[...], at: offset + 8 + length)
            guard crc32(Array(bytes[(offset + 4)..<(offset + 8 + length)])) == stored else { return nil }
            let type = String(decoding: typeBytes, as: UTF8.self)
            chunks.append((type, data))
            offset += 12 + length
            if type == "IEND" { return chunks }
        }
        return nil
    }
}
