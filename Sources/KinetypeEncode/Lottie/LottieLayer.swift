/// A layer of the animation or of a precomposition: what it shows (`ty` and the kind's own
/// members), when (`ip`, `op`, `st`: lottie-ios requires all three) and where (`ks`). Its index
/// is its number in its list; players draw a list's first layer on top. Time stretch,
/// auto-orient, 3D and blend mode are left at the schema's defaults by leaving them out.
public struct LottieLayer: LottieEncodable {
    /// What the layer shows.
    public var content: LottieLayerContent
    /// Its index in its list (`ind`), from 1.
    public var index: Int
    /// Its name (`nm`), for people and tools reading the file.
    public var name: String?
    /// The first frame it shows (`ip`).
    public var inPoint: Int
    /// The frame after the last it shows (`op`).
    public var outPoint: Int
    /// The frame its own time starts at (`st`): 0, the animation's.
    public var startTime: Int
    /// Where its content goes (`ks`).
    public var transform: LottieTransform
    /// Masks of what it shows (`masksProperties`, with `hasMask`), nil for none.
    public var masks: [LottieMask]?

    public init(
        _ content: LottieLayerContent, index: Int, name: String? = nil, frames: Range<Int>, startTime: Int = 0,
        transform: LottieTransform, masks: [LottieMask]? = nil
    ) {
        self.content = content
        self.index = index
        self.name = name
        self.inPoint = frames.lowerBound
        self.outPoint = frames.upperBound
        self.startTime = startTime
        self.transform = transform
        self.masks = masks
    }

    public func write(to writer: inout LottieWriter) {
        writer.object { writer in
            writer.member("ty", content.type)
            writer.member("ind", index)
            writer.member("nm", name)
            writer.member("refId", content.reference)
            writer.member("w", content.size?.width)
            writer.member("h", content.size?.height)
            writer.member("ip", inPoint)
            writer.member("op", outPoint)
            writer.member("st", startTime)
            writer.member("ks", transform)
            writer.member("hasMask", masks.map { _ in true })
            writer.member("masksProperties", masks)
            writer.member("shapes", content.shapes)
        }
    }
}

/// What a layer shows.
public enum LottieLayerContent: Sendable {
    /// Type 0: the layers of a precomposition asset (`refId`), clipped to `w` × `h`.
    case precomposition(id: String, width: Double, height: Double)
    /// Type 2: an image asset (`refId`), at its pixel size.
    case image(id: String)
    /// Type 4: shapes (`shapes`), first on top.
    case shapes([LottieShape])

    /// The layer type's number (`ty`).
    fileprivate var type: Int {
        switch self {
        case .precomposition: 0
        case .image: 2
        case .shapes: 4
        }
    }

    /// The asset shown (`refId`).
    fileprivate var reference: String? {
        switch self {
        case .precomposition(let id, _, _), .image(let id): id
        case .shapes: nil
        }
    }

    /// A precomposition's size (`w`, `h`).
    fileprivate var size: (width: Double, height: Double)? {
        switch self {
        case .precomposition(_, let width, let height): (width, height)
        case .image, .shapes: nil
        }
    }

    /// A shape layer's shapes (`shapes`).
    fileprivate var shapes: [LottieShape]? {
        switch self {
        case .shapes(let shapes): shapes
        case .precomposition, .image: nil
        }
    }
}
