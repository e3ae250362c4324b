import Foundation
import KinetypeCore
import KinetypeEncode

/// The goldens target: bytes → the GIF decoder and the PNG decoder that `verify` reads goldens
/// with. Both see every input (each rejects a wrong signature at once), so one corpus serves both.
public enum GoldensHarness {
    /// Runs one input. Returns how many of the two decoders accepted it (for tests).
    @discardableResult
    public static func run(_ data: Data) -> Int {
        var accepted = 0
        if let gif = try? GIFDecoder.decode(data) {
            accepted += 1
            _ = (gif.playCount, gif.totalDelay)
        }
        if (try? PNGCodec.decode(data, name: "fuzz.png")) != nil { accepted += 1 }
        return accepted
    }
}
