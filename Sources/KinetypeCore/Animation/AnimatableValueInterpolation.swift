extension AnimatableValue {
    /// The value `fraction` of the way from `self` to `other`: numbers linearly, colors in OKLab
    /// with premultiplied alpha. Mismatched kinds (rejected when the timeline compiles) jump at the end.
    public func interpolated(to other: AnimatableValue, fraction: Double) -> AnimatableValue {
        switch (self, other) {
        case (.number(let a), .number(let b)):
            if fraction == 0 { return self }
            if fraction == 1 { return other }
            return .number(a + (b - a) * fraction)
        case (.color(let a), .color(let b)):
            return .color(a.interpolated(to: b, fraction: fraction))
        default:
            return fraction >= 1 ? other : self
        }
    }

    /// The number, when this is a number.
    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The color, when this is a color.
    public var color: Color? {
        if case .color(let value) = self { return value }
        return nil
    }
}
