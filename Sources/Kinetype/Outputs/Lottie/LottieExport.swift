import Foundation
import KinetypeCore
import KinetypeEncode
import KinetypeRender

/// Turns a scene into a Lottie animation (the typed model of `KinetypeEncode/Lottie/`): the canvas as the composition (points, `fr` = fps,
/// `op` = frame count), a rectangle for the background, each rectangle layer as a shape layer,
/// each text layer as a precomposition of its glyphs, each image layer as a precomposition of its
/// box and its picture (`LottieImageLayer.swift`). Every distinct glyph outline (in each fill)
/// is one asset, placed by reference; its outline comes from the same Pango layout and glyph
/// positions the raster renderer draws. Everything that changes is sampled at every frame of the
/// timeline. A layer's opacity, offset, scale and rotation are Bézier keyframes where the scene's
/// easing reproduces them, linear keyframes where they otherwise change smoothly, and hold
/// keyframes where they jump (`VectorMotion`); the rest is hold keyframes where it changes: a
/// typewriter's reveal (the opacity of each character's glyphs), the cursor (its rectangle and
/// blink), each distinct layout of a text that changes (`LottieTextLayer.swift`).
/// Whatever it cannot write exactly is refused with an error naming the layer.
///
/// The JSON is counted as it is built, each glyph and layer written at once (`tally`), and an export
/// that would pass `maximumBytes` is refused at the layer where it does, before anything is written.
/// The layer transforms are in `LottieLayerTransform.swift`, their keyframes in
/// `LottieMotionKeyframes.swift`, and the paints in `LottieFill.swift`.
struct LottieExport: VectorExport {
    /// The largest Lottie JSON kinetype writes (16 MiB): players read and hold the whole file, and
    /// the reference scenes' largest is 0.4 MB. A text laid out again on hundreds of frames reaches it.
    static let maximumBytes = 16 << 20

    let prepared: PreparedScene
    let renderer: FrameRenderer
    let isCancelled: @Sendable () -> Bool

    static let formatName = "Lottie"
    static let documentName = "the Lottie JSON"

    typealias Track<Value: Equatable> = VectorTrack<Value>
    typealias LayerTracks = VectorLayerTracks

    func document() throws -> LottieWritten<LottieAnimation> {
        let (first, tracks) = try sampleLayers()
        var assets: [LottieWritten<LottieAsset>] = []
        var shared = SharedAssets()
        var layers: [LottieWritten<LottieLayer>] = []
        for (position, layerTracks) in tracks.enumerated().reversed() {
            if isCancelled() { throw CancellationError() }
            let made = try layer(layerTracks, index: position + 1, assets: &assets, shared: &shared)
            layers.append(try tally(made, at: "layers[\(layerTracks.first.index)]", &shared))
        }
        if isVisible(first.canvas.background) {
            let canvasRect = Rect(x: 0, y: 0, width: scene.canvas.width, height: scene.canvas.height)
            let paint = LottieShape.paint(renderer.vectorFill(first.canvas.background, in: canvasRect))
            let outline = try FrameRenderer.roundedRectPath(canvasRect, radius: 0)
            layers.append(
                LottieWritten(
                    shapeLayer(
                        name: "background", index: tracks.count + 1,
                        shapes: [.group(LottieGroup(LottieShape.paths(outline) + [paint]))],
                        transform: stillTransform())))
        }
        let document = LottieWritten(
            LottieAnimation(
                frameRate: timeline.fps, frameCount: timeline.frameCount, width: scene.canvas.width,
                height: scene.canvas.height, name: "kinetype", assets: assets, layers: layers))
        // What `tally` did not count (the precompositions that hold the glyphs, pictures) is here.
        if document.byteCount > Self.maximumBytes { throw tooLarge(at: "layers", bytes: document.byteCount) }
        return document
    }

    /// `value` written, its bytes added to the file's so far; past `maximumBytes`, the export is
    /// refused at `path`.
    func tally<Value>(_ value: Value, at path: String, _ shared: inout SharedAssets) throws -> LottieWritten<Value> {
        let written = LottieWritten(value)
        shared.bytes += written.byteCount
        if shared.bytes > Self.maximumBytes { throw tooLarge(at: path, bytes: shared.bytes) }
        return written
    }

    // MARK: - Layers

    /// The assets layers share, by what they hold: glyph outlines in a fill, and pictures (their PNG).
    struct SharedAssets {
        var glyphs: [GlyphKey: GlyphAsset] = [:]
        var pictures: [Data: String] = [:]
        /// Bytes of JSON written so far (`tally`).
        var bytes = 0
    }

    /// Every frame of the animation: the span of a layer shown throughout.
    var everyFrame: Range<Int> { 0..<timeline.frameCount }

    private func layer(
        _ tracks: LayerTracks, index: Int, assets: inout [LottieWritten<LottieAsset>], shared: inout SharedAssets
    ) throws -> LottieLayer {
        let layer = tracks.first
        let path = "layers[\(layer.index)]"
        switch layer.content {
        case .rect:
            let box = renderer.vectorBox(layer)
            return shapeLayer(
                name: path, index: index,
                shapes: try borderShapes(layer, box: box) + backgroundShapes(layer, box: box),
                transform: transform(tracks, centers: Track(Point(x: box.x + box.width / 2, y: box.y + box.height / 2)))
            )
        case .text:
            return try textLayer(tracks, index: index, assets: &assets, shared: &shared)
        case .image:
            return try imageLayer(tracks, index: index, assets: &assets, pictures: &shared.pictures)
        }
    }

    /// A layer's border, as the raster renderer strokes it inside its box (over the content).
    func borderShapes(_ layer: LayerState, box: Rect) throws -> [LottieShape] {
        guard let border = layer.border, border.width > 0, border.color.alpha > 0 else { return [] }
        let path = try FrameRenderer.borderPath(box, radius: layer.cornerRadius, width: border.width)
        let stroke = LottieStroke(
            color: .color(border.color), opacity: .opacity(of: border.color), width: .fixed(border.width),
            lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        return [.group(LottieGroup(LottieShape.paths(path) + [.stroke(stroke)]))]
    }

    /// A layer's background, filling its box with the rounded corners (under the content).
    func backgroundShapes(_ layer: LayerState, box: Rect) throws -> [LottieShape] {
        guard let background = layer.background, isVisible(background) else { return [] }
        let outline = try FrameRenderer.roundedRectPath(box, radius: layer.cornerRadius)
        let paint = LottieShape.paint(renderer.vectorFill(background, in: box))
        return [.group(LottieGroup(LottieShape.paths(outline) + [paint]))]
    }

    /// A shape layer of `shapes`, shown over `frames` (every frame when nil).
    func shapeLayer(
        name: String, index: Int, shapes: [LottieShape], transform: LottieTransform, frames: Range<Int>? = nil
    ) -> LottieLayer {
        LottieLayer(.shapes(shapes), index: index, name: name, frames: frames ?? everyFrame, transform: transform)
    }
}
