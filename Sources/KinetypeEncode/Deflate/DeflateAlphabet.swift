/// The symbols of deflate (RFC 1951 §3.2.5): match lengths 3...258 as length codes 257...285 plus
/// extra bits, distances 1...32768 as distance codes 0...29 plus extra bits.
enum DeflateAlphabet {
    /// Literal/length symbols: 256 literals, end of block, 29 length codes (286, 287 never occur).
    static let literalLengthCount = 286
    static let distanceCount = 30
    static let endOfBlock = 256
    static let minimumMatch = 3
    static let maximumMatch = 258
    static let window = 32768

    static let lengthBase: [Int] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
        227, 258,
    ]
    static let lengthExtraBits: [Int] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    static let distanceBase: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
        4097, 6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtraBits: [Int] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    /// The length code (0...28, add 257 for the symbol) of each match length 0...258.
    static let lengthSlot: [UInt8] = {
        var slots = [UInt8](repeating: 0, count: maximumMatch + 1)
        for slot in 0..<lengthBase.count {
            let end = slot + 1 < lengthBase.count ? lengthBase[slot + 1] : maximumMatch + 1
            for length in lengthBase[slot]..<end { slots[length] = UInt8(slot) }
        }
        slots[maximumMatch] = 28
        return slots
    }()

    /// Distance codes of distances 1...256 (by distance − 1), then of 257...32768 (by (distance − 1) >> 7).
    private static let distanceSlots: [UInt8] = {
        var slots = [UInt8](repeating: 0, count: 512)
        for slot in 0..<distanceBase.count {
            let end = slot + 1 < distanceBase.count ? distanceBase[slot + 1] : window + 1
            for distance in distanceBase[slot]..<end {
                if distance <= 256 {
                    slots[distance - 1] = UInt8(slot)
                } else {
                    slots[256 + ((distance - 1) >> 7)] = UInt8(slot)
                }
            }
        }
        return slots
    }()

    /// The distance code (0...29) of a distance 1...32768.
    @inline(__always) static func distanceSlot(_ distance: Int) -> Int {
        distance <= 256 ? Int(distanceSlots[distance - 1]) : Int(distanceSlots[256 + ((distance - 1) >> 7)])
    }

    /// The order in which a dynamic block's header gives the code-length code's lengths.
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
}
