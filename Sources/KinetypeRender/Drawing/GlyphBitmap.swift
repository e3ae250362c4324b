import CPangoCairo
import KinetypeCore

/// A glyph that is a picture rather than an outline (a color emoji of a bitmap font such as Noto
/// Color Emoji), drawn by Cairo as the raster renderer draws it.
public struct GlyphBitmap: Equatable, Sendable {
    /// The glyph's pixels (straight RGBA, in the font's own colors), `pixelScale` pixels per point.
    public var picture: Image
    /// Where the picture's top left corner is, relative to the glyph's origin on the baseline, in
    /// points: a whole pixel at `pixelScale`.
    public var offset: Point
    /// Pixels per point.
    public var pixelScale: Double

    /// The same picture with every pixel's color replaced by `tint`, its alpha kept (a shadow's
    /// silhouette of the glyph).
    public func tinted(_ tint: Color) -> GlyphBitmap {
        var copy = self
        let red = UInt8((min(max(tint.red, 0), 1) * 255).rounded())
        let green = UInt8((min(max(tint.green, 0), 1) * 255).rounded())
        let blue = UInt8((min(max(tint.blue, 0), 1) * 255).rounded())
        copy.picture.pixels.withUnsafeMutableBufferPointer { pixels in
            for start in stride(from: 0, to: pixels.count, by: 4) where pixels[start + 3] > 0 {
                pixels[start] = red
                pixels[start + 1] = green
                pixels[start + 2] = blue
            }
        }
        return copy
    }

    /// Whether `font`'s glyphs are PNG pictures (CBDT or sbix tables, as Noto Color Emoji's).
    static func isBitmapFont(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
        guard let hbFont = pango_font_get_hb_font(font), let face = hb_font_get_face(hbFont) else { return false }
        return hb_ot_color_has_png(face) != 0
    }

    /// Draws `glyph` of `scaledFont` with Cairo at `pixelScale` pixels per point onto the smallest
    /// whole pixels that hold its ink (`font`'s extents, a pixel more on every side); nil when it
    /// has no ink.
    static func draw(
        _ glyph: PangoGlyph, of font: UnsafeMutablePointer<PangoFont>, scaledFont: OpaquePointer, pixelScale: Double
    ) throws -> GlyphBitmap? {
        var ink = PangoRectangle()
        pango_font_get_glyph_extents(font, glyph, &ink, nil)
        guard ink.width > 0, ink.height > 0 else { return nil }
        let units = Double(PANGO_SCALE)
        let x0 = (Double(ink.x) / units * pixelScale).rounded(.down) - 1
        let y0 = (Double(ink.y) / units * pixelScale).rounded(.down) - 1
        let x1 = (Double(ink.x + ink.width) / units * pixelScale).rounded(.up) + 1
        let y1 = (Double(ink.y + ink.height) / units * pixelScale).rounded(.up) + 1
        let picture = try CairoPainting.picture(
            width: Int(x1 - x0), height: Int(y1 - y0), origin: (x0, y0), scale: pixelScale
        ) { cr in
            cairo_set_scaled_font(cr, scaledFont)
            cairo_set_source_rgb(cr, 0, 0, 0)
            var cairoGlyph = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
            cairo_show_glyphs(cr, &cairoGlyph, 1)
        }
        return GlyphBitmap(
            picture: picture, offset: Point(x: x0 / pixelScale, y: y0 / pixelScale), pixelScale: pixelScale)
    }
}
