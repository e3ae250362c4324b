import CDeflate
import CGIF
import CImageQuant
import CPNG
import CWebP

/// Versions of the encoding libraries this build runs against.
public enum EncodeLibraryVersions {
    public static var libpng: String { String(cString: png_get_libpng_ver(nil)) }
    public static var zlib: String { String(cString: zlibVersion()) }
    public static var libdeflate: String { LIBDEFLATE_VERSION_STRING }
    public static var giflib: String { "\(GIFLIB_MAJOR).\(GIFLIB_MINOR).\(GIFLIB_RELEASE)" }
    public static var libimagequant: String { LIQ_VERSION_STRING }
    /// libwebp's encoder version, packed by libwebp as 0xMMmmpp.
    public static var libwebp: String {
        let packed = WebPGetEncoderVersion()
        return "\((packed >> 16) & 0xFF).\((packed >> 8) & 0xFF).\(packed & 0xFF)"
    }
}
