import Foundation

/// A dotLottie file (`.lottie`): a ZIP archive holding `manifest.json` and
/// `animations/<id>.json`. Entries are stored (not compressed) with a fixed timestamp
/// (1980-01-01 00:00, the earliest a ZIP can say), so the same animation gives the same bytes.
public enum DotLottieArchive {
    /// The archive of one animation, named `id` in the manifest.
    public static func archive(animation: Data, id: String) -> Data {
        let manifest = LottieJSON.object([
            ("version", .string("1")),
            ("generator", .string("kinetype")),
            ("animations", .array([.object([("id", .string(id))])])),
        ]).bytes
        return zip([("manifest.json", manifest), ("animations/\(id).json", animation)])
    }

    /// An animation id made of the name's letters, digits, `-` and `_` (`animation` when none is left).
    public static func id(forName name: String) -> String {
        let kept = String(
            name.unicodeScalars.filter {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
            }
        )
        return kept.isEmpty ? "animation" : kept
    }

    /// A ZIP archive of stored entries, in the given order.
    static func zip(_ entries: [(name: String, data: Data)]) -> Data {
        var out = Data()
        var central = Data()
        for entry in entries {
            let name = Array(entry.name.utf8)
            let crc = crc32(entry.data)
            let offset = UInt32(out.count)
            // Local file header.
            out.appendLittleEndian(UInt32(0x0403_4B50))
            out.appendLittleEndian(UInt16(10)) // version needed: 1.0 (stored)
            out.appendLittleEndian(UInt16(0x0800)) // flags: names are UTF-8
            out.appendLittleEndian(UInt16(0)) // method: stored
            out.appendLittleEndian(UInt16(0)) // time 00:00:00
            out.appendLittleEndian(UInt16(0x21)) // date 1980-01-01
            out.appendLittleEndian(crc)
            out.appendLittleEndian(UInt32(entry.data.count))
            out.appendLittleEndian(UInt32(entry.data.count))
            out.appendLittleEndian(UInt16(name.count))
            out.appendLittleEndian(UInt16(0))
            out.append(contentsOf: name)
            out.append(entry.data)
            // Central directory header.
            central.appendLittleEndian(UInt32(0x0201_4B50))
            central.appendLittleEndian(UInt16(0x031E)) // made by: Unix, 3.0
            central.appendLittleEndian(UInt16(10))
            central.appendLittleEndian(UInt16(0x0800))
            central.appendLittleEndian(UInt16(0))
            central.appendLittleEndian(UInt16(0))
            central.appendLittleEndian(UInt16(0x21))
            central.appendLittleEndian(crc)
            central.appendLittleEndian(UInt32(entry.data.count))
            central.appendLittleEndian(UInt32(entry.data.count))
            central.appendLittleEndian(UInt16(name.count))
            central.appendLittleEndian(UInt16(0)) // extra
            central.appendLittleEndian(UInt16(0)) // comment
            central.appendLittleEndian(UInt16(0)) // disk
            central.appendLittleEndian(UInt16(0)) // internal attributes
            central.appendLittleEndian(UInt32(0o100644) << 16) // external: a regular file, rw-r--r--
            central.appendLittleEndian(offset)
            central.append(contentsOf: name)
        }
        let centralOffset = UInt32(out.count)
        out.append(central)
        // End of central directory.
        out.appendLittleEndian(UInt32(0x0605_4B50))
        out.appendLittleEndian(UInt16(0))
        out.appendLittleEndian(UInt16(0))
        out.appendLittleEndian(UInt16(entries.count))
        out.appendLittleEndian(UInt16(entries.count))
        out.appendLittleEndian(UInt32(central.count))
        out.appendLittleEndian(centralOffset)
        out.appendLittleEndian(UInt16(0))
        return out
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// The CRC-32 of ZIP (and PNG, and zlib's `crc32`).
    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}

extension Data {
    fileprivate mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
