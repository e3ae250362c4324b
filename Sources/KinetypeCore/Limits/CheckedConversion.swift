/// Float-to-integer conversions that cannot trap. `Int(someDouble)` stops the process when the
/// value is NaN, infinite or out of range; every conversion of a computed `Double` in kinetype
/// goes through these instead (or its range is proved by `FormatRanges`).
extension Int {
    /// `value` rounded toward zero and clamped to `Int.min…Int.max`; NaN is 0.
    public init(clamping value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_775_807.0 {
            self = .max
        } else if value <= -9_223_372_036_854_775_808.0 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}

extension Int32 {
    /// `value` rounded toward zero and clamped to `Int32.min…Int32.max`; NaN is 0.
    public init(clamping value: Double) {
        self = Int32(clamping: Int(clamping: value))
    }
}
