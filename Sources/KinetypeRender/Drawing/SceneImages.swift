import CPangoCairo
import Foundation
import KinetypeCore

/// A picture decoded once: Cairo's premultiplied, native-endian ARGB32 (or, for an opaque PNG,
/// RGB24) bytes, exactly as Cairo's PNG reader makes them. The decoded surface only owns the
/// bytes and is never drawn with or into; every worker wraps the same bytes in a surface of its
/// own (`makeSurface`), so there is one copy of the pixels however many workers render.
// Unchecked: the pixel pointer and the surface owning it are immutable after `init` and never written through.
public final class DecodedImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    private let stride: Int
    private let format: cairo_format_t
    /// The decoded surface: owns `bytes`; touched only in `init` and `deinit`.
    private let owner: CairoSurface
    private let bytes: UnsafeMutablePointer<UInt8>

    /// Takes over a successfully decoded image surface (and its reference).
    fileprivate init?(taking owner: CairoSurface) {
        let surface = owner.pointer
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        self.owner = owner
        bytes = data
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        stride = Int(cairo_image_surface_get_stride(surface))
        format = cairo_image_surface_get_format(surface)
    }

    /// A new surface over the shared bytes (the bytes must outlive it).
    func makeSurface() throws -> CairoSurface {
        try CairoSurface(borrowing: bytes, format: format, width: width, height: height, stride: stride)
    }
}

/// The pictures of a scene's `image` layers, decoded once before rendering (by the Kinetype
/// loader, which also resolves their paths and checks them) and keyed by resolved path.
/// Immutable, shared by every worker.
public struct SceneImages: Sendable {
    private let images: [String: DecodedImage]

    /// No pictures (a scene without image layers).
    public static let none = SceneImages([:])

    /// Pictures keyed by `key(forResolvedPath:)` of their resolved paths.
    public init(_ images: [String: DecodedImage]) { self.images = images }

    /// The picture at a resolved path (as in a `FrameState`).
    public func image(atResolvedPath path: String) -> DecodedImage? { images[Self.key(forResolvedPath: path)] }

    /// Every picture by key.
    var all: [String: DecodedImage] { images }

    /// The key of a resolved path: standardized, so two spellings of one file find one picture.
    public static func key(forResolvedPath path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

extension DecodedImage {
    /// Decodes PNG bytes with Cairo's PNG reader; nil when Cairo cannot (a damaged or unsupported
    /// file). The caller checks the header's size first.
    public static func decodePNG(_ data: Data) -> DecodedImage? {
        let reader = PNGStreamReader(data)
        let created = cairo_image_surface_create_from_png_stream(
            { closure, buffer, length in
                guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
                return Unmanaged<PNGStreamReader>.fromOpaque(closure).takeUnretainedValue().read(
                    into: buffer, count: Int(length))
            }, Unmanaged.passUnretained(reader).toOpaque())
        withExtendedLifetime(reader) {}
        // Cairo reports every libpng error as "out of memory", so its status says nothing here.
        guard let surface = try? CairoSurface(taking: created, what: "a picture"),
            let image = DecodedImage(taking: surface)
        else {
            return nil
        }
        return image
    }
}

/// Feeds PNG bytes to Cairo's stream reader.
private final class PNGStreamReader {
    let data: Data
    var offset = 0
    init(_ data: Data) { self.data = data }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> cairo_status_t {
        guard count <= data.count - offset else { return CAIRO_STATUS_READ_ERROR }
        data.copyBytes(to: buffer, from: (data.startIndex + offset)..<(data.startIndex + offset + count))
        offset += count
        return CAIRO_STATUS_SUCCESS
    }
}
