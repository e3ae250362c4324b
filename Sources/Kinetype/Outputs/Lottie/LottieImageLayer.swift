import Foundation
import KinetypeCore
import KinetypeEncode
import KinetypeRender

/// Image layers as a precomposition, as the raster renderer draws them back to front: the box's
/// background, the picture, the border. The picture is an image asset in a data URI (a PNG of
/// kinetype's encoder), one asset per distinct picture: what Cairo draws of the picture inside the
/// layer (its fit, filter, edges, the frame's clip with its rounded corners, the mirroring), at
/// the scene's own density (`canvas.scale`) on whole pixels of it. That density, because the file
/// then shows exactly the other outputs' pixels at the scene's size, where a player copies the
/// pixels instead of resampling them (rlottie scales a picture by its nearest pixels, so its own
/// pixels scaled would show steps, and neither player fades a picture's edges as Cairo does); at
/// another density the player scales that picture, as it scales the layer.
extension LottieExport {
    func imageLayer(_ tracks: LayerTracks, index: Int, assets: inout [LottieJSON], pictures: inout [Data: String])
        throws -> LottieJSON
    {
        let layer = tracks.first
        let path = "layers[\(layer.index)]"
        guard let image = try vectorImage(layer) else {
            return shapeLayer(name: path, index: index, shapes: [], transform: staticTransform())
        }
        let box = image.box
        var inner: [LottieJSON] = []
        let border = try borderShapes(layer, box: box)
        if !border.isEmpty {
            inner.append(
                shapeLayer(name: "border", index: inner.count + 1, shapes: border, transform: staticTransform()))
        }
        let pictureID = try embeddedPicture(image.picture, assets: &assets, pictures: &pictures)
        inner.append(
            .object(
                [
                    ("ty", .number(2)), ("ind", .number(Double(inner.count + 1))), ("nm", .string("picture")),
                    ("refId", .string(pictureID)),
                ] + timing()
                    + [
                        (
                            "ks",
                            .object([
                                ("o", .object([("a", .number(0)), ("k", .number(100))])),
                                ("r", .object([("a", .number(0)), ("k", .number(0))])),
                                ("p", staticValue([image.origin.x, image.origin.y, 0])),
                                ("a", staticValue([0, 0, 0])),
                                ("s", staticValue([100 / image.pixelScale, 100 / image.pixelScale, 100])),
                            ])
                        )
                    ]))
        let background = try backgroundShapes(layer, box: box)
        if !background.isEmpty {
            inner.append(
                shapeLayer(name: "box", index: inner.count + 1, shapes: background, transform: staticTransform()))
        }
        let id = "layer\(layer.index)"
        assets.append(.object([("id", .string(id)), ("nm", .string(path)), ("layers", .array(inner))]))
        return .object(
            [
                ("ty", .number(0)), ("ind", .number(Double(index))), ("nm", .string(path)), ("refId", .string(id)),
                ("w", .number(scene.canvas.width)), ("h", .number(scene.canvas.height)),
            ] + timing()
                + [
                    (
                        "ks",
                        transform(tracks, centers: Track(Point(x: box.x + box.width / 2, y: box.y + box.height / 2)))
                    )
                ])
    }

    /// The id of the image asset of `picture`: a PNG (kinetype's encoder) in a data URI, added to
    /// `assets` the first time those pixels are asked for.
    func embeddedPicture(_ picture: Image, assets: inout [LottieJSON], pictures: inout [Data: String]) throws -> String
    {
        let png = try PNGCodec.encode(picture)
        if let known = pictures[png] { return known }
        let id = "image\(pictures.count)"
        pictures[png] = id
        assets.append(
            .object([
                ("id", .string(id)), ("w", .number(Double(picture.width))), ("h", .number(Double(picture.height))),
                ("u", .string("")), ("p", .string("data:image/png;base64," + png.base64EncodedString())),
                ("e", .number(1)),
            ]))
        return id
    }
}
