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

/// Where a picture's top left pixel corner goes in a layer's coordinates, and how many points
/// one of its pixels spans across and down.
struct ImagePlacement {
    var origin: Point
    var scaleX: Double
    var scaleY: Double
}

extension FrameRenderer {
    /// Where a picture of `width` × `height` pixels is drawn in `box`: `contain` fits it whole,
    /// `cover` fills the frame (cropped), `fill` stretches it; a picture smaller or larger than the
    /// frame on an axis sits in it by `alignment` (already mirrored in a right-to-left layout).
    /// Nil when either has no area. A picture's natural size in points is its size in pixels.
    static func imagePlacement(width: Double, height: Double, fit: ImageFit, in box: LayerBox, alignment: Alignment)
        -> ImagePlacement?
    {
        guard width > 0, height > 0, box.frame.width > 0, box.frame.height > 0 else { return nil }
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
        return ImagePlacement(
            origin: Point(
                x: box.frame.x + (box.frame.width - width * scaleX) * alignment.horizontalFraction,
                y: box.frame.y + (box.frame.height - height * scaleY) * alignment.verticalFraction),
            scaleX: scaleX, scaleY: scaleY)
    }

    /// Draws the picture into the frame where `imagePlacement` puts it. `flipped` draws the
    /// picture's pixels mirrored left to right.
    func drawImage(
        _ surface: CairoSurface, fit: ImageFit, in box: LayerBox, alignment: Alignment, flipped: Bool = false,
        on cr: OpaquePointer
    ) {
        let width = Double(surface.width)
        let height = Double(surface.height)
        guard
            let placement = Self.imagePlacement(width: width, height: height, fit: fit, in: box, alignment: alignment)
        else { return }
        cairo_save(cr)
        cairo_translate(cr, placement.origin.x, placement.origin.y)
        cairo_scale(cr, placement.scaleX, placement.scaleY)
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
