/// A Lottie animation (the file's top level): its size, frame rate and span, its assets and its
/// layers.
public struct LottieAnimation: LottieEncodable {
    /// The Lottie version the file follows (`v`).
    public var version = "5.7.0"
    /// Frames per second (`fr`).
    public var frameRate: Double
    /// The first frame (`ip`): 0.
    public var inPoint = 0
    /// The frame after the last (`op`).
    public var outPoint: Int
    /// Width in points (`w`).
    public var width: Double
    /// Height in points (`h`).
    public var height: Double
    /// Its name (`nm`).
    public var name: String
    /// Whether it has 3D layers (`ddd`): never.
    public var threeDimensional = false
    /// The precompositions and images the layers show (`assets`), each written as it was made.
    public var assets: [LottieWritten<LottieAsset>]
    /// Its layers (`layers`), first on top, each written as it was made.
    public var layers: [LottieWritten<LottieLayer>]

    public init(
        frameRate: Double, frameCount: Int, width: Double, height: Double, name: String,
        assets: [LottieWritten<LottieAsset>], layers: [LottieWritten<LottieLayer>]
    ) {
        self.frameRate = frameRate
        self.outPoint = frameCount
        self.width = width
        self.height = height
        self.name = name
        self.assets = assets
        self.layers = layers
    }

    public func write(to writer: inout LottieWriter) {
        writer.object { writer in
            writer.member("v", version)
            writer.member("fr", frameRate)
            writer.member("ip", inPoint)
            writer.member("op", outPoint)
            writer.member("w", width)
            writer.member("h", height)
            writer.member("nm", name)
            writer.member("ddd", threeDimensional ? 1 : 0)
            writer.member("assets", assets)
            writer.member("layers", layers)
        }
    }
}
