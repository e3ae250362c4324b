import KinetypeCore

/// What GIF timing can show: delays are whole centiseconds, and players treat delays under 2 cs
/// as 10 cs, so a GIF shows at most 50 frames per second; the writer merges faster frames.
public enum GIFFrameRate {
    /// The most frames per second a GIF shows.
    public static let maximum = 50.0

    /// The warning a GIF of an `fps` animation gets (nil at 50 fps or less). A render states it
    /// before its first frame; the writer notes it again in its own warnings, in the same words.
    public static func mergedFramesWarning(fps: Double) -> Diagnostic? {
        guard fps.isFinite, fps > maximum + 1e-6 else { return nil }
        return .warning(
            "GIF shows at most 50 frames per second (delays are whole centiseconds, at least 2), "
                + "so frames of this \(Int(fps.rounded())) fps animation were merged; "
                + "use fps 50 or less, or a video format")
    }
}
