import CPangoCairo
import KinetypeCore

/// An owned Cairo drawing context (`cairo_t`); `deinit` destroys it. The context holds its own
/// reference to the target surface. See `CairoSurface` on keeping the object alive.
final class CairoContext {
    let pointer: OpaquePointer

    /// A context drawing on `surface`. Throws a `.renderFailure` diagnostic when Cairo cannot
    /// make one (it returns an inert context with an error status instead of NULL).
    init(drawingOn surface: CairoSurface) throws(DiagnosticList) {
        guard let context = cairo_create(surface.pointer) else {
            throw CairoSurface.failure("a drawing context", reason: "out of memory")
        }
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            throw CairoSurface.failure("a drawing context", reason: String(cString: cairo_status_to_string(status)))
        }
        pointer = context
    }

    deinit { cairo_destroy(pointer) }
}
