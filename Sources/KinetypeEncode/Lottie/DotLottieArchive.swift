import CDeflate
import Foundation
import KinetypeCore

/// A dotLottie file (`.lottie`): a ZIP archive holding `manifest.json` and
/// `animations/<id>.json`. Entries are deflated (method 8, libdeflate level 6) with a fixed
/// timestamp (1980-01-01 00:00, the earliest a ZIP can say), so the same animation gives the same
/// bytes.
public enum DotLottieArchive {
    /// Lottie JSON repeats its keys and numbers, so any level shrinks it six- to sevenfold; the
    /// export must not take longer than the GIF's. Level 6 (libdeflate's default) takes 1.4 ms
    /// for a card's 31 KB and 12 ms for the 244 KB of seeds/text-styles; level 9 took 3 and 43 ms
    /// for 3-6 % fewer bytes, level 12 took 27 and 270 ms for 7-10 % fewer.
    static let level = 6

    /// The archive of one animation, named `id` in the manifest, which plays it as `loops` says.
    /// Throws a render failure when libdeflate cannot compress (it could not allocate its
    /// compressor).
    public static func archive(animation: Data, id: String, loops: Bool) throws -> Data {
        try zip([("manifest.json", manifest(id: id, loops: loops)), ("animations/\(id).json", animation)])
    }

    /// The manifest of one animation (`DotLottieManifest`).
    static func manifest(id: String, loops: Bool) -> Data {
        DotLottieManifest(id: id, loops: loops).json
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

    /// A ZIP archive of deflated entries, in the given order.
    static func zip(_ entries: [(name: String, data: Data)]) throws -> Data {
        guard let compressor = try? DeflateCompressorObject(level: level) else {
            throw failure("libdeflate cannot make a compressor")
        }
        var out = Data()
        var central = Data()
        for entry in entries {
            let name = Array(entry.name.utf8)
            let crc = crc32(entry.data)
            guard let deflated = compressor.rawDeflate(Array(entry.data)) else {
                throw failure("libdeflate could not compress \(entry.name)")
            }
            let offset = UInt32(out.count)
            // Local file header.
            out.appendLittleEndian(UInt32(0x0403_4B50))
            out.appendLittleEndian(UInt16(20)) // version needed: 2.0 (deflate)
            out.appendLittleEndian(UInt16(0x0800)) // flags: names are UTF-8
            out.appendLittleEndian(UInt16(8)) // method: deflate
            out.appendLittleEndian(UInt16(0)) // time 00:00:00
            out.appendLittleEndian(UInt16(0x21)) // date 1980-01-01
            out.appendLittleEndian(crc)
            out.appendLittleEndian(UInt32(deflated.count))
            out.appendLittleEndian(UInt32(entry.data.count))
            out.appendLittleEndian(UInt16(name.count))
            out.appendLittleEndian(UInt16(0))
            out.append(contentsOf: name)
            out.append(contentsOf: deflated)
            // Central directory header.
            central.appendLittleEndian(UInt32(0x0201_4B50))
            central.appendLittleEndian(UInt16(0x031E)) // made by: Unix, 3.0
            central.appendLittleEndian(UInt16(20))
            central.appendLittleEndian(UInt16(0x0800))
            central.appendLittleEndian(UInt16(8))
            central.appendLittleEndian(UInt16(0))
            central.appendLittleEndian(UInt16(0x21))
            central.appendLittleEndian(crc)
            central.appendLittleEndian(UInt32(deflated.count))
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

    /// The CRC-32 of ZIP (and PNG, and zlib's `crc32`), by libdeflate.
    static func crc32(_ data: Data) -> UInt32 {
        data.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
    }

    private static func failure(_ message: String) -> DiagnosticList {
        DiagnosticList(Diagnostic(kind: .renderFailure, message: "cannot write dotLottie: \(message)"))
    }
}

extension Data {
    fileprivate mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
