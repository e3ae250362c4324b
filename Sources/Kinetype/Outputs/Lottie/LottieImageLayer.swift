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
    func imageLayer(
        _ tracks: LayerTracks, index: Int, assets: inout [LottieWritten<LottieAsset>], pictures: inout [Data: String]
    ) throws -> LottieLayer {
        let layer = tracks.first
        let path = "layers[\(layer.index)]"
        guard let image = try vectorImage(layer) else {
            return shapeLayer(name: path, index: index, shapes: [], transform: stillTransform())
        }
        let box = image.box
        var inner: [LottieWritten<LottieLayer>] = []
        let border = try borderShapes(layer, box: box)
        if !border.isEmpty {
            inner.append(
                LottieWritten(
                    shapeLayer(name: "border", index: inner.count + 1, shapes: border, transform: stillTransform())))
        }
        let pictureID = try embeddedPicture(image.picture, assets: &assets, pictures: &pictures)
        let placement = stillTransform(
            position: [image.origin.x, image.origin.y, 0],
            scale: [100 / image.pixelScale, 100 / image.pixelScale, 100])
        inner.append(
            LottieWritten(
                LottieLayer(
                    .image(id: pictureID), index: inner.count + 1, name: "picture", frames: everyFrame,
                    transform: placement)))
        let background = try backgroundShapes(layer, box: box)
        if !background.isEmpty {
            inner.append(
                LottieWritten(
                    shapeLayer(name: "box", index: inner.count + 1, shapes: background, transform: stillTransform())))
        }
        let id = "layer\(layer.index)"
        assets.append(LottieWritten(LottieAsset(id: id, name: path, .precomposition(inner))))
        return LottieLayer(
            .precomposition(id: id, width: scene.canvas.width, height: scene.canvas.height), index: index, name: path,
            frames: everyFrame,
            transform: transform(tracks, centers: Track(Point(x: box.x + box.width / 2, y: box.y + box.height / 2))))
    }

    /// The id of the image asset of `picture`: a PNG (kinetype's encoder) in a data URI, added to
    /// `assets` the first time those pixels are asked for.
    func embeddedPicture(
        _ picture: Image, assets: inout [LottieWritten<LottieAsset>], pictures: inout [Data: String]
    ) throws -> String {
        let png = try PNGCodec.encode(picture)
        if let known = pictures[png] { return known }
        let id = "image\(pictures.count)"
        pictures[png] = id
        let dataURI = "data:image/png;base64," + png.base64EncodedString()
        assets.append(
            LottieWritten(LottieAsset(id: id, .image(width: picture.width, height: picture.height, dataURI: dataURI))))
        return id
    }
}
