import CPangoCairo
import Foundation
import KinetypeCore

/// Small Cairo helpers: colors, fills, rounded rectangles, and the set-up every drawing starts
/// with (`clear`, and `picture` for what is drawn apart from a frame: `GlyphBitmap`, `VectorImage`).
enum CairoPainting {
    /// Paints `cr`'s target (inside its clip) transparent, then goes back to drawing over it.
    static func clear(_ cr: OpaquePointer) {
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }

    /// A `width × height` picture in straight RGBA: `draw` paints on a cleared ARGB32 surface
    /// whose user space is scaled by `scale` and puts the pixel (`origin.x`, `origin.y`) of the
    /// scaled drawing at the picture's top-left corner. Throws `.renderFailure` when Cairo cannot
    /// make the surface.
    static func picture(
        width: Int, height: Int, origin: (x: Double, y: Double), scale: Double, _ draw: (OpaquePointer) -> Void
    ) throws -> Image {
        let surface = try CairoSurface(format: CAIRO_FORMAT_ARGB32, width: width, height: height)
        let context = try CairoContext(drawingOn: surface)
        let cr = context.pointer
        withExtendedLifetime(context) {
            clear(cr)
            cairo_translate(cr, -origin.x, -origin.y)
            cairo_scale(cr, scale, scale)
            draw(cr)
        }
        return withExtendedLifetime(surface) { PixelConversion.image(from: surface.pointer) }
    }

    static func setColor(_ cr: OpaquePointer, _ color: Color) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    /// Makes `fill` the source for painting `rect`. A linear gradient runs through the rectangle's
    /// center at `angle` degrees (0 = left to right, 90 = top to bottom) and spans it exactly, as in CSS.
    static func setFill(_ cr: OpaquePointer, _ fill: Fill, in rect: Rect) throws {
        switch fill {
        case .color(let color):
            setColor(cr, color)
        case .linear(let from, let to, let angle, _):
            let line = gradientLine(in: rect, angle: angle)
            let pattern = try CairoPattern(linearFrom: line.start.x, line.start.y, to: line.end.x, line.end.y)
            withExtendedLifetime(pattern) {
                cairo_pattern_add_color_stop_rgba(pattern.pointer, 0, from.red, from.green, from.blue, from.alpha)
                cairo_pattern_add_color_stop_rgba(pattern.pointer, 1, to.red, to.green, to.blue, to.alpha)
                // The context takes a reference of its own.
                cairo_set_source(cr, pattern.pointer)
            }
        }
    }

    /// Where a linear gradient at `angle` degrees starts and ends in `rect`: through its center,
    /// spanning it exactly, as in CSS.
    static func gradientLine(in rect: Rect, angle: Double) -> (start: Point, end: Point) {
        let radians = angle * .pi / 180
        let dx = cos(radians)
        let dy = sin(radians)
        let half = (abs(rect.width * dx) + abs(rect.height * dy)) / 2
        let cx = rect.x + rect.width / 2
        let cy = rect.y + rect.height / 2
        return (Point(x: cx - dx * half, y: cy - dy * half), Point(x: cx + dx * half, y: cy + dy * half))
    }

    /// Adds a rectangle with corners of `radius` (limited to half the shorter side) to the path.
    static func addRoundedRect(_ cr: OpaquePointer, _ rect: Rect, radius: Double) {
        let r = min(max(radius, 0), min(rect.width, rect.height) / 2)
        guard r > 0 else {
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            return
        }
        let x0 = rect.x
        let y0 = rect.y
        let x1 = rect.x + rect.width
        let y1 = rect.y + rect.height
        cairo_new_sub_path(cr)
        cairo_arc(cr, x1 - r, y0 + r, r, -.pi / 2, 0)
        cairo_arc(cr, x1 - r, y1 - r, r, 0, .pi / 2)
        cairo_arc(cr, x0 + r, y1 - r, r, .pi / 2, .pi)
        cairo_arc(cr, x0 + r, y0 + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// Fills `rect` (rounded) with `fill`.
    static func fill(_ cr: OpaquePointer, _ rect: Rect, radius: Double, with fill: Fill) throws {
        cairo_new_path(cr)
        addRoundedRect(cr, rect, radius: radius)
        try setFill(cr, fill, in: rect)
        cairo_fill(cr)
    }

    /// Strokes a border of `border.width` that lies inside `rect`, following its rounded corners.
    static func stroke(_ cr: OpaquePointer, _ rect: Rect, radius: Double, border: Border) {
        guard border.width > 0, border.color.alpha > 0 else { return }
        let inset = min(border.width / 2, min(rect.width, rect.height) / 2)
        let inner = Rect(
            x: rect.x + inset, y: rect.y + inset, width: rect.width - 2 * inset, height: rect.height - 2 * inset)
        cairo_new_path(cr)
        addRoundedRect(cr, inner, radius: max(radius - inset, 0))
        setColor(cr, border.color)
        cairo_set_line_width(cr, border.width)
        cairo_stroke(cr)
    }
}
