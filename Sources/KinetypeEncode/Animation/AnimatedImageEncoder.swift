import Foundation
import KinetypeCore

/// An encoder of a single-file animation that takes whole frames in display order with their
/// start times (`WebPEncoder`, `APNGEncoder`).
public protocol AnimatedImageEncoder: AnyObject {
    /// Adds the next frame, shown from `startTime` seconds after the animation starts.
    func addFrame(_ image: Image, startTime: Double) throws
    /// Ends the animation at `endTime` seconds and completes the file (renamed into place when
    /// it has a destination); returns the bytes when it is built in memory.
    @discardableResult
    func finish(endTime: Double) throws -> Data
    /// Abandons the animation and leaves the destination as it was.
    func cancel()
}

extension WebPEncoder: AnimatedImageEncoder {}
extension APNGEncoder: AnimatedImageEncoder {}
