import CPangoCairo
import Foundation
import KinetypeCore

/// The picture of every `image` layer, resolved when a renderer is made: one worker's Cairo
/// surfaces over the scene's shared decoded pictures (no pixels are copied), by layer index, so
/// drawing a frame never looks a file up and cannot miss one.
final class LayerPictures {
    private let surfaces: [Int: CairoSurface]
    /// Keeps the decoded bytes alive as long as the surfaces that point into them.
    private let images: SceneImages

    /// Throws a render failure naming the first image layer whose picture is not among `images`
    /// (a caller's mistake, never the scene's: `SceneLoader` decodes every picture it names).
    init(_ scene: Scene, _ images: SceneImages) throws {
        var byImage: [ObjectIdentifier: CairoSurface] = [:]
        var surfaces: [Int: CairoSurface] = [:]
        for (index, layer) in scene.layers.enumerated() {
            guard case .image(let content) = layer.content else { continue }
            let path = scene.resolve(path: content.src).path
            guard let image = images.image(atResolvedPath: path) else {
                throw DiagnosticList([
                    Diagnostic(
                        kind: .renderFailure,
                        message:
                            "the image \(JSONText.quotedPath(path)) of layers[\(index)] was not decoded before rendering",
                        hint: "load the scene with SceneLoader, which decodes its pictures")
                ])
            }
            if byImage[ObjectIdentifier(image)] == nil { byImage[ObjectIdentifier(image)] = try image.makeSurface() }
            surfaces[index] = byImage[ObjectIdentifier(image)]
        }
        self.surfaces = surfaces
        self.images = images
    }

    /// The picture of the image layer at `index` in the scene the renderer draws.
    func surface(forLayer index: Int) -> CairoSurface {
        guard let surface = surfaces[index] else {
            preconditionFailure("layers[\(index)] is not an image layer of the scene this renderer was made for")
        }
        return surface
    }
}

extension FrameRenderer {
    /// Draws the picture into the frame: `contain` fits it whole, `cover` fills the frame (cropped),
    /// `fill` stretches it; a contained picture sits in the frame by `alignment` (already mirrored in
    /// a right-to-left layout). `flipped` draws the picture's pixels mirrored left to right.
    func drawImage(
        _ surface: CairoSurface, fit: ImageFit, in box: LayerBox, alignment: Alignment, flipped: Bool = false,
        on cr: OpaquePointer
    ) {
        // A picture's natural size in points is its size in pixels.
        let width = Double(surface.width)
        let height = Double(surface.height)
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
