import Foundation
import KinetypeCore
import KinetypeEncode

/// The goldens target: bytes → the GIF, PNG, WebP and APNG decoders that `verify` reads goldens
/// with. All see every input (each rejects a wrong signature at once), so one corpus serves all.
public enum GoldensHarness {
    /// Runs one input. Returns how many of the four decoders accepted it (for tests).
    @discardableResult
    public static func run(_ data: Data) -> Int {
        var accepted = 0
        if let gif = try? GIFDecoder.decode(data) {
            accepted += 1
            _ = (gif.playCount, gif.totalDelay)
        }
        if (try? PNGCodec.decode(data, name: "fuzz.png")) != nil { accepted += 1 }
        if let webp = try? WebPDecoder.decode(data, name: "fuzz.webp") {
            accepted += 1
            _ = (webp.playCount, webp.totalDuration)
        }
        if let apng = try? APNGDecoder.decode(data, name: "fuzz.apng") {
            accepted += 1
            _ = (apng.playCount, apng.totalDuration)
        }
        return accepted
    }
}
