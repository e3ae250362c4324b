import CPangoCairo
import KinetypeCore

/// An owned Cairo pattern; `deinit` drops this object's reference (a context it was set on as
/// source keeps one of its own).
final class CairoPattern {
    let pointer: OpaquePointer

    /// A linear gradient from (x0, y0) to (x1, y1), without color stops.
    init(linearFrom x0: Double, _ y0: Double, to x1: Double, _ y1: Double) throws(DiagnosticList) {
        guard let pattern = cairo_pattern_create_linear(x0, y0, x1, y1) else {
            throw CairoSurface.failure("a gradient", reason: "out of memory")
        }
        let status = cairo_pattern_status(pattern)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_pattern_destroy(pattern)
            throw CairoSurface.failure("a gradient", reason: String(cString: cairo_status_to_string(status)))
        }
        pointer = pattern
    }

    deinit { cairo_pattern_destroy(pointer) }
}
