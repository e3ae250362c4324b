import CPangoCairo
import Foundation
import KinetypeCore

/// One worker's Cairo surfaces over the scene's shared decoded pictures (no pixels are copied).
final class ImageSurfaces {
    private let surfaces: [String: CairoSurface]
    /// Keeps the decoded bytes alive as long as the surfaces that point into them.
    private let images: SceneImages

    init(_ images: SceneImages) throws {
        surfaces = try images.all.mapValues { try $0.makeSurface() }
        self.images = images
    }

    /// The surface of the picture at a resolved path (as in a `FrameState`); a picture that was
    /// not decoded is a render failure (a caller's mistake, never the scene's).
    func surface(for src: String) throws -> CairoSurface {
        guard let surface = surfaces[SceneImages.key(forResolvedPath: src)] else {
            throw DiagnosticList([
                Diagnostic(
                    kind: .renderFailure,
                    message: "the image \(JSONText.quotedPath(src)) was not decoded before rendering",
                    hint: "load the scene with SceneLoader, which decodes its pictures")
            ])
        }
        return surface
    }
}

extension FrameRenderer {
    /// The natural size of an image layer's picture, in points (one pixel per point).
    func imageSize(_ surface: CairoSurface) -> (width: Double, height: Double) {
        (Double(surface.width), Double(surface.height))
    }

    /// Draws the picture into the frame: `contain` fits it whole, `cover` fills the frame (cropped),
    /// `fill` stretches it; a contained picture sits in the frame by `alignment` (already mirrored in
    /// a right-to-left layout). `flipped` draws the picture's pixels mirrored left to right.
    func drawImage(
        _ surface: CairoSurface, fit: ImageFit, in box: LayerBox, alignment: Alignment, flipped: Bool = false,
        on cr: OpaquePointer
    ) {
        let (width, height) = imageSize(surface)
        guard width > 0, height > 0, box.frame.width > 0, box.frame.height > 0 else { return }
        var scaleX = box.frame.width / width
        var scaleY = box.frame.height / height
        switch fit {
        case .contain:
            scaleX = min(scaleX, scaleY)
            scaleY = scaleX
        case .cover:
            scaleX = max(scaleX, scaleY)
            scaleY = scaleX
        case .fill: break
        }
        let x = box.frame.x + (box.frame.width - width * scaleX) * alignment.horizontalFraction
        let y = box.frame.y + (box.frame.height - height * scaleY) * alignment.verticalFraction
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, scaleX, scaleY)
        if flipped {
            cairo_translate(cr, width, 0)
            cairo_scale(cr, -1, 1)
        }
        cairo_set_source_surface(cr, surface.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_rectangle(cr, 0, 0, width, height)
        cairo_fill(cr)
        cairo_restore(cr)
    }
}
