/// A mask of a layer: the area of its path shows the layer.
public struct LottieMask: LottieEncodable {
    /// Its name (`nm`).
    public var name: String
    /// How it combines with the masks before it (`mode`).
    public var mode: LottieMaskMode
    /// Whether the area outside the path shows instead (`inv`).
    public var inverted: Bool
    /// Its outline (`pt`).
    public var path: LottieProperty<LottieBezier>
    /// Its opacity in percent, 0…100 (`o`).
    public var opacity: LottieProperty<Double>
    /// How far its edge is moved out (`x`).
    public var expansion: LottieProperty<Double>

    public init(
        name: String, mode: LottieMaskMode, inverted: Bool = false, path: LottieProperty<LottieBezier>,
        opacity: LottieProperty<Double> = .fixed(100), expansion: LottieProperty<Double> = .fixed(0)
    ) {
        self.name = name
        self.mode = mode
        self.inverted = inverted
        self.path = path
        self.opacity = opacity
        self.expansion = expansion
    }

    public func write(to writer: inout LottieWriter) {
        writer.object { writer in
            writer.member("nm", name)
            writer.member("mode", mode.rawValue)
            writer.member("inv", inverted)
            writer.member("pt", path)
            writer.member("o", opacity)
            writer.member("x", expansion)
        }
    }
}

/// How a mask combines with the masks before it.
public enum LottieMaskMode: String, Sendable {
    /// `a`: adds its area.
    case add = "a"
}
