import CPangoCairo
import KinetypeCore

/// An owned Cairo surface: `deinit` drops the reference this object holds.
///
/// `pointer` is valid while the object is alive; a caller that only passes `pointer` on must keep
/// the object alive across the C calls (a stored property, a parameter or `withExtendedLifetime`).
final class CairoSurface {
    let pointer: OpaquePointer

    /// Takes over a surface reference (one Cairo created for us) and checks that Cairo made it:
    /// Cairo returns an inert "nil surface" with an error status instead of NULL.
    /// - Parameter what: what the surface is for, in the failure's sentence ("a 640×480 drawing surface").
    init(taking surface: OpaquePointer?, what: @autoclosure () -> String) throws(DiagnosticList) {
        guard let surface else { throw Self.failure(what(), reason: "out of memory") }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw Self.failure(what(), reason: String(cString: cairo_status_to_string(status)))
        }
        pointer = surface
    }

    /// A new image surface of `width × height` pixels. Throws a `.renderFailure` diagnostic
    /// ("cannot create a 8192×8192 drawing surface: out of memory") when Cairo cannot make it.
    convenience init(format: cairo_format_t, width: Int, height: Int) throws(DiagnosticList) {
        let what = "a \(width)×\(height) drawing surface"
        guard let width32 = Int32(exactly: width), let height32 = Int32(exactly: height), width32 >= 0, height32 >= 0
        else {
            throw Self.failure(what, reason: "too large")
        }
        let stride = Int(cairo_format_stride_for_width(format, width32))
        let (byteCount, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow, stride > 0, byteCount >= HugePages.size else {
            try self.init(taking: cairo_image_surface_create(format, width32, height32), what: what)
            return
        }
        try self.init(
            taking: Self.canvasSizedSurface(format, width32, height32, stride: stride, byteCount: byteCount),
            what: what)
        // Cairo draws the first operation on a surface it knows is clear differently (exactly,
        // as a copy); a clear paint tells it, as its own new surfaces know.
        let context = try CairoContext(drawingOn: self)
        cairo_set_operator(context.pointer, CAIRO_OPERATOR_CLEAR)
        cairo_paint(context.pointer)
    }

    /// A surface over zeroed pixels of its own, in memory sized and advised for huge pages (where
    /// Cairo would allocate them itself); the surface frees them when it is destroyed. Nil when out
    /// of memory; a surface Cairo refused carries its reason.
    private static func canvasSizedSurface(
        _ format: cairo_format_t, _ width: Int32, _ height: Int32, stride: Int, byteCount: Int
    ) -> OpaquePointer? {
        let allocated = HugePages.allocationByteCount(for: byteCount)
        guard let data = calloc(allocated, 1) else { return nil }
        HugePages.advise(UnsafeMutableRawBufferPointer(start: data, count: allocated))
        let surface = cairo_image_surface_create_for_data(
            data.assumingMemoryBound(to: UInt8.self), format, width, height, Int32(stride))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            free(data)
            return surface
        }
        guard cairo_surface_set_user_data(surface, &ownedPixelsKey, data, { free($0) }) == CAIRO_STATUS_SUCCESS
        else {
            cairo_surface_destroy(surface)
            free(data)
            return nil
        }
        return surface
    }

    /// The key of the pixels a surface owns and frees.
    nonisolated(unsafe) private static var ownedPixelsKey = cairo_user_data_key_t()

    /// A surface over pixels someone else owns (they must outlive it): the surface does not copy them.
    convenience init(
        borrowing bytes: UnsafeMutablePointer<UInt8>, format: cairo_format_t, width: Int, height: Int,
        stride: Int
    ) throws(DiagnosticList) {
        let what = "a \(width)×\(height) picture surface"
        guard let width32 = Int32(exactly: width), let height32 = Int32(exactly: height),
            let stride32 = Int32(exactly: stride)
        else {
            throw Self.failure(what, reason: "too large")
        }
        try self.init(
            taking: cairo_image_surface_create_for_data(bytes, format, width32, height32, stride32), what: what)
    }

    deinit { cairo_surface_destroy(pointer) }

    var width: Int { Int(cairo_image_surface_get_width(pointer)) }
    var height: Int { Int(cairo_image_surface_get_height(pointer)) }

    static func failure(_ what: String, reason: String) -> DiagnosticList {
        DiagnosticList([Diagnostic(kind: .renderFailure, message: "cannot create \(what): \(reason)")])
    }
}
