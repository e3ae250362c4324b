import Foundation

/// Hand-made PNG and GIF bytes for fault-injection tests (no image library in the CLI tests).
enum CraftedFiles {
    /// A valid 8-bit grayscale PNG of `width × height` pixels, all `gray` (stored, uncompressed deflate).
    static func png(width: Int, height: Int, gray: UInt8 = 128) -> Data {
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + [UInt8](repeating: gray, count: width) }
        return png(width: width, height: height, colorType: 0, idat: zlibStored(raw))
    }

    /// A PNG whose IHDR claims `width × height` RGB pixels, with a tiny (valid, empty) IDAT: what a
    /// decompression bomb looks like to anything that trusts the header.
    static func pngBomb(width: Int, height: Int) -> Data {
        png(width: width, height: height, colorType: 2, idat: zlibStored([]))
    }

    /// A grayscale PNG header whose second chunk, of `type`, claims `claimed` bytes that the file
    /// does not have: 45 bytes that would make libpng allocate the claimed length.
    static func pngClaimingChunk(_ type: String, length claimed: Int, width: Int = 1, height: Int = 1) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", be32(width) + be32(height) + [8, 0, 0, 0, 0])
        bytes += be32(claimed) + Array(type.utf8) + [0x6B, 0x65, 0x79, 0]
        return Data(bytes)
    }

    /// `png` with a valid `type` chunk of `body` placed right after its IHDR chunk.
    static func inserting(_ type: String, _ body: [UInt8], into png: Data) -> Data {
        let bytes = [UInt8](png)
        return Data(bytes[0..<33] + chunk(type, body) + bytes[33...])
    }

    /// A GIF with a `screenWidth × screenHeight` screen and one frame of `frameWidth × frameHeight`.
    static func gif(screenWidth: Int, screenHeight: Int, frameWidth: Int, frameHeight: Int) -> Data {
        var bytes =
            Array("GIF89a".utf8) + le16(screenWidth) + le16(screenHeight) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        bytes += [0x2C] + le16(0) + le16(0) + le16(frameWidth) + le16(frameHeight) + [0]
        bytes += [2, 2, 0x44, 0x01, 0, 0x3B]
        return Data(bytes)
    }

    private static func png(width: Int, height: Int, colorType: UInt8, idat: [UInt8]) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", be32(width) + be32(height) + [8, colorType, 0, 0, 0])
        bytes += chunk("IDAT", idat)
        bytes += chunk("IEND", [])
        return Data(bytes)
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return be32(body.count) + typed + be32(Int(crc32(typed)))
    }

    private static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, raw.count - offset)
            let last: UInt8 = offset + count == raw.count ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += raw[offset..<(offset + count)]
            offset += count
        } while offset < raw.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + be32(Int(b << 16 | a))
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func be32(_ value: Int) -> [UInt8] {
        [UInt8((value >> 24) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
}
