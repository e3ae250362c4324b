/// How much of an animation's written data needs one color: the rank `GIFPaletteOrder` falls
/// back on for the colors one frame adds at once and for the colors no counted frame placed.
///
/// The count of frames whose changes use the color decides first: every such frame gains when
/// all of its colors sit low, whatever its size. A single large frame, such as the first frame
/// of a gradient card, must not outweigh the many small text frames that follow. The changed
/// pixels of those frames break ties.
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
