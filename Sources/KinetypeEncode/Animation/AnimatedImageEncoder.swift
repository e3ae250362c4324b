import Foundation
import KinetypeCore

/// The state behind an encoder of a single-file animation that takes whole frames in display
/// order with their start times (`WebPEncoder`, `APNGEncoder`), and ends at the animation's end
/// time.
public protocol AnimatedImageEncoderCore: SessionEncoder where Ending == Double, Finished == Data {
    /// Adds the next frame, shown from `startTime` seconds after the animation starts.
    func addFrame(_ image: Image, startTime: Double) throws
}

extension EncoderSession where Encoder: AnimatedImageEncoderCore {
    /// Adds the next frame, shown from `startTime` seconds after the animation starts.
    public func addFrame(_ image: Image, startTime: Double) throws {
        try encoder.addFrame(image, startTime: startTime)
    }
}
