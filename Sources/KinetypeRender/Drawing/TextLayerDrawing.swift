import CPangoCairo
import Foundation
import KinetypeCore

/// A text layer laid out for one frame: the layout and where it goes. Its layouts are released
/// with the last copy of the value.
struct PreparedText {
    /// The layout with this frame's reveal; its metrics place the text and the cursor.
    let layout: PangoLayout
    /// While characters fade in: the same layout with only the fully shown characters, and one
    /// layout per fade alpha showing just the characters at that alpha (painted through a group,
    /// since Cairo draws color glyphs such as emoji at full alpha whatever the text alpha).
    let fadePasses: FadePasses?
    let display: DisplayText
    /// Where the layout's origin goes, in points.
    let origin: Point
    let box: LayerBox
    let isRightToLeft: Bool
    /// Whether glyphs are filled as outlines at their exact positions (`TextState.glyphsMove`)
    /// rather than drawn from Cairo's glyph cache at whole pixels.
    var exactGlyphs = false

    typealias FadePasses = (solid: PangoLayout, fades: [(alpha: Double, layout: PangoLayout)])

    /// Paints the glyphs with the layout's origin at `origin`.
    func paintGlyphs(on cr: OpaquePointer, at origin: Point) {
        guard let fadePasses else {
            show(layout, on: cr, at: origin)
            return
        }
        show(fadePasses.solid, on: cr, at: origin)
        var ink = PangoRectangle()
        pango_layout_get_extents(layout.pointer, &ink, nil)
        let scale = Double(PANGO_SCALE)
        for pass in fadePasses.fades {
            cairo_save(cr)
            cairo_new_path(cr)
            cairo_rectangle(
                cr, origin.x + Double(ink.x) / scale - 2, origin.y + Double(ink.y) / scale - 2,
                Double(ink.width) / scale + 4, Double(ink.height) / scale + 4)
            cairo_clip(cr)
            cairo_push_group(cr)
            show(pass.layout, on: cr, at: origin)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, pass.alpha)
            cairo_restore(cr)
        }
    }

    private func show(_ layout: PangoLayout, on cr: OpaquePointer, at origin: Point) {
        if exactGlyphs {
            ExactGlyphs.show(layout, on: cr, at: origin)
        } else {
            cairo_move_to(cr, origin.x, origin.y)
            pango_cairo_show_layout(cr, layout.pointer)
        }
    }
}

extension FrameRenderer {
    /// Lays out a text layer: wraps at the frame width minus padding, truncates to the line limit
    /// and frame height, and places the text block in the frame by `alignment` (leading and
    /// trailing follow the text's direction; in a right-to-left layout leading is always the right
    /// side, and the frame is mirrored).
    func prepareText(_ text: TextState, layer: LayerState) throws -> PreparedText {
        let padding = layer.padding
        let wrapWidth = layer.frame.width.map { max($0 - padding.leading - padding.trailing, 0) }
        let maxHeight = layer.frame.height.map { max($0 - padding.top - padding.bottom, 0) }

        let engine = text.glyphsMove ? exactEngine : self.engine
        let display = try engine.displayText(for: text, wrapWidth: wrapWidth, maxHeight: maxHeight)
        let reveal = text.reveal
        let layout = try engine.makeLayout(
            display, state: text, wrapWidth: wrapWidth,
            paint: .draw { original in
                TextReveal.alpha(of: original, in: reveal)
            })
        let fadePasses = try makeFadePasses(display, text, wrapWidth: wrapWidth, engine: engine)
        // The first paragraph's direction (from its first strong character) decides what leading
        // means. The line is borrowed from the layout.
        let firstLine = pango_layout_get_line_readonly(layout.pointer, 0)
        let isRightToLeft =
            firstLine.map { PangoDirection(rawValue: $0.pointee.resolved_dir) == PANGO_DIRECTION_RTL } ?? false
        // In a right-to-left layout, leading is the right side whatever the text (as in SwiftUI).
        let leadingIsRight = isRightToLeft || layoutDirection.isRightToLeft
        let left = leadingIsRight ? padding.trailing : padding.leading
        let right = leadingIsRight ? padding.leading : padding.trailing
        var logical = PangoRectangle()
        pango_layout_get_extents(layout.pointer, nil, &logical)
        let scale = Double(PANGO_SCALE)
        let blockX = Double(logical.x) / scale
        let blockY = Double(logical.y) / scale
        let blockWidth = Double(logical.width) / scale
        let blockHeight = Double(logical.height) / scale

        let box = LayerBox(
            frame: layer.frame, contentWidth: blockWidth + left + right,
            contentHeight: blockHeight + padding.top + padding.bottom, direction: layoutDirection,
            canvasWidth: scene.canvas.width)
        let contentWidth = box.frame.width - left - right
        let contentHeight = box.frame.height - padding.top - padding.bottom
        let horizontal = leadingIsRight ? 1 - layer.alignment.horizontalFraction : layer.alignment.horizontalFraction
        let origin = Point(
            x: box.frame.x + left + (contentWidth - blockWidth) * horizontal - blockX,
            y: box.frame.y + padding.top + (contentHeight - blockHeight) * layer.alignment.verticalFraction - blockY)
        return PreparedText(
            layout: layout, fadePasses: fadePasses, display: display, origin: origin, box: box,
            isRightToLeft: isRightToLeft, exactGlyphs: text.glyphsMove)
    }

