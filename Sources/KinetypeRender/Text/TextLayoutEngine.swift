import CPangoCairo
import KinetypeCore

/// Builds Pango layouts for text layers in one Pango context (one engine per `FrameRenderer`).
///
/// Layout happens in points with an identity matrix, whatever the canvas scale or the layer's
/// transform: a layout depends only on the text and its typography, so @2x is the @1x layout at
/// twice the pixels and a revealed glyph never moves. Colors, alphas, underline and strikethrough
/// are attributes Pango applies after shaping, so they never change glyph positions either.
final class TextLayoutEngine {
    let context: PangoContext
    private let fonts: FontLibrary
    private let scene: Scene
    /// Whether the scene's layout is right to left: then `leading` text alignment is the right side
    /// for every paragraph, not only right-to-left ones.
    private let rightToLeftLayout: Bool
    private var truncations: [(key: TruncationKey, value: DisplayText)] = []
    private static let truncationCacheSize = 32

    init(context: PangoContext, fonts: FontLibrary, scene: Scene, rightToLeftLayout: Bool = false) {
        self.context = context
        self.fonts = fonts
        self.scene = scene
        self.rightToLeftLayout = rightToLeftLayout
    }

    /// How glyphs are painted: not at all (measuring), or in the state's colors with a visibility
    /// (0 hidden … 1 shown) for each grapheme of the full text.
    enum Paint {
        case measure
        case draw(visibility: (Int) -> Double)
    }

