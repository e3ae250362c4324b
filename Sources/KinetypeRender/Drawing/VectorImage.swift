import CPangoCairo
import KinetypeCore

/// An image layer's picture as a vector format places it: what the raster renderer draws of it
/// inside the layer (the picture where its fit puts it, filtered and clipped by Cairo), as pixels
/// at the scene's own density, and where those pixels go.
public struct VectorImage: Sendable {
    /// The drawn picture (straight RGBA), `pixelScale` pixels per point, on whole pixels of the
    /// scene's own density.
    public var picture: Image
    /// Where the picture's top left corner goes, in the layer's coordinates (a whole pixel).
    public var origin: Point
    /// Pixels per point: the scene's `canvas.scale`.
    public var pixelScale: Double
    /// The layer's box (its frame, fitted sides replaced by the picture's size): the transform's center.
    public var box: Rect
}

/// Why an image layer cannot be given as a `VectorImage`.
public enum VectorImageProblem: Error, Sendable {
    /// The drawn picture would be more pixels on a side than a canvas may have.
    case tooLarge(width: Int, height: Int)
}

extension FrameRenderer {
    /// The picture of the image layer `layer` as `draw` draws it with the layer's own transform
    /// left out: the same box, placement, filter, clip (rounded by the corner radius when both sides
    /// are fixed) and mirroring, drawn by the same code at `canvas.scale` onto the smallest whole
    /// pixels that hold it. Nil when it draws nothing.
    public func vectorImage(_ layer: LayerState) throws -> VectorImage? {
        guard case .image(let content) = layer.content else { return nil }
        let picture = pictures.surface(forLayer: layer.index)
        let mirrored = layoutDirection.isRightToLeft
        let alignment = mirrored ? layer.alignment.mirrored : layer.alignment
        let box = LayerBox(
            frame: layer.frame, contentWidth: Double(picture.width), contentHeight: Double(picture.height),
            direction: layoutDirection, canvasWidth: scene.canvas.width)
        guard
            let placed = Self.imagePlacement(
                width: Double(picture.width), height: Double(picture.height), fit: content.fit, in: box,
                alignment: alignment)
        else { return nil }
        let scale = scene.canvas.scale
        let clip = box.clipRect(pixelScale: scale * abs(layer.scale))
        var left = placed.origin.x
        var top = placed.origin.y
        var right = left + Double(picture.width) * placed.scaleX
        var bottom = top + Double(picture.height) * placed.scaleY
        if let clip {
            left = max(left, clip.x)
            top = max(top, clip.y)
            right = min(right, clip.x + clip.width)
            bottom = min(bottom, clip.y + clip.height)
        }
        let x0 = (left * scale).rounded(.down)
        let y0 = (top * scale).rounded(.down)
        let width = Int((right * scale).rounded(.up) - x0)
        let height = Int((bottom * scale).rounded(.up) - y0)
        guard width > 0, height > 0 else { return nil }
        let largest = FormatRanges.maximumCanvasSide
        guard width <= largest, height <= largest else {
            throw VectorImageProblem.tooLarge(width: width, height: height)
        }
        let drawn = try CairoPainting.picture(width: width, height: height, origin: (x0, y0), scale: scale) { cr in
            Self.clipContent(cr, to: box, cornerRadius: layer.cornerRadius, pixelScale: scale * abs(layer.scale))
            drawImage(
                picture, fit: content.fit, in: box, alignment: alignment,
                flipped: mirrored && content.flipsForRightToLeftLayoutDirection, on: cr)
        }
        return VectorImage(
            picture: drawn, origin: Point(x: x0 / scale, y: y0 / scale), pixelScale: scale, box: box.frame)
    }
}
