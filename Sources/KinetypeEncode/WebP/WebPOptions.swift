/// Settings of the animated WebP encoder.
public struct WebPOptions: Equatable, Sendable {
    /// How many times the animation plays: 0 = forever, n = n times (the scene's `output.loop`),
    /// written as the ANIM chunk's loop count (at most 65535).
    public var loop: Int = 0
    /// nil: lossless (every decoded pixel, alpha included, equals the rendered one). 0...100:
    /// lossy at this quality (libwebp's `-q`), smaller files; alpha stays lossless.
    public var quality: Int?
    /// The qualities lossy WebP takes: 0...100.
    public static let qualities = 0...100
    /// libwebp's own default quality, which the benchmark uses for its lossy row.
    public static let defaultLossyQuality = 75

    public init(loop: Int = 0, quality: Int? = nil) {
        self.loop = loop
        self.quality = quality
    }

    /// Whether the frames are encoded losslessly.
    public var isLossless: Bool { quality == nil }
}
