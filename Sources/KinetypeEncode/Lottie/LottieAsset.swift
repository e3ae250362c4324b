/// Something layers show by reference (`refId` names its `id`): a precomposition of layers, or an
/// image.
public struct LottieAsset: LottieEncodable {
    /// The name layers refer to it by (`id`).
    public var id: String
    /// Its name (`nm`), for people and tools reading the file.
    public var name: String?
    /// What it holds.
    public var content: LottieAssetContent

    public init(id: String, name: String? = nil, _ content: LottieAssetContent) {
        self.id = id
        self.name = name
        self.content = content
    }

    public func write(to writer: inout LottieWriter) {
        writer.object { writer in
            writer.member("id", id)
            writer.member("nm", name)
            switch content {
            case .precomposition(let layers):
                writer.member("layers", layers)
            case .image(let width, let height, let dataURI):
                writer.member("w", width)
                writer.member("h", height)
                writer.member("u", "")
                writer.member("p", dataURI)
                writer.member("e", 1)
            }
        }
    }
}

/// What an asset holds.
public enum LottieAssetContent: Sendable {
    /// Layers (`layers`), first on top, each written as it was made.
    case precomposition([LottieWritten<LottieLayer>])
    /// A picture of `w` × `h` pixels embedded in the file (`e` 1) as a data URI (`p`, with no
    /// folder before it: `u` is empty).
    case image(width: Int, height: Int, dataURI: String)
}
