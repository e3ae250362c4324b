import Foundation

/// A PNG checked chunk by chunk before a decoder sees it: every chunk's declared length must fit
/// in the file, and the metadata chunks that never change a decoded pixel (text, ICC profile,
/// Exif, suggested palettes) are left out. libpng allocates a chunk's declared length before
/// reading it, so a 56-byte file whose tEXt chunk claims 2³¹ − 1 bytes would cost 2 GB; and
/// zTXt, iTXt and iCCP would be inflated. Refused or removed here, neither can happen.
public enum PNGChunkFilter {
    /// Chunks dropped before decoding: none of them affects the pixels libpng or Cairo produce.
    static let dropped: Set<String> = ["tEXt", "zTXt", "iTXt", "iCCP", "eXIf", "sPLT", "hIST", "tIME"]

    /// `data` without the dropped chunks (the same bytes when it has none).
    /// - Throws: a sentence saying what is wrong ("its tEXt chunk at byte 33 claims 2147483647
    ///   bytes, but only 11 follow") when a chunk runs past the end of the file or there is no
    ///   IEND chunk.
    public static func filtered(_ data: Data) throws(PNGChunkProblem) -> Data {
        let bytes = [UInt8](data)
        guard bytes.count >= 8 else { throw PNGChunkProblem(reason: "it is not a PNG image") }
        var kept: [Range<Int>] = []
        var removed = false
        var offset = 8
        while true {
            guard offset + 12 <= bytes.count else {
                throw PNGChunkProblem(reason: "it ends before its IEND chunk (the file is cut short)")
            }
            let length = (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let remaining = bytes.count - offset - 12
            guard length <= remaining else {
                throw PNGChunkProblem(
                    reason:
                        "its \(JSONText.quoted(type)) chunk at byte \(offset) claims \(length) bytes, but only \(remaining) follow"
                )
            }
            let chunk = offset..<(offset + 12 + length)
            if Self.dropped.contains(type) {
                removed = true
            } else {
                kept.append(chunk)
            }
            offset = chunk.upperBound
            if type == "IEND" { break }
        }
        guard removed else { return data }
        var result = Data(bytes[0..<8])
        result.reserveCapacity(kept.reduce(8) { $0 + $1.count })
        for chunk in kept { result.append(contentsOf: bytes[chunk]) }
        return result
    }
}

/// Why a PNG was refused before decoding.
public struct PNGChunkProblem: Error, Equatable {
    public var reason: String
}
