import KinetypeCore

/// An animation decoded to whole canvases: what a viewer shows, frame by frame, with how long
/// each picture stays. The common form of decoded WebP and APNG files, for comparing them.
public struct DecodedAnimation: Sendable {
    /// One picture on screen.
    public struct Frame: Sendable {
        /// The whole canvas as shown, straight RGBA.
        public var image: Image
        /// How long it stays, in milliseconds (APNG's fractions rounded to the nearest one).
        public var duration: Int

        public init(image: Image, duration: Int) {
            self.image = image
            self.duration = duration
        }
    }

    public var width: Int
    public var height: Int
    /// How many times the animation plays: 0 = forever.
    public var playCount: Int
    public var frames: [Frame]

    public init(width: Int, height: Int, playCount: Int, frames: [Frame]) {
        self.width = width
        self.height = height
        self.playCount = playCount
        self.frames = frames
    }

    /// The animation's length in milliseconds.
    public var totalDuration: Int { frames.reduce(0) { $0 + $1.duration } }
}
