import CPangoCairo
import KinetypeCore

// Owned Pango objects: each `deinit` releases what its initializer created. See `CairoSurface` on
// keeping an object alive while only its `pointer` is passed on. Pointers Pango lends
// (`pango_layout_get_line_readonly`, `pango_cairo_font_map_get_default`, …) are not wrapped: they
// belong to the object they came from.

private func pangoFailure(_ what: String) -> DiagnosticList {
    DiagnosticList([Diagnostic(kind: .renderFailure, message: "cannot create \(what): out of memory")])
}

/// A Pango font map rendering with Cairo through FreeType (one per worker).
final class PangoCairoFontMap {
    let pointer: UnsafeMutablePointer<PangoFontMap>

    /// A FreeType font map over the fontconfig configuration `config` (which must outlive it).
    init(config: FontconfigConfig) throws(DiagnosticList) {
        Self.emptyDefaultConfiguration
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            throw DiagnosticList([Diagnostic(kind: .renderFailure, message: "Pango has no FreeType font map")])
        }
        pointer = map
        pango_fc_font_map_set_config(OpaquePointer(map), config.pointer)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// The first font map makes Pango load fontconfig's default configuration (the system's rules
    /// and font caches, several milliseconds) on a thread, and font lookups wait for it, though
    /// every kinetype font map has a configuration of its own. An empty configuration made the
    /// default first leaves nothing to load. Nothing kinetype draws looks the default one up.
    private static let emptyDefaultConfiguration: Void = {
        guard let empty = FcConfigCreate() else { return }
        FcConfigSetCurrent(empty)
        FcConfigDestroy(empty)
    }()
}

/// A Pango context on a font map (it keeps its own reference to the map).
final class PangoContext {
    let pointer: OpaquePointer

    init(fontMap: PangoCairoFontMap) throws(DiagnosticList) {
        guard let context = pango_font_map_create_context(fontMap.pointer) else { throw pangoFailure("a text context") }
        pointer = context
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// A Pango layout: one laid-out text.
final class PangoLayout {
    let pointer: OpaquePointer

    init(context: PangoContext) throws(DiagnosticList) {
        guard let layout = pango_layout_new(context.pointer) else { throw pangoFailure("a text layout") }
        pointer = layout
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// An iterator over a layout's lines; it keeps `layout` alive while it exists.
final class PangoLayoutIterator {
    let pointer: OpaquePointer
    private let layout: PangoLayout

    init(_ layout: PangoLayout) throws(DiagnosticList) {
        guard let iterator = pango_layout_get_iter(layout.pointer) else { throw pangoFailure("a line iterator") }
        pointer = iterator
        self.layout = layout
    }

    deinit { pango_layout_iter_free(pointer) }
}

/// A font's metrics (underline and strikethrough position and thickness), or nil when Pango has none.
final class PangoFontMetrics {
    let pointer: UnsafeMutablePointer<CPangoCairo.PangoFontMetrics>

    init?(_ font: UnsafeMutablePointer<PangoFont>) {
        guard let metrics = pango_font_get_metrics(font, nil) else { return nil }
        pointer = metrics
    }

    deinit { pango_font_metrics_unref(pointer) }
}

/// A Pango font description (Pango copies a description it is given, so this one can go after use).
final class PangoFontDescription {
    let pointer: OpaquePointer

    init() throws(DiagnosticList) {
        guard let description = pango_font_description_new() else { throw pangoFailure("a font description") }
        pointer = description
    }

    deinit { pango_font_description_free(pointer) }
}

/// A Pango attribute list. `insert` hands the attribute to the list, which frees it.
final class PangoAttrList {
    let pointer: OpaquePointer

    init() throws(DiagnosticList) {
        guard let list = pango_attr_list_new() else { throw pangoFailure("a text attribute list") }
        pointer = list
    }

    deinit { pango_attr_list_unref(pointer) }

    /// Inserts `attribute` over the UTF-8 byte `range`; the list takes ownership of it.
    func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>, _ range: Range<Int>) {
        attribute.pointee.start_index = UInt32(range.lowerBound)
        attribute.pointee.end_index = UInt32(range.upperBound)
        pango_attr_list_insert(pointer, attribute)
    }
}
