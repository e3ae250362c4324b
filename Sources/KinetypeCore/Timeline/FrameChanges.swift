/// What differs between two frame states, layer by layer, as plain values: the renderer turns it
/// into the pixels to redraw (its damage), and a frame whose state draws the same as another's
/// needs no drawing at all.
///
/// Only what is drawn counts: the frame index and time do not.
public struct FrameChanges: Equatable, Sendable {
    /// How one layer changed.
    public enum LayerChange: Equatable, Sendable {
        /// It draws exactly as before.
        case none
        /// A text layer whose layout, style, shadow and transform stayed the same: only the
        /// reveal of the characters in `characters` (grapheme indices into the laid-out text) and,
        /// when `cursor` is true, the cursor changed.
        case reveal(characters: Range<Int>, cursor: Bool)
        /// Anything else: the layer may draw differently anywhere within its bounds.
        case other
    }

    /// One change per layer, back to front; empty when `everything` is true.
    public let layers: [LayerChange]
    /// The canvas (size, scale, background) or the list of layers differs: every pixel may change.
    public let everything: Bool

    /// Whether the two states draw the same pixels.
    public var isEmpty: Bool { !everything && layers.allSatisfy { $0 == .none } }

    /// What changed from `old` to `new` (either may be the later frame).
    public init(from old: FrameState, to new: FrameState) {
        guard old.canvas == new.canvas, old.layers.count == new.layers.count,
            zip(old.layers, new.layers).allSatisfy({ $0.index == $1.index })
        else {
            layers = []
            everything = true
            return
        }
        everything = false
        layers = zip(old.layers, new.layers).map { Self.change(from: $0, to: $1) }
    }

    private static func change(from old: LayerState, to new: LayerState) -> LayerChange {
        if old == new { return .none }
        guard case .text(var oldText) = old.content, case .text(var newText) = new.content else { return .other }
        var oldRest = old
        var newRest = new
        oldRest.content = .rect
        newRest.content = .rect
        guard oldRest == newRest else { return .other }
        let oldReveal = oldText.reveal
        let newReveal = newText.reveal
        let cursorChanged = oldText.cursor != newText.cursor
        oldText.reveal = nil
        newText.reveal = nil
        oldText.cursor = nil
        newText.cursor = nil
        guard oldText == newText else { return .other }
        let characters = changedCharacters(from: oldReveal, to: newReveal, in: newText)
        return .reveal(characters: characters, cursor: cursorChanged)
    }

    /// The smallest range of characters whose reveal alpha differs (empty when none does).
    static func changedCharacters(from old: TextReveal?, to new: TextReveal?, in text: TextState) -> Range<Int> {
        if old == new { return 0..<0 }
        // A nil reveal shows everything: the same as every character opaque.
        let count = (old == nil || new == nil) ? text.text.count : 0
        let oldReveal = old ?? TextReveal(opaqueCount: count)
        let newReveal = new ?? TextReveal(opaqueCount: count)
        let lower = min(oldReveal.opaqueCount, newReveal.opaqueCount)
        let upper = max(
            oldReveal.opaqueCount + oldReveal.fading.count, newReveal.opaqueCount + newReveal.fading.count)
        func alpha(_ reveal: TextReveal, _ index: Int) -> Double {
            if index < reveal.opaqueCount { return 1 }
            let fade = index - reveal.opaqueCount
            return fade < reveal.fading.count ? reveal.fading[fade] : 0
        }
        var first = lower
        while first < upper, alpha(oldReveal, first) == alpha(newReveal, first) { first += 1 }
        guard first < upper else { return 0..<0 }
        var last = upper - 1
        while alpha(oldReveal, last) == alpha(newReveal, last) { last -= 1 }
        return first..<(last + 1)
    }
}

extension FrameState {
    /// Whether `other` draws exactly the same pixels (everything but the index and time is equal).
    public func drawsSame(as other: FrameState) -> Bool {
        canvas == other.canvas && layers == other.layers
    }
}
