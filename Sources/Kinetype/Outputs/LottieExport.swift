import Foundation
import KinetypeCore
import KinetypeEncode
import KinetypeRender

/// Turns a scene into a Lottie animation: the canvas as the composition (points, `fr` = fps,
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

    func document() throws -> LottieJSON {
        let frameCount = timeline.frameCount
        let (first, tracks) = try sampleLayers()
        var assets: [LottieJSON] = []
        var shared = SharedAssets()
        var layers: [LottieJSON] = []
        for (position, layerTracks) in tracks.enumerated().reversed() {
            if isCancelled() { throw CancellationError() }
            let made = try layer(layerTracks, index: position + 1, assets: &assets, shared: &shared)
            layers.append(try tally(made, at: "layers[\(layerTracks.first.index)]", &shared))
        }
        if isVisible(first.canvas.background) {
            let canvasRect = Rect(x: 0, y: 0, width: scene.canvas.width, height: scene.canvas.height)
            let paint = lottiePaint(renderer.vectorFill(first.canvas.background, in: canvasRect))
            layers.append(
                shapeLayer(
                    name: "background", index: tracks.count + 1,
                    shapes: [group(pathShapes(try FrameRenderer.roundedRectPath(canvasRect, radius: 0)) + [paint])],
                    transform: staticTransform()))
        }
        let document = LottieJSON.object([
            ("v", .string("5.7.0")),
            ("fr", .number(timeline.fps)),
            ("ip", .number(0)),
            ("op", .number(Double(frameCount))),
            ("w", .number(scene.canvas.width)),
            ("h", .number(scene.canvas.height)),
            ("nm", .string("kinetype")),
            ("ddd", .number(0)),
            ("assets", .array(assets)),
            ("layers", .array(layers)),
        ]).written
        // What `tally` did not count (the precompositions that hold the glyphs, pictures) is here.
        if document.byteCount > Self.maximumBytes { throw tooLarge(at: "layers", bytes: document.byteCount) }
        return document
    }

    /// `json` written, its bytes added to the file's so far; past `maximumBytes`, the export is
    /// refused at `path`.
    func tally(_ json: LottieJSON, at path: String, _ shared: inout SharedAssets) throws -> LottieJSON {
        let written = json.written
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

    private func layer(_ tracks: LayerTracks, index: Int, assets: inout [LottieJSON], shared: inout SharedAssets)
        throws -> LottieJSON
    {
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
    func borderShapes(_ layer: LayerState, box: Rect) throws -> [LottieJSON] {
        var shapes: [LottieJSON] = []
        if let border = layer.border, border.width > 0, border.color.alpha > 0 {
            let path = try FrameRenderer.borderPath(box, radius: layer.cornerRadius, width: border.width)
            shapes.append(
                group(
                    pathShapes(path) + [
                        .object([
                            ("ty", .string("st")), ("c", color(border.color)), ("o", opacity(border.color)),
                            ("w", .object([("a", .number(0)), ("k", .number(border.width))])),
                            ("lc", .number(1)), ("lj", .number(1)), ("ml", .number(10)),
                        ])
                    ]))
        }
        return shapes
    }

    /// A layer's background, filling its box with the rounded corners (under the content).
    func backgroundShapes(_ layer: LayerState, box: Rect) throws -> [LottieJSON] {
        var shapes: [LottieJSON] = []
        if let background = layer.background, isVisible(background) {
            let outline = try FrameRenderer.roundedRectPath(box, radius: layer.cornerRadius)
            shapes.append(group(pathShapes(outline) + [lottiePaint(renderer.vectorFill(background, in: box))]))
        }
        return shapes
    }

    // MARK: - Lottie pieces

    /// A layer's span: `ip`, `op` and `st` (lottie-ios requires all three). Time stretch, auto-orient,
    /// 3D and blend mode are left at the schema's defaults by leaving them out.
    func timing(_ frames: Range<Int>? = nil) -> [(String, LottieJSON)] {
        let frames = frames ?? 0..<timeline.frameCount
        return [
            ("ip", .number(Double(frames.lowerBound))), ("op", .number(Double(frames.upperBound))), ("st", .number(0)),
        ]
    }

    func shapeLayer(
        name: String, index: Int, shapes: [LottieJSON], transform: LottieJSON, frames: Range<Int>? = nil
    ) -> LottieJSON {
        .object(
            [("ty", .number(4)), ("ind", .number(Double(index))), ("nm", .string(name))] + timing(frames)
                + [("ks", transform), ("shapes", .array(shapes))])
    }

    /// The layer's transform about its box's center (which moves when re-laid-out text resizes its
    /// box): opacity, offset, scale and rotation per frame, keyframed as `VectorMotion` says. Where
    /// the center moves (a text re-laid out), the anchor holds and so does the position.
    func transform(_ tracks: LayerTracks, centers: Track<Point>) -> LottieJSON {
        let point: (Point) -> [LottieJSON] = { [.number($0.x), .number($0.y), .number(0)] }
        let anchor: LottieJSON
        var placed = Track<Point>()
        var positionJumps = tracks.positionJumps
        if centers.changes.count == 1 {
            let center = centers.changes[0].value
            let cx = rounded(center.x)
            let cy = rounded(center.y)
            anchor = staticValue([cx, cy, 0])
            for change in tracks.position.changes {
                placed.add(Point(x: rounded(cx + change.value.x), y: rounded(cy + change.value.y)), frame: change.frame)
            }
        } else {
            var anchors = Track<Point>()
            let offsets = tracks.position.expanded(count: timeline.frameCount)
            for (frame, center) in centers.expanded(count: timeline.frameCount).enumerated() {
                let cx = rounded(center.x)
                let cy = rounded(center.y)
                if let last = anchors.changes.last, last.value != Point(x: cx, y: cy) { positionJumps.insert(frame) }
                anchors.add(Point(x: cx, y: cy), frame: frame)
                placed.add(Point(x: rounded(cx + offsets[frame].x), y: rounded(cy + offsets[frame].y)), frame: frame)
            }
            anchor = keyframes(anchors, static: { .array(point($0)) }, animated: point)
        }
        let scale: (Double) -> [LottieJSON] = { [.number($0 * 100), .number($0 * 100), .number(100)] }
        let count = timeline.frameCount
        // Dropped frames stay within a hundredth of a point (the positions' rounding) or less.
        let curves = transformCurves
        let opacity = VectorMotion(
            values: tracks.opacity.expanded(count: count), jumps: tracks.opacityJumps, exactness: 1e-4, curves: curves)
        let rotation = VectorMotion(
            values: tracks.rotation.expanded(count: count), jumps: tracks.rotationJumps, exactness: 1e-3,
            curves: curves)
        let position = VectorMotion(
            values: placed.expanded(count: count), jumps: positionJumps, exactness: 0.01, curves: curves)
        let scaling = VectorMotion(
            values: tracks.scale.expanded(count: count), jumps: tracks.scaleJumps, exactness: 1e-5, curves: curves)
        return .object([
            ("o", motionKeyframes(opacity, static: { .number($0 * 100) }, animated: { [.number($0 * 100)] })),
            ("r", motionKeyframes(rotation, static: { .number($0) }, animated: { [.number($0)] })),
            ("p", motionKeyframes(position, static: { .array(point($0)) }, animated: point)),
            ("a", anchor),
            ("s", motionKeyframes(scaling, static: { .array(scale($0)) }, animated: scale)),
        ])
    }

    func staticTransformMembers(opacity: Track<Double>? = nil) -> [(String, LottieJSON)] {
        [
            (
                "o",
                opacity.map { keyframes($0, static: { .number($0) }, animated: { [.number($0)] }) }
                    ?? .object([("a", .number(0)), ("k", .number(100))])
            ),
            ("r", .object([("a", .number(0)), ("k", .number(0))])),
            ("p", staticValue([0, 0, 0])),
            ("a", staticValue([0, 0, 0])),
            ("s", staticValue([100, 100, 100])),
        ]
    }

    func staticTransform(opacity: Track<Double>? = nil) -> LottieJSON {
        .object(staticTransformMembers(opacity: opacity))
    }

    func staticValue(_ numbers: [Double]) -> LottieJSON {
        .object([("a", .number(0)), ("k", .array(numbers.map { .number($0) }))])
    }

    /// A property: static when the track never changes, else hold keyframes at the frames it changes.
    func keyframes<Value>(
        _ track: Track<Value>, static makeStatic: (Value) -> LottieJSON, animated: (Value) -> [LottieJSON]
    ) -> LottieJSON {
        let changes = track.changes
        guard changes.count > 1 else {
            return .object([("a", .number(0)), ("k", makeStatic(changes[0].value))])
        }
        let frames: [LottieJSON] = changes.map { change in
            .object([("t", .number(Double(change.frame))), ("s", .array(animated(change.value))), ("h", .number(1))])
        }
        return .object([("a", .number(1)), ("k", .array(frames))])
    }

    func group(_ items: [LottieJSON]) -> LottieJSON {
        .object([
            ("ty", .string("gr")),
            ("it", .array(items + [groupTransform()])),
        ])
    }

    func fill(_ fillColor: Color) -> LottieJSON {
        .object([("ty", .string("fl")), ("c", color(fillColor)), ("o", opacity(fillColor)), ("r", .number(1))])
    }

    func color(_ color: Color) -> LottieJSON {
        .object([
            ("a", .number(0)),
            ("k", .array([.number(color.red), .number(color.green), .number(color.blue), .number(1)])),
        ])
    }

    func opacity(_ color: Color) -> LottieJSON {
        .object([("a", .number(0)), ("k", .number(color.alpha * 100))])
    }

    func groupTransform() -> LottieJSON {
        .object([
            ("ty", .string("tr")),
            ("p", staticValue([0, 0])), ("a", staticValue([0, 0])), ("s", staticValue([100, 100])),
            ("r", .object([("a", .number(0)), ("k", .number(0))])),
            ("o", .object([("a", .number(0)), ("k", .number(100))])),
        ])
    }
}
