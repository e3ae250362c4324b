/// Settings of the APNG encoder.
public struct APNGOptions: Equatable, Sendable {
    /// How many times the animation plays: 0 = forever, n = n times (the scene's `output.loop`),
    /// written as acTL's `num_plays`.
    public var loop: Int = 0
    /// How hard each frame's pixels are compressed (`--png-compression`).
    public var compression: PNGCompression = .default
    /// Threads that compress frames (`--jobs`); the bytes do not depend on it.
    public var jobs: Int = 1

    public init(loop: Int = 0, compression: PNGCompression = .default, jobs: Int = 1) {
        self.loop = loop
        self.compression = compression
        self.jobs = jobs
    }
}

/// What happens to a frame's rectangle before the next frame is drawn (fcTL `dispose_op`).
enum APNGDispose: UInt8, Sendable {
    /// Left as drawn.
    case none = 0
    /// Cleared to transparent black.
    case background = 1
    /// Put back as it was before the frame was drawn.
    case previous = 2
}

/// How a frame's pixels meet the canvas (fcTL `blend_op`).
enum APNGBlend: UInt8, Sendable {
    /// They replace the rectangle, alpha included.
    case source = 0
    /// They are composited over it; a fully transparent pixel leaves the canvas as it was.
    case over = 1
}
