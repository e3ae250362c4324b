import CPangoCairo
import KinetypeCore

/// Draws a Pango layout as glyph outlines filled at their exact positions.
///
/// Cairo 1.16's image backend draws glyphs from its glyph cache at whole-pixel positions, so text
/// whose size or weight animates moves in pixel steps (its baseline jumps a pixel every few frames).
/// Filling the outlines instead puts every glyph exactly where Pango laid it out, with the same
/// unhinted shapes. Runs of a bitmap color font (color emoji) are drawn by Cairo as usual. Colors,
/// alphas, underline and strikethrough come from each run's attributes, as Pango's own renderer
/// takes them.
enum ExactGlyphs {
    static func show(_ layout: PangoLayout, on cr: OpaquePointer, at origin: Point) {
        guard let lines = try? PangoLayoutIterator(layout) else { return }
        let iterator = lines.pointer
        let scale = Double(PANGO_SCALE)
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
                let glyphs = run.pointee.glyphs
            else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &logical)
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) / scale
            let style = RunStyle(item.pointee.analysis.extra_attrs)
            guard style.alpha > 0.5 / 255 else { continue }
            let x = origin.x + Double(logical.x) / scale
            let y = origin.y + baseline - Double(run.pointee.y_offset) / scale
            let font = item.pointee.analysis.font
            cairo_set_source_rgba(cr, style.red, style.green, style.blue, style.alpha)
            cairo_new_path(cr)
            cairo_move_to(cr, x, y)
            if let font, GlyphBitmap.isBitmapFont(font) {
                // A bitmap color font (color emoji): Cairo's own glyph drawing, in the font's
                // colors. Its glyph paths are the pictures' masks traced, which would fill them flat.
                pango_cairo_show_glyph_string(cr, font, glyphs)
            } else {
                pango_cairo_glyph_string_path(cr, font, glyphs)
                cairo_fill(cr)
            }
            guard style.underline || style.strikethrough, let font, let fontMetrics = PangoFontMetrics(font)
            else { continue }
            let metrics = fontMetrics.pointer
            let width = Double(logical.width) / scale
            if style.underline {
                let position = Double(pango_font_metrics_get_underline_position(metrics)) / scale
                let thickness = Double(pango_font_metrics_get_underline_thickness(metrics)) / scale
                cairo_rectangle(cr, x, y - position, width, thickness)
            }
            if style.strikethrough {
                let position = Double(pango_font_metrics_get_strikethrough_position(metrics)) / scale
                let thickness = Double(pango_font_metrics_get_strikethrough_thickness(metrics)) / scale
                cairo_rectangle(cr, x, y - position, width, thickness)
            }
            cairo_fill(cr)
        } while pango_layout_iter_next_run(iterator) != 0
        cairo_new_path(cr)
        withExtendedLifetime(lines) {}
    }
}
