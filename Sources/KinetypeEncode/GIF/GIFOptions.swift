/// How colors beyond the palette are approximated when an animation has more than 255 colors.
/// Animations with at most 255 colors are encoded exactly and never dithered.
public enum GIFDither: String, Equatable, Hashable, Codable, Sendable, CaseIterable {
    /// Nearest palette color: flat areas stay flat and unchanged areas stay unchanged.
    case none
    /// A 4×4 Bayer pattern, scaled to the palette's spacing, added before nearest-color
    /// remapping. The pattern is fixed to the canvas, so unchanged areas stay unchanged
    /// between frames (small files) while gradients look smoother.
    case ordered
    /// libimagequant's error diffusion (Floyd–Steinberg): the smoothest gradients, but noise
    /// can change between frames where the picture changes, making files larger.
    case diffusion
}

/// Settings of the GIF encoder.
public struct GIFOptions: Equatable, Sendable {
    /// How many times the animation plays: 0 = forever, n = n times (the scene's `output.loop`).
    ///
    /// Written as the NETSCAPE2.0 block, whose count browsers read as repetitions after the
    /// first play: 0 → block with count 0 (forever), 1 → no block (play once),
    /// n ≥ 2 → count n − 1 (at most 65535, so n is clamped to 65536).
    public var loop: Int = 0
    /// The target quality of libimagequant (in `qualities`) when the animation has more than 255
    /// colors (lower gives fewer colors and smaller files). Exact palettes ignore it.
    public var quality: Int = 100
    /// The qualities libimagequant takes: 0...100.
    public static let qualities = 0...100
    public var dither: GIFDither = .none

    public init(loop: Int = 0, quality: Int = 100, dither: GIFDither = .none) {
        self.loop = loop
        self.quality = quality
        self.dither = dither
    }

    /// The NETSCAPE2.0 loop count to write, or nil to write no loop block.
    var netscapeLoopCount: Int? {
        if loop <= 0 { return 0 }
        if loop == 1 { return nil }
        return min(loop - 1, 65535)
    }
}
