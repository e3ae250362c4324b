/// An item of a shape layer or a group (Lottie's shape): `ty` names its kind, and the rest of its
/// members are the kind's own.
public enum LottieShape: LottieEncodable {
    /// `gr`: shapes drawn together, with their transform.
    case group(LottieGroup)
    /// `sh`: one contour.
    case path(LottiePath)
    /// `rc`: a rectangle.
    case rectangle(LottieRectangle)
    /// `fl`: fills the paths before it in the same group.
    case fill(LottieFill)
    /// `gf`: fills the paths before it with a gradient.
    case gradientFill(LottieGradientFill)
    /// `st`: strokes the paths before it.
    case stroke(LottieStroke)
    /// `tr`: the transform of the group it ends.
    case transform(LottieShapeTransform)

    public func write(to writer: inout LottieWriter) {
        writer.object { writer in
            writer.member("ty", type)
            switch self {
            case .group(let group): group.write(members: &writer)
            case .path(let path): path.write(members: &writer)
            case .rectangle(let rectangle): rectangle.write(members: &writer)
            case .fill(let fill): fill.write(members: &writer)
            case .gradientFill(let fill): fill.write(members: &writer)
            case .stroke(let stroke): stroke.write(members: &writer)
            case .transform(let transform): transform.write(members: &writer)
            }
        }
    }

    /// The kind's name (`ty`).
    private var type: String {
        switch self {
        case .group: "gr"
        case .path: "sh"
        case .rectangle: "rc"
        case .fill: "fl"
        case .gradientFill: "gf"
        case .stroke: "st"
        case .transform: "tr"
        }
    }
}

/// A path shape: one contour (`ks`), closed or open. A shape with holes is several paths that the
/// fill after them fills together.
public struct LottiePath: Sendable {
    /// The contour (`ks`).
    public var bezier: LottieProperty<LottieBezier>

    public init(_ bezier: LottieProperty<LottieBezier>) {
        self.bezier = bezier
    }

    func write(members writer: inout LottieWriter) {
        writer.member("ks", bezier)
    }
}
