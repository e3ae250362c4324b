import CPangoCairo
import KinetypeCore

/// Owned Cairo font options; `deinit` destroys them (Pango copies options it is given).
final class CairoFontOptions {
    let pointer: OpaquePointer

    init() throws(DiagnosticList) {
        guard let options = cairo_font_options_create() else {
            throw CairoSurface.failure("font options", reason: "out of memory")
        }
        let status = cairo_font_options_status(options)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_options_destroy(options)
            throw CairoSurface.failure("font options", reason: String(cString: cairo_status_to_string(status)))
        }
        pointer = options
    }

    deinit { cairo_font_options_destroy(pointer) }
}
