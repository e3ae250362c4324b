import CPangoCairo

/// Versions of the text-rendering libraries this build runs against; goldens record them so a
/// library upgrade is not mistaken for a regression.
public enum RenderLibraryVersions {
    public static var cairo: String { String(cString: cairo_version_string()) }
    public static var pango: String { String(cString: pango_version_string()) }
    public static var harfbuzz: String { String(cString: hb_version_string()) }
    public static var freetype: String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0
        var minor: FT_Int = 0
        var patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}

extension RenderLibraryVersions {
    public static var pixman: String { String(cString: pixman_version_string()) }
    /// FriBidi's version as built against (it has no version call; the bundle ships that build).
    public static var fribidi: String { FRIBIDI_VERSION }
    public static var glib: String { "\(glib_major_version).\(glib_minor_version).\(glib_micro_version)" }
    public static var fontconfig: String {
        let version = Int(FcGetVersion())
        return "\(version / 10000).\(version / 100 % 100).\(version % 100)"
    }
}
