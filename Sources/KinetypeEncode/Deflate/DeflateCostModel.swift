import Foundation

/// What each literal, match length and distance would cost in bits (in sixteenths of a bit), the
/// prices an optimal parse minimizes.
struct DeflateCostModel {
    /// Sixteenths of a bit per bit: prices are whole numbers, so the parse is exact arithmetic.
    static let scale: Float = 16

    var literal = [UInt32](repeating: 0, count: 256)
    /// A match length's length code and extra bits, for lengths 0...258 (0...2 unused).
    var length = [UInt32](repeating: 0, count: DeflateAlphabet.maximumMatch + 1)
    /// A distance code's code and extra bits, by distance code.
    var distanceSlot = [UInt32](repeating: 0, count: DeflateAlphabet.distanceCount)

    /// The prices of deflate's fixed codes: where a parse starts before it knows any statistics.
    static var fixed: DeflateCostModel {
        var model = DeflateCostModel()
        let literalLengths = DeflateBlockCode.fixedLiteralLengths.map { Float($0) }
        model.fill(literalLengths, [Float](repeating: 5, count: DeflateAlphabet.distanceCount))
        return model
    }

    /// Prices from how often each symbol occurred (−log2 of its share; an unseen symbol is priced
    /// as if seen once).
    init(_ histogram: DeflateHistogram) {
        func entropy(_ counts: [UInt32]) -> [Float] {
            let total = counts.reduce(0) { $0 + Float($1) }
            guard total > 0 else { return [Float](repeating: 8, count: counts.count) }
            let logTotal = log2(total)
            return counts.map { $0 == 0 ? logTotal + 1 : logTotal - log2(Float($0)) }
        }
        fill(entropy(histogram.literalLength), entropy(histogram.distance))
    }

    private init() {}

    private mutating func fill(_ literalLength: [Float], _ distance: [Float]) {
        func price(_ bits: Float) -> UInt32 { UInt32((bits * Self.scale).rounded()) }
        for byte in 0..<256 { literal[byte] = price(literalLength[byte]) }
        for matchLength in DeflateAlphabet.minimumMatch...DeflateAlphabet.maximumMatch {
            let slot = Int(DeflateAlphabet.lengthSlot[matchLength])
            length[matchLength] = price(literalLength[257 + slot] + Float(DeflateAlphabet.lengthExtraBits[slot]))
        }
        for slot in 0..<DeflateAlphabet.distanceCount {
            distanceSlot[slot] = price(distance[slot] + Float(DeflateAlphabet.distanceExtraBits[slot]))
        }
    }
}
