/// A layer's transform (`ks`): where its content goes on its parent, about the anchor. A property
/// left nil is left out, and players take the schema's default (no change).
public struct LottieTransform: LottieEncodable {
    /// Opacity in percent, 0…100 (`o`).
    public var opacity: LottieProperty<Double>?
    /// Rotation in degrees, clockwise (`r`).
    public var rotation: LottieProperty<Double>?
    /// Where the anchor goes in the parent, `[x, y, z]` (`p`).
    public var position: LottieProperty<[Double]>?
    /// The point of the layer that is placed, scaled and rotated about, `[x, y, z]` (`a`).
    public var anchor: LottieProperty<[Double]>?
    /// Scale in percent, `[x, y, z]` (`s`).
    public var scale: LottieProperty<[Double]>?

    public init(
        opacity: LottieProperty<Double>? = nil, rotation: LottieProperty<Double>? = nil,
        position: LottieProperty<[Double]>? = nil, anchor: LottieProperty<[Double]>? = nil,
        scale: LottieProperty<[Double]>? = nil
    ) {
        self.opacity = opacity
        self.rotation = rotation
        self.position = position
        self.anchor = anchor
        self.scale = scale
    }

    public func write(to writer: inout LottieWriter) {
        writer.object { writer in
            writer.member("o", opacity)
            writer.member("r", rotation)
            writer.member("p", position)
            writer.member("a", anchor)
            writer.member("s", scale)
        }
    }
}
