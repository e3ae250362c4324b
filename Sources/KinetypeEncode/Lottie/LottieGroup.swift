/// A group of shapes: its items (`it`), which Lottie ends with the group's transform.
public struct LottieGroup: Sendable {
    /// The shapes, paths before the fills and strokes that paint them.
    public var items: [LottieShape]
    /// Where the group's shapes go in the layer: the last item of `it`.
    public var transform: LottieShapeTransform

    public init(_ items: [LottieShape], transform: LottieShapeTransform = .identity) {
        self.items = items
        self.transform = transform
    }

    func write(members writer: inout LottieWriter) {
        writer.member("it", items + [.transform(transform)])
    }
}

/// The transform that ends a group: where the group's shapes go in the layer.
public struct LottieShapeTransform: Sendable {
    /// Where the anchor goes, `[x, y]` (`p`).
    public var position: LottieProperty<[Double]>
    /// The point placed, scaled and rotated about, `[x, y]` (`a`).
    public var anchor: LottieProperty<[Double]>
    /// Scale in percent, `[x, y]` (`s`).
    public var scale: LottieProperty<[Double]>
    /// Rotation in degrees, clockwise (`r`).
    public var rotation: LottieProperty<Double>
    /// Opacity in percent, 0…100 (`o`).
    public var opacity: LottieProperty<Double>

    /// No change: the group's shapes where they are.
    public static let identity = LottieShapeTransform(
        position: .fixed([0, 0]), anchor: .fixed([0, 0]), scale: .fixed([100, 100]), rotation: .fixed(0),
        opacity: .fixed(100))

    public init(
        position: LottieProperty<[Double]>, anchor: LottieProperty<[Double]>, scale: LottieProperty<[Double]>,
        rotation: LottieProperty<Double>, opacity: LottieProperty<Double>
    ) {
        self.position = position
        self.anchor = anchor
        self.scale = scale
        self.rotation = rotation
        self.opacity = opacity
    }

    func write(members writer: inout LottieWriter) {
        writer.member("p", position)
        writer.member("a", anchor)
        writer.member("s", scale)
        writer.member("r", rotation)
        writer.member("o", opacity)
    }
}