    /// A new layout of `display` with the state's typography.
    func makeLayout(_ display: DisplayText, state: TextState, wrapWidth: Double?, paint: Paint) throws -> PangoLayout {
        let baseFamily = try fonts.familyName(for: state.font)
        let description = try fonts.makeDescription(for: state.font)
        let owned = try PangoLayout(context: context)
        let layout = owned.pointer
        withExtendedLifetime(description) { pango_layout_set_font_description(layout, description.pointer) }
        pango_layout_set_auto_dir(layout, 1)
        if let wrapWidth {
            pango_layout_set_width(layout, Int32(clamping: (max(wrapWidth, 0) * Double(PANGO_SCALE)).rounded()))
            switch state.wrap {
            case .word: pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
            case .char: pango_layout_set_wrap(layout, PANGO_WRAP_CHAR)
            case .wordChar: pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            }
        } else {
            pango_layout_set_width(layout, -1)
        }
        // Pango swaps left and right for a paragraph whose direction is opposite to the context's
        // base direction (auto_dir). Left to right, that makes leading follow each paragraph's own
        // direction, as before. Right to left (base direction RTL), leading is the right side for
        // the text's first paragraph whatever its direction: right for right-to-left and neutral
        // text, left (swapped to the right) for left-to-right text.
        let leadingIsRight = rightToLeftLayout && TextDirection.firstStrong(in: display.string) != .leftToRight
        switch state.textAlignment {
        case .leading, .justified:
            pango_layout_set_alignment(layout, leadingIsRight ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(layout, leadingIsRight ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
        }
        pango_layout_set_justify(layout, state.textAlignment == .justified ? 1 : 0)
        pango_layout_set_spacing(layout, Int32(clamping: (state.lineSpacing * Double(PANGO_SCALE)).rounded()))
        pango_layout_set_text(layout, display.string, -1)

        let attributes = try PangoAttrList()
        try addShapingAttributes(display, state: state, baseFamily: baseFamily, to: attributes)
        if case .draw(let visibility) = paint {
            addPaintAttributes(display, state: state, visibility: visibility, to: attributes)
        }
        // The layout takes a reference of its own to the list.
        withExtendedLifetime(attributes) { pango_layout_set_attributes(layout, attributes.pointer) }
        return owned
    }

    /// Span font overrides and letter spacing: attributes that change shaping. Words broken by
    /// `char`/`wordChar` wrapping get no hyphen, as on Apple platforms.
    private func addShapingAttributes(
        _ display: DisplayText, state: TextState, baseFamily: String,
        to list: PangoAttrList
    ) throws {
        let total = display.byteOffsets.last!
        list.insert(pango_attr_insert_hyphens_new(0), 0..<total)
        if state.letterSpacing != 0 {
            let spacing = Int32(clamping: (state.letterSpacing * Double(PANGO_SCALE)).rounded())
            list.insert(pango_attr_letter_spacing_new(spacing), 0..<total)
        }
        for (range, run) in display.byteRanges(by: \.run) {
            guard let spec = state.runs[run].font else { continue }
            // The timeline resolved span font files (`StyledText`).
            guard
                let description = try fonts.makeOverride(
                    spec, resolvedFile: spec.file, base: state.font,
                    baseFamily: baseFamily)
            else { continue }
            // The attribute copies the description.
            withExtendedLifetime(description) { list.insert(pango_attr_font_desc_new(description.pointer), range) }
        }
    }

    /// What one grapheme looks like in this frame.
    private struct Ink: Equatable {
        var red: UInt16, green: UInt16, blue: UInt16
        /// 0 = hidden.
        var alpha: UInt16
        var underline: Bool
        var strikethrough: Bool
    }

    /// Colors, reveal alphas, underline and strikethrough: attributes applied after shaping.
    /// Hidden graphemes get the smallest alpha Pango honours (0 means "unset" to it), which cairo
    /// composites as nothing; their underline and strikethrough are left out.
    private func addPaintAttributes(
        _ display: DisplayText, state: TextState, visibility: (Int) -> Double,
        to list: PangoAttrList
    ) {
        func channel(_ value: Double) -> UInt16 { UInt16((min(max(value, 0), 1) * 65535).rounded()) }
        let inks = display.byteRanges { element -> Ink in
            let run = state.runs[element.run]
            let color = run.color ?? state.color
            let alpha = channel(color.alpha * visibility(element.original))
            return Ink(
                red: channel(color.red), green: channel(color.green), blue: channel(color.blue), alpha: alpha,
                underline: alpha > 0 && run.underline, strikethrough: alpha > 0 && run.strikethrough)
        }
        for (range, ink) in inks {
            list.insert(pango_attr_foreground_new(ink.red, ink.green, ink.blue), range)
            if ink.alpha < 65535 { list.insert(pango_attr_foreground_alpha_new(max(ink.alpha, 1)), range) }
            if ink.underline { list.insert(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE), range) }
            if ink.strikethrough { list.insert(pango_attr_strikethrough_new(1), range) }
        }
    }

    // MARK: - Truncation

    private struct TruncationKey: Equatable {
        var texts: [String]
        var runFonts: [FontSpec?]
        var font: ResolvedFont
        var wrapWidth: Double?
        var maxHeight: Double?
        var lineLimit: Int?
        var truncation: Truncation
        var wrap: WrapMode
        var letterSpacing: Double
        var lineSpacing: Double
    }

    /// The text that fits the line limit (and `maxHeight`, the content height of a fixed frame),
    /// truncated as the state asks. Cached: it is the same in every frame of a typewriter.
    func displayText(for state: TextState, wrapWidth: Double?, maxHeight: Double?) throws -> DisplayText {
        let key = TruncationKey(
            texts: state.runs.map(\.text), runFonts: state.runs.map(\.font), font: state.font,
            wrapWidth: wrapWidth, maxHeight: maxHeight, lineLimit: state.lineLimit,
            truncation: state.truncation, wrap: state.wrap, letterSpacing: state.letterSpacing,
            lineSpacing: state.lineSpacing)
        if let cached = truncations.first(where: { $0.key == key }) { return cached.value }
        let result = try truncate(
            DisplayText(runs: state.runs), state: state, wrapWidth: wrapWidth, maxHeight: maxHeight)
        truncations.append((key, result))
        if truncations.count > Self.truncationCacheSize { truncations.removeFirst() }
        return result
    }

    private func truncate(_ full: DisplayText, state: TextState, wrapWidth: Double?, maxHeight: Double?) throws
        -> DisplayText
    {
        let layout = try makeLayout(full, state: state, wrapWidth: wrapWidth, paint: .measure)
        let lineCount = withExtendedLifetime(layout) { Int(pango_layout_get_line_count(layout.pointer)) }
        var limit = state.lineLimit.map { max($0, 1) }
        if let maxHeight, state.truncation != .none {
            let fitting = try Self.linesFitting(layout, height: maxHeight)
            limit = min(limit ?? fitting, fitting)
        }
        guard let limit, lineCount > limit else { return full }

        if state.truncation == .none {
            guard let end = Self.byteEnd(ofLine: limit - 1, in: layout) else { return full }
            let offsets = full.byteOffsets
            return DisplayText(elements: full.elements.enumerated().filter { offsets[$0.offset] < end }.map(\.element))
        }

        func fits(_ candidate: DisplayText) throws -> Bool {
            let layout = try makeLayout(candidate, state: state, wrapWidth: wrapWidth, paint: .measure)
            return withExtendedLifetime(layout) { Int(pango_layout_get_line_count(layout.pointer)) <= limit }
        }
        if state.truncation == .head && limit > 1 {
            // As in SwiftUI: the lines before the last visible one stay as they are, and the last
            // visible line shows an ellipsis and the end of the text.
            if let end = Self.byteEnd(ofLine: limit - 2, in: layout) {
                let offsets = full.byteOffsets
                let kept = full.elements.indices.filter { offsets[$0] < end }.count
                return try Self.longestFitting(upTo: full.elements.count - kept - 1, fits: fits) {
                    Self.lastLineEllipsized(full, keepingLines: kept, tail: $0)
                }
            }
        }
        return try Self.longestFitting(upTo: full.elements.count - 1, fits: fits) {
            Self.ellipsized(full, keeping: $0, truncation: state.truncation)
        }
    }

    /// The byte index where line `index` of the layout ends; nil when it has no such line. The line
    /// is borrowed from the layout (not to be freed).
    private static func byteEnd(ofLine index: Int, in layout: PangoLayout) -> Int? {
        withExtendedLifetime(layout) {
            pango_layout_get_line_readonly(layout.pointer, Int32(clamping: index))
                .map { Int($0.pointee.start_index + $0.pointee.length) }
        }
    }

    /// `candidate(n)` for the largest `n` in `0...maximum` whose text fits, found by binary search
    /// (fitting shrinks as `n` grows); `candidate(0)` when none does.
    private static func longestFitting(
        upTo maximum: Int, fits: (DisplayText) throws -> Bool, _ candidate: (Int) -> DisplayText
    ) throws -> DisplayText {
        var low = 0
        var high = maximum
        var best = candidate(0)
        while low <= high {
            let middle = (low + high) / 2
            let text = candidate(middle)
            if try fits(text) {
                best = text
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return best
    }

    /// How many of the layout's lines end within `height` points (at least one).
    private static func linesFitting(_ layout: PangoLayout, height: Double) throws -> Int {
        let owned = try PangoLayoutIterator(layout)
        defer { withExtendedLifetime(owned) {} }
        let iterator = owned.pointer
        let limit = Int32(clamping: (height * Double(PANGO_SCALE)).rounded()) &+ 1
        var count = 0
        repeat {
            var top: Int32 = 0
            var bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
            guard bottom <= limit else { break }
            count += 1
        } while pango_layout_iter_next_line(iterator) != 0
        return max(count, 1)
    }

    /// The first `head` graphemes of `full` (its first lines) as they are, then a line break, "…" and
    /// the last `tail` graphemes: `truncation: head` of a text of several lines. Whitespace next to
    /// the ellipsis goes; the break is a line separator (U+2028), so the lines before stay one
    /// paragraph with the last. The ellipsis stands for the first removed grapheme.
    static func lastLineEllipsized(_ full: DisplayText, keepingLines head: Int, tail: Int) -> DisplayText {
        let elements = full.elements
        var kept = Array(elements[..<head])
        while let last = kept.last, last.text.allSatisfy(\.isWhitespace), last.text != "\n" { kept.removeLast() }
        let tailCount = min(tail, elements.count - head)
        var end = Array(elements[(elements.count - tailCount)...])
        while let first = end.first, first.text.allSatisfy(\.isWhitespace) { end.removeFirst() }
        let firstRemoved = elements[min(head, elements.count - 1)]
        var result = kept
        if let last = kept.last, !last.text.contains(where: \.isNewline) {
            result.append(DisplayText.Element(text: "\u{2028}", original: last.original, run: last.run))
        }
        result.append(DisplayText.Element(text: "\u{2026}", original: firstRemoved.original, run: firstRemoved.run))
        return DisplayText(elements: result + end)
    }

    /// `full` with all but `keeping` graphemes replaced by one "…" at the head, middle or tail.
    /// Whitespace next to the ellipsis goes too. The ellipsis stands for the first removed grapheme
    /// (it shows when that one is revealed, in its run's style).
    static func ellipsized(_ full: DisplayText, keeping: Int, truncation: Truncation) -> DisplayText {
        let elements = full.elements
        let headCount: Int
        switch truncation {
        case .tail, .none: headCount = keeping
        case .head: headCount = 0
        case .middle: headCount = (keeping + 1) / 2
        }
        let tailCount = keeping - headCount
        var head = Array(elements[..<headCount])
        while let last = head.last, last.text.allSatisfy(\.isWhitespace) { head.removeLast() }
        var tail = Array(elements[(elements.count - tailCount)...])
        while let first = tail.first, first.text.allSatisfy(\.isWhitespace) { tail.removeFirst() }
        let firstRemoved = elements[head.count]
        let ellipsis = DisplayText.Element(text: "\u{2026}", original: firstRemoved.original, run: firstRemoved.run)
        return DisplayText(elements: head + [ellipsis] + tail)
    }
}
