/// A rectangle shape, about its center.
public struct LottieRectangle: Sendable {
    /// Its name (`nm`), which players show and ignore.
    public var name: String
    /// The direction its path runs (`d`).
    public var direction: LottieShapeDirection
    /// Its center, `[x, y]` (`p`).
    public var position: LottieProperty<[Double]>
    /// Its width and height, `[w, h]` (`s`).
    public var size: LottieProperty<[Double]>
    /// The radius of its corners (`r`).
    public var roundness: LottieProperty<Double>

    public init(
        name: String, direction: LottieShapeDirection = .clockwise, position: LottieProperty<[Double]>,
        size: LottieProperty<[Double]>, roundness: LottieProperty<Double>
    ) {
        self.name = name
        self.direction = direction
        self.position = position
        self.size = size
        self.roundness = roundness
    }

    func write(members writer: inout LottieWriter) {
        writer.member("nm", name)
        writer.member("d", direction)
        writer.member("p", position)
        writer.member("s", size)
        writer.member("r", roundness)
    }
}

/// The direction a shape's path runs.
public enum LottieShapeDirection: Int, LottieEncodable {
    /// 1: clockwise, the normal direction.
    case clockwise = 1
}
