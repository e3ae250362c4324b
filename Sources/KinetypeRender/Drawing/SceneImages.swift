import CPangoCairo
import Foundation
import KinetypeCore

/// A picture decoded once: Cairo's premultiplied, native-endian ARGB32 (or, for an opaque PNG,
/// RGB24) bytes, exactly as Cairo's PNG reader makes them. The decoded surface only owns the
/// bytes and is never drawn with or into; every worker wraps the same bytes in a surface of its
/// own (`makeSurface`), so there is one copy of the pixels however many workers render.
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

/// The pictures of a scene's `image` layers, each distinct `src` read and decoded once, before
/// rendering: the file is confined to the scene's root and must be a regular file of at most
/// `RegularFile.imageLimit` bytes whose PNG header gives at most `ImageLimits.imageLayer` pixels;
/// all pictures together at most `ImageLimits.sceneImagePixels`. Immutable, shared by every worker.
public struct SceneImages: Sendable {
    private let images: [String: DecodedImage]

    /// No pictures (a scene without image layers).
    public static let none = SceneImages(images: [:])

    private init(images: [String: DecodedImage]) { self.images = images }

    /// Reads and decodes every picture the scene shows. Throws a `DiagnosticList` with every
    /// problem, each at its `layers[i].src`.
    public init(scene: Scene) throws {
        var images: [String: DecodedImage] = [:]
        var problems: [Diagnostic] = []
        var totalPixels = 0
        for (index, layer) in scene.layers.enumerated() {
            guard case .image(let content) = layer.content else { continue }
            let key = Self.key(content.src, in: scene)
            guard images[key] == nil else { continue }
            let path = "layers[\(index)].src"
            do throws(ImageProblem) {
                let image = try Self.decode(content.src, scene: scene)
                totalPixels += image.width * image.height
                guard totalPixels <= ImageLimits.sceneImagePixels else {
                    throw .invalid("takes the scene's pictures to \(totalPixels) pixels; the limit for all pictures together is \(ImageLimits.sceneImagePixels)",
                                   hint: "use smaller pictures (an image layer shows at most canvas size anyway)")
                }
                images[key] = image
            } catch {
                switch error {
                case .file(let fileError):
                    problems.append(scene.diagnostic(fileError, what: "image", file: content.src, at: path))
                case .invalid(let message, let hint):
                    problems.append(scene.source.diagnostic(at: path, "image \(JSONText.quotedPath(content.src)) \(message)", hint: hint,
                                                            kind: .invalidScene))
                case .unreadable(let message):
                    problems.append(scene.source.diagnostic(at: path, "image \(JSONText.quotedPath(content.src)) \(message)",
                                                            hint: "save it as a PNG file", kind: .missingInput))
                }
            }
        }
        if !problems.isEmpty { throw DiagnosticList(problems) }
        self.images = images
    }

    /// The picture of `src` (as written in the scene, or as resolved in a `FrameState`).
    public func image(_ src: String, in scene: Scene) -> DecodedImage? { images[Self.key(src, in: scene)] }

    /// Every picture by `key(_:in:)`.
    var all: [String: DecodedImage] { images }

    /// Pictures are keyed by their resolved path, so a scene's `src` and a frame state's resolved
    /// one find the same picture (and two spellings of one file decode once).
    static func key(_ src: String, in scene: Scene) -> String {
        scene.resolve(path: src).standardizedFileURL.path
    }

    private enum ImageProblem: Error {
        case file(InputFileError)
        case invalid(String, hint: String)
        case unreadable(String)
    }

    private static func decode(_ src: String, scene: Scene) throws(ImageProblem) -> DecodedImage {
        let data: Data
        do { data = try scene.readInput(src, limit: RegularFile.imageLimit) } catch { throw .file(error) }
        guard let size = ImageHeader.pngSize(data) else { throw .unreadable("is not a PNG image") }
        if let problem = ImageLimits.imageLayer.problem(width: size.width, height: size.height) {
            throw .invalid(problem, hint: "scale the picture down before using it")
        }
        let reader = PNGStreamReader(data)
        let created = cairo_image_surface_create_from_png_stream({ closure, buffer, length in
            guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
            return Unmanaged<PNGStreamReader>.fromOpaque(closure).takeUnretainedValue().read(into: buffer, count: Int(length))
        }, Unmanaged.passUnretained(reader).toOpaque())
        withExtendedLifetime(reader) {}
        // Cairo reports every libpng error as "out of memory", so its status says nothing here.
        guard let surface = try? CairoSurface(taking: created, what: "a picture"), let image = DecodedImage(taking: surface) else {
            throw .unreadable("is a damaged or unsupported PNG image")
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
