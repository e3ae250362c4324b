import CPangoCairo
import Foundation
import KinetypeCore

/// PNG images of `image` layers, decoded by Cairo.
final class ImageStore {
    private var surfaces: [String: OpaquePointer] = [:]
    private let scene: Scene

    init(scene: Scene) { self.scene = scene }

    deinit { surfaces.values.forEach { cairo_surface_destroy($0) } }

    /// The decoded image at `src` (as written in the scene); unreadable → `.missingInput` at `layers[i].src`.
    func surface(for src: String, layerIndex: Int) throws -> OpaquePointer {
        if let surface = surfaces[src] { return surface }
        let path = scene.resolve(path: src).path
        let surface = cairo_image_surface_create_from_png(path)!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            let reason = FileManager.default.isReadableFile(atPath: path)
                ? "is not a PNG image Cairo can read (\(String(cString: cairo_status_to_string(status))))"
                : "does not exist or cannot be read"
            throw DiagnosticList([scene.source.diagnostic(
                at: "layers[\(layerIndex)].src", "image \"\(path)\" \(reason)",
                hint: "image paths are relative to the scene file's folder", kind: .missingInput)])
        }
        surfaces[src] = surface
        return surface
    }
}

extension FrameRenderer {
    /// The natural size of an image layer's picture, in points (one pixel per point).
    func imageSize(_ surface: OpaquePointer) -> (width: Double, height: Double) {
        (Double(cairo_image_surface_get_width(surface)), Double(cairo_image_surface_get_height(surface)))
    }

    /// Draws the picture into the frame: `contain` fits it whole, `cover` fills the frame (cropped),
    /// `fill` stretches it; a contained picture sits in the frame by the layer's alignment.
    func drawImage(_ surface: OpaquePointer, fit: ImageFit, in box: LayerBox, alignment: Alignment, on cr: OpaquePointer) {
        let (width, height) = imageSize(surface)
        guard width > 0, height > 0, box.frame.width > 0, box.frame.height > 0 else { return }
        var scaleX = box.frame.width / width, scaleY = box.frame.height / height
        switch fit {
        case .contain: scaleX = min(scaleX, scaleY); scaleY = scaleX
        case .cover: scaleX = max(scaleX, scaleY); scaleY = scaleX
        case .fill: break
        }
        let x = box.frame.x + (box.frame.width - width * scaleX) * alignment.horizontalFraction
        let y = box.frame.y + (box.frame.height - height * scaleY) * alignment.verticalFraction
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, scaleX, scaleY)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_rectangle(cr, 0, 0, width, height)
        cairo_fill(cr)
        cairo_restore(cr)
    }
}
