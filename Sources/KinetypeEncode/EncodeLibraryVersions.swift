import CGIF
import CImageQuant
import CPNG

/// Versions of the encoding libraries this build runs against.
public enum EncodeLibraryVersions {
    public static var libpng: String { String(cString: png_get_libpng_ver(nil)) }
    public static var giflib: String { "\(GIFLIB_MAJOR).\(GIFLIB_MINOR).\(GIFLIB_RELEASE)" }
    public static var libimagequant: String { LIQ_VERSION_STRING }
}
