/// How much of an animation's written data needs one color, to order the palette: colors with
/// more use get lower indices, so more frames use only low indices and compress with shorter
/// LZW codes (a frame's code size follows its highest index).
///
/// The count of frames whose changes use the color decides first: every such frame gains when
/// all of its colors sit low, whatever its size. A single large frame, such as the first frame
/// of a gradient card, usually needs many colors and 8-bit codes wherever they sit, so its size
/// must not outweigh the many small frames of the text that follows. The changed pixels of those
/// frames break ties.
struct GIFColorUse: Comparable {
    /// Frames whose changed pixels include the color.
    var frames: UInt64 = 0
    /// The summed size, in changed pixels, of those frames.
    var changedPixels: UInt64 = 0

    static func + (lhs: Self, rhs: Self) -> Self {
        Self(frames: lhs.frames &+ rhs.frames, changedPixels: lhs.changedPixels &+ rhs.changedPixels)
    }

    static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.frames, lhs.changedPixels) < (rhs.frames, rhs.changedPixels)
    }
}