    /// The extra layouts of a frame where characters are partly faded in, or nil when none is.
    private func makeFadePasses(
        _ display: DisplayText, _ text: TextState, wrapWidth: Double?, engine: TextLayoutEngine
    ) throws
        -> PreparedText.FadePasses?
    {
        guard let reveal = text.reveal, reveal.fading.contains(where: { $0 > 0 && $0 < 1 }) else { return nil }
        let solid = try engine.makeLayout(
            display, state: text, wrapWidth: wrapWidth,
            paint: .draw { original in
                TextReveal.alpha(of: original, in: reveal) >= 1 ? 1 : 0
            })
        var fades: [(alpha: Double, layout: PangoLayout)] = []
        for alpha in Set(reveal.fading.filter { $0 > 0 && $0 < 1 }).sorted() {
            let layout = try engine.makeLayout(
                display, state: text, wrapWidth: wrapWidth,
                paint: .draw { original in
                    TextReveal.alpha(of: original, in: reveal) == alpha ? 1 : 0
                })
            fades.append((alpha, layout))
        }
        return (solid, fades)
    }

    /// Draws the shadow, the glyphs and the cursor of a prepared text layer.
    func drawText(_ prepared: PreparedText, _ text: TextState, on cr: OpaquePointer, pixelScale: Double) {
        if let shadow = text.shadow, shadow.color.alpha > 0 {
            drawShadow(shadow, of: prepared, on: cr, pixelScale: pixelScale)
        }
        prepared.paintGlyphs(on: cr, at: prepared.origin)
        if let cursor = text.cursor, cursor.visible {
            drawCursor(cursor, in: prepared, fontSize: text.font.size, on: cr)
        }
    }

    /// The widest blur, in pixels after scaling: wider is a flat tint, and it bounds the mask.
    static let maximumShadowBlurPixels = 512.0

