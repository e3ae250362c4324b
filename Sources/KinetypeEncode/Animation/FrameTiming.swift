/// Millisecond timestamps of an animation's frames, shared by the WebP and APNG encoders so both
/// show each frame for the same time: frame boundaries are `round(1000 · t)`, so durations never
/// drift from the timeline however many frames there are.
enum FrameTiming {
    /// `seconds` as whole milliseconds (non-finite or negative times count as 0).
    static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int(clamping: Int64((seconds * 1000).rounded()))
    }
}