    /// Renders the glyphs' alpha into a mask at canvas resolution, blurs it and paints it in the
    /// shadow color at the offset. Hidden graphemes cast no shadow. The mask covers only what can
    /// show (the clip, plus the blur's reach), so a huge text or a large scale costs no more
    /// memory than the canvas.
    private func drawShadow(_ shadow: Shadow, of prepared: PreparedText, on cr: OpaquePointer, pixelScale: Double) {
        var ink = PangoRectangle()
        pango_layout_get_extents(prepared.layout.pointer, &ink, nil)
        guard ink.width > 0, ink.height > 0, pixelScale > 0 else { return }
        let scale = Double(PANGO_SCALE)
        let radius = min(max(shadow.radius, 0), Self.maximumShadowBlurPixels / pixelScale)
        let margin = radius * 1.5 + 2
        let x = prepared.origin.x + Double(ink.x) / scale - margin
        let y = prepared.origin.y + Double(ink.y) / scale - margin
        let width = Double(ink.width) / scale + 2 * margin
        let height = Double(ink.height) / scale + 2 * margin
        // Whole pixels of the mask outside the clip (moved back by the offset) and the blur's reach.
        var clipLeft = 0.0
        var clipTop = 0.0
        var clipRight = 0.0
        var clipBottom = 0.0
        cairo_clip_extents(cr, &clipLeft, &clipTop, &clipRight, &clipBottom)
        let skipLeft = max(0, ((clipLeft - shadow.x - margin - x) * pixelScale).rounded(.down))
        let skipTop = max(0, ((clipTop - shadow.y - margin - y) * pixelScale).rounded(.down))
        let right = min(
            (width * pixelScale).rounded(.up), ((clipRight - shadow.x + margin - x) * pixelScale).rounded(.up))
        let bottom = min(
            (height * pixelScale).rounded(.up), ((clipBottom - shadow.y + margin - y) * pixelScale).rounded(.up))
        guard right > skipLeft, bottom > skipTop else { return }
        let maskX = x + skipLeft / pixelScale
        let maskY = y + skipTop / pixelScale
        let pixelWidth = Int32(clamping: right - skipLeft)
        let pixelHeight = Int32(clamping: bottom - skipTop)
        // Without memory for the mask the shadow is left out, as it always was.
        guard
            let maskSurface = try? CairoSurface(
                format: CAIRO_FORMAT_A8, width: Int(pixelWidth), height: Int(pixelHeight)),
            let maskContext = try? CairoContext(drawingOn: maskSurface)
        else { return }
        defer { withExtendedLifetime(maskSurface) {} }
        let mask = maskSurface.pointer
        withExtendedLifetime(maskContext) {
            cairo_scale(maskContext.pointer, pixelScale, pixelScale)
            prepared.paintGlyphs(
                on: maskContext.pointer, at: Point(x: prepared.origin.x - maskX, y: prepared.origin.y - maskY))
        }
        cairo_surface_flush(mask)
        if let data = cairo_image_surface_get_data(mask) {
            ShadowBlur.blur(
                data, width: Int(pixelWidth), height: Int(pixelHeight),
                stride: Int(cairo_image_surface_get_stride(mask)), sigma: radius * pixelScale / 2)
        }
        cairo_surface_mark_dirty(mask)
        cairo_surface_set_device_scale(mask, pixelScale, pixelScale)
        CairoPainting.setColor(cr, shadow.color)
        cairo_mask_surface(cr, mask, maskX + shadow.x, maskY + shadow.y)
    }

    /// A bar before the character, a block over it, or an underline under it.
    private func drawCursor(_ cursor: CursorState, in prepared: PreparedText, fontSize: Double, on cr: OpaquePointer) {
        guard cursor.color.alpha > 0 else { return }
        let rect = cursorRect(cursor, in: prepared, fontSize: fontSize)
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        CairoPainting.setColor(cr, cursor.color)
        cairo_fill(cr)
    }

    /// Where a cursor is drawn, in the layer's coordinates (before its transform). A bar is centered
    /// on the caret position, but kept whole inside a frame of fixed width: at the frame's edge (the
    /// end of trailing-aligned or right-to-left text) it moves inward rather than being cut in half.
    func cursorRect(_ cursor: CursorState, in prepared: PreparedText, fontSize: Double) -> Rect {
        let scale = Double(PANGO_SCALE)
        let index = prepared.display.byteOffset(beforeOriginal: cursor.characterOffset)
        var strong = PangoRectangle()
        pango_layout_get_cursor_pos(prepared.layout.pointer, Int32(clamping: index), &strong, nil)
        let x = prepared.origin.x + Double(strong.x) / scale
        let top = prepared.origin.y + Double(strong.y) / scale
        let height = Double(strong.height) / scale
        let width = max(cursor.width, 0)

        var cellX = x
        var cellWidth = fontSize * 0.6
        let total = prepared.display.byteOffsets.last!
        let atLineEnd =
            index >= total
            || prepared.display.string.utf8[
                prepared.display.string.utf8.index(prepared.display.string.utf8.startIndex, offsetBy: index)] == 0x0A
        if atLineEnd {
            if prepared.isRightToLeft { cellX = x - cellWidth }
        } else {
            var character = PangoRectangle()
            pango_layout_index_to_pos(prepared.layout.pointer, Int32(clamping: index), &character)
            let left = Double(min(character.x, character.x + character.width)) / scale
            cellX = prepared.origin.x + left
            cellWidth = Double(abs(character.width)) / scale
        }
        switch cursor.shape {
        case .bar:
            var left = x - width / 2
            if prepared.box.clipsHorizontally, width <= prepared.box.frame.width {
                left = min(max(left, prepared.box.frame.x), prepared.box.frame.x + prepared.box.frame.width - width)
            }
            return Rect(x: left, y: top, width: width, height: height)
        case .block: return Rect(x: cellX, y: top, width: cellWidth, height: height)
        case .underline: return Rect(x: cellX, y: top + height - width, width: cellWidth, height: width)
        }
    }
}
