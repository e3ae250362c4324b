import Foundation
import KinetypeCore
import KinetypeEncode
import KinetypeRender

/// Turns a scene into a Lottie animation: the canvas as the composition (points, `fr` = fps,
/// `op` = frame count), a rectangle for the background, each rectangle layer as a shape layer,
/// each text layer as a precomposition of its glyphs. Every distinct glyph outline (in each fill)
/// is one asset, placed by reference; its outline comes from the same Pango layout and glyph
/// positions the raster renderer draws. Everything that changes is sampled at every frame of the
/// timeline and written as hold keyframes where it changes: a typewriter's reveal (the opacity of
/// each character's glyphs), the cursor (its rectangle and blink), and a layer's opacity, offset,
/// scale and rotation. Whatever it cannot write exactly is refused with an error naming the layer.
struct LottieExport {
    let prepared: PreparedScene
    let renderer: FrameRenderer
    let isCancelled: @Sendable () -> Bool

    private var scene: Scene { prepared.scene }
    private var timeline: Timeline { prepared.timeline }

    /// A value of every frame, kept as the frames where it changes.
    struct Track<Value: Equatable> {
        private(set) var changes: [(frame: Int, value: Value)] = []
        mutating func add(_ value: Value, frame: Int) {
            if let last = changes.last, last.value == value { return }
            changes.append((frame, value))
        }
    }

    /// What one layer does over the whole timeline.
    private struct LayerTracks {
        var first: LayerState
        var opacity = Track<Double>()
        var position = Track<Point>()
        var scale = Track<Double>()
        var rotation = Track<Double>()
        /// Text layers: the reveal alpha of each character, per frame.
        var reveals = Track<TextReveal?>()
        var cursor = Track<CursorState?>()
    }

    func document() throws -> LottieJSON {
        let frameCount = timeline.frameCount
        let first = timeline.state(atFrame: 0)
        var tracks = first.layers.map { LayerTracks(first: $0) }
        for frame in 0..<frameCount {
            if frame % 64 == 0, isCancelled() { throw CancellationError() }
            let state = frame == 0 ? first : timeline.state(atFrame: frame)
            if state.canvas != first.canvas {
                throw refusal(at: "canvas", "the canvas changes during the animation")
            }
            guard state.layers.count == tracks.count else {
                throw refusal(at: "layers", "the layers change during the animation")
            }
            for (position, layer) in state.layers.enumerated() {
                try record(layer, frame: frame, into: &tracks[position])
            }
        }
        var assets: [LottieJSON] = []
        var glyphAssets: [GlyphKey: GlyphAsset] = [:]
        var layers: [LottieJSON] = []
        for (position, layerTracks) in tracks.enumerated().reversed() {
            if isCancelled() { throw CancellationError() }
            layers.append(
                try layer(layerTracks, index: position + 1, assets: &assets, glyphAssets: &glyphAssets))
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
        return .object([
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
        ])
    }

    // MARK: - Sampling and checks

    private func record(_ layer: LayerState, frame: Int, into tracks: inout LayerTracks) throws {
        let path = "layers[\(layer.index)]"
        let base = tracks.first
        if layer.frame != base.frame || layer.alignment != base.alignment || layer.padding != base.padding
            || layer.background != base.background || layer.cornerRadius != base.cornerRadius
            || layer.border != base.border
        {
            throw refusal(at: path + ".animations", "a frame, background or border that changes over time")
        }
        switch (layer.content, base.content) {
        case (.rect, .rect): break
        case (.image, _):
            throw refusal(at: path, "an image layer")
        case (.text(let text), .text(let baseText)):
            if frame == 0 { try checkText(text, path: path) }
            if laidOut(text) != laidOut(baseText) {
                throw refusal(
                    at: path + ".animations",
                    "text whose content or style changes over time (a color animation, a typewriter in flow mode "
                        + "or with a script that deletes, or spans that change)")
            }
            tracks.reveals.add(text.reveal, frame: frame)
            tracks.cursor.add(text.cursor, frame: frame)
        default:
            throw refusal(at: path, "a layer whose content changes kind")
        }
        let mirrored = renderer.isRightToLeftLayout
        tracks.opacity.add(min(max(layer.opacity, 0), 1), frame: frame)
        tracks.position.add(Point(x: mirrored ? -layer.offset.x : layer.offset.x, y: layer.offset.y), frame: frame)
        tracks.scale.add(layer.scale, frame: frame)
        tracks.rotation.add(layer.rotation, frame: frame)
    }

    private func checkText(_ text: TextState, path: String) throws {
        if text.glyphsMove {
            throw refusal(
                at: path + ".animations", "an animation of font.size, font.weight or letterSpacing (glyphs re-laid out)"
            )
        }
        if let shadow = text.shadow, shadow.color.alpha > 0 {
            throw refusal(at: path + ".shadow", "a text shadow")
        }
    }

    /// A text state without what changes per frame in a layout that stays put (reveal, cursor).
    private func laidOut(_ text: TextState) -> TextState {
        var copy = text
        copy.reveal = nil
        copy.cursor = nil
        return copy
    }

    private func refusal(at path: String, _ feature: String) -> DiagnosticList {
        var diagnostic = scene.source.diagnostic(
            at: path, "Lottie output does not support \(feature) yet",
            hint: "render this scene to .gif, .webp, .apng or a video, or leave the feature out for Lottie",
            kind: .usage)
        diagnostic.usageFollowUp = .none
        return DiagnosticList([diagnostic])
    }

    // MARK: - Layers

    private func layer(
        _ tracks: LayerTracks, index: Int, assets: inout [LottieJSON], glyphAssets: inout [GlyphKey: GlyphAsset]
    ) throws -> LottieJSON {
        let layer = tracks.first
        let path = "layers[\(layer.index)]"
        switch layer.content {
        case .rect:
            let box = renderer.vectorBox(layer)
            return shapeLayer(
                name: path, index: index,
                shapes: try borderShapes(layer, box: box) + backgroundShapes(layer, box: box),
                transform: transform(tracks, center: Point(x: box.x + box.width / 2, y: box.y + box.height / 2)))
        case .text(let text):
            let vector: VectorText
            do {
                vector = try renderer.vectorText(text, layer: layer)
            } catch let problem as VectorTextProblem {
                switch problem {
                case .glyphsWithoutOutlines:
                    throw refusal(at: path + ".text", "glyphs without outlines (a bitmap color font such as emoji)")
                case .decoration: throw refusal(at: path, "underlined or struck-through text")
                case .missingGlyph: throw refusal(at: path + ".text", "a character none of the fonts has")
                }
            }
            // The frame clips the raster text; Lottie output has no clip, so text must stay inside (the
            // outlines' control points may overshoot the ink by a hair: a quarter point is allowed).
            if let clip = vector.clip, let ink = vector.ink {
                let slack = 0.25
                if ink.x < clip.x - slack || ink.y < clip.y - slack
                    || ink.x + ink.width > clip.x + clip.width + slack
                    || ink.y + ink.height > clip.y + clip.height + slack
                {
                    throw refusal(at: path + ".frame", "text cut off by its frame")
                }
            }
            // Front to back, as the raster renderer draws back to front: the border over the text,
            // the cursor, the glyphs, the box's background.
            var inner: [LottieJSON] = []
            var innerIndex = 1
            let border = try borderShapes(layer, box: vector.box)
            if !border.isEmpty {
                inner.append(
                    shapeLayer(name: "border", index: innerIndex, shapes: border, transform: staticTransform()))
                innerIndex += 1
            }
            if let cursorLayer = try cursorLayer(tracks, text: text, index: innerIndex) {
                inner.append(cursorLayer)
                innerIndex += 1
            }
            let alphas = characterAlphas(tracks.reveals)
            for glyph in vector.glyphs.reversed() {
                let key = GlyphKey(outline: glyph.outline, color: glyph.color)
                let asset: GlyphAsset
                if let known = glyphAssets[key] {
                    asset = known
                } else {
                    asset = GlyphAsset(id: "g\(glyphAssets.count)", outline: glyph.outline)
                    glyphAssets[key] = asset
                    assets.append(asset.json(color: glyph.color, frameCount: timeline.frameCount))
                }
                let opacity = alphas(glyph.character)
                inner.append(
                    .object(
                        [
                            ("ty", .number(0)), ("ind", .number(Double(innerIndex))), ("refId", .string(asset.id)),
                            ("w", .number(asset.width)), ("h", .number(asset.height)),
                        ] + timing()
                            + [
                                (
                                    "ks",
                                    .object([
                                        ("o", opacity),
                                        ("r", .object([("a", .number(0)), ("k", .number(0))])),
                                        (
                                            "p",
                                            staticValue([
                                                rounded(snapped(glyph.origin.x) + asset.shift.x),
                                                rounded(snapped(glyph.origin.y) + asset.shift.y), 0,
                                            ])
                                        ),
                                        ("a", staticValue([0, 0, 0])),
                                        ("s", staticValue([100, 100, 100])),
                                    ])
                                )
                            ]))
                innerIndex += 1
            }
            let background = try backgroundShapes(layer, box: vector.box)
            if !background.isEmpty {
                inner.append(
                    shapeLayer(name: "box", index: innerIndex, shapes: background, transform: staticTransform()))
            }
            let id = "layer\(layer.index)"
            assets.append(.object([("id", .string(id)), ("nm", .string(path)), ("layers", .array(inner))]))
            let center = Point(x: vector.box.x + vector.box.width / 2, y: vector.box.y + vector.box.height / 2)
            return .object(
                [
                    ("ty", .number(0)), ("ind", .number(Double(index))), ("nm", .string(path)), ("refId", .string(id)),
                    ("w", .number(scene.canvas.width)), ("h", .number(scene.canvas.height)),
                ] + timing() + [("ks", transform(tracks, center: center))])
        case .image:
            throw refusal(at: path, "an image layer")
        }
    }

    /// A glyph origin where the raster renderer draws it: Cairo puts still text's cached glyph
    /// images at whole pixels of the scene's own scale, so the file shows the scene's pixels there
    /// (and is within half a pixel of Pango's unrounded position at any other density).
    private func snapped(_ coordinate: Double) -> Double {
        let scale = scene.canvas.scale
        return (coordinate * scale).rounded() / scale
    }

    /// The opacity (0…100) of the glyphs of each character: static when the text never reveals.
    private func characterAlphas(_ reveals: Track<TextReveal?>) -> (Int) -> LottieJSON {
        { character in
            var track = Track<Double>()
            for change in reveals.changes {
                track.add(Self.revealAlpha(of: character, in: change.value) * 100, frame: change.frame)
            }
            return keyframes(track, static: { .number($0) }, animated: { [.number($0)] })
        }
    }

    /// How much of character `index` a reveal shows, as the raster renderer paints it.
    static func revealAlpha(of index: Int, in reveal: TextReveal?) -> Double {
        guard let reveal else { return 1 }
        if index < reveal.opaqueCount { return 1 }
        let fadeIndex = index - reveal.opaqueCount
        guard fadeIndex < reveal.fading.count else { return 0 }
        return min(max(reveal.fading[fadeIndex], 0), 1)
    }

    /// The cursor as a rectangle whose place and size follow the caret and whose layer opacity is
    /// its blink, or nil when the layer has none.
    private func cursorLayer(_ tracks: LayerTracks, text: TextState, index: Int) throws -> LottieJSON? {
        let changes = tracks.cursor.changes
        guard let shown = changes.compactMap(\.value).first else { return nil }
        var visible = Track<Double>()
        var center = Track<Point>()
        var size = Track<Point>()
        var rects: [Int: Rect] = [:]
        var lastRect: Rect?
        for change in changes {
            guard let cursor = change.value else {
                visible.add(0, frame: change.frame)
                continue
            }
            if cursor.shape != shown.shape || cursor.color != shown.color || cursor.width != shown.width {
                throw refusal(at: "layers[\(tracks.first.index)].animations", "a cursor whose style changes")
            }
            visible.add(cursor.visible ? 100 : 0, frame: change.frame)
            let rect: Rect
            if let known = rects[cursor.characterOffset] {
                rect = known
            } else {
                rect = try renderer.vectorCursorRect(cursor, of: text, layer: tracks.first)
                rects[cursor.characterOffset] = rect
            }
            if lastRect == nil {
                // Before the first visible moment, the cursor stands where it first shows.
                center.add(Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2), frame: 0)
                size.add(Point(x: rect.width, y: rect.height), frame: 0)
            }
            center.add(Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2), frame: change.frame)
            size.add(Point(x: rect.width, y: rect.height), frame: change.frame)
            lastRect = rect
        }
        let point: (Point) -> [LottieJSON] = { [.number(rounded($0.x)), .number(rounded($0.y))] }
        let rectangle = LottieJSON.object([
            ("ty", .string("rc")), ("nm", .string("cursor")), ("d", .number(1)),
            ("p", keyframes(center, static: { .array(point($0)) }, animated: point)),
            ("s", keyframes(size, static: { .array(point($0)) }, animated: point)),
            ("r", .object([("a", .number(0)), ("k", .number(0))])),
        ])
        var transform = staticTransformMembers()
        transform[0] = ("o", keyframes(visible, static: { .number($0) }, animated: { [.number($0)] }))
        return shapeLayer(
            name: "cursor", index: index,
            shapes: [group([rectangle, fill(shown.color)])], transform: .object(transform))
    }

    /// A layer's background and border, as the raster renderer draws them in its box.
    /// A layer's border, as the raster renderer strokes it inside its box (over the content).
    private func borderShapes(_ layer: LayerState, box: Rect) throws -> [LottieJSON] {
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
    private func backgroundShapes(_ layer: LayerState, box: Rect) throws -> [LottieJSON] {
        var shapes: [LottieJSON] = []
        if let background = layer.background, isVisible(background) {
            let outline = try FrameRenderer.roundedRectPath(box, radius: layer.cornerRadius)
            shapes.append(group(pathShapes(outline) + [lottiePaint(renderer.vectorFill(background, in: box))]))
        }
        return shapes
    }

    // MARK: - Lottie pieces

    private func timing() -> [(String, LottieJSON)] {
        [
            ("ip", .number(0)), ("op", .number(Double(timeline.frameCount))), ("st", .number(0)),
            ("sr", .number(1)), ("ao", .number(0)), ("ddd", .number(0)), ("bm", .number(0)),
        ]
    }

    private func shapeLayer(name: String, index: Int, shapes: [LottieJSON], transform: LottieJSON) -> LottieJSON {
        .object(
            [("ty", .number(4)), ("ind", .number(Double(index))), ("nm", .string(name))] + timing()
                + [("ks", transform), ("shapes", .array(shapes))])
    }

    /// The layer's transform about its box's center: opacity, offset, scale and rotation per frame.
    private func transform(_ tracks: LayerTracks, center: Point) -> LottieJSON {
        let cx = rounded(center.x)
        let cy = rounded(center.y)
        let position: (Point) -> [LottieJSON] = {
            [.number(rounded(cx + $0.x)), .number(rounded(cy + $0.y)), .number(0)]
        }
        let scale: (Double) -> [LottieJSON] = { [.number($0 * 100), .number($0 * 100), .number(100)] }
        return .object([
            ("o", keyframes(tracks.opacity, static: { .number($0 * 100) }, animated: { [.number($0 * 100)] })),
            ("r", keyframes(tracks.rotation, static: { .number($0) }, animated: { [.number($0)] })),
            ("p", keyframes(tracks.position, static: { .array(position($0)) }, animated: position)),
            ("a", staticValue([cx, cy, 0])),
            ("s", keyframes(tracks.scale, static: { .array(scale($0)) }, animated: scale)),
        ])
    }

    private func staticTransformMembers() -> [(String, LottieJSON)] {
        [
            ("o", .object([("a", .number(0)), ("k", .number(100))])),
            ("r", .object([("a", .number(0)), ("k", .number(0))])),
            ("p", staticValue([0, 0, 0])),
            ("a", staticValue([0, 0, 0])),
            ("s", staticValue([100, 100, 100])),
        ]
    }

    private func staticTransform() -> LottieJSON { .object(staticTransformMembers()) }

    private func staticValue(_ numbers: [Double]) -> LottieJSON {
        .object([("a", .number(0)), ("k", .array(numbers.map { .number($0) }))])
    }

    /// A property: static when the track never changes, else hold keyframes at the frames it changes.
    private func keyframes<Value>(
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

    private func group(_ items: [LottieJSON]) -> LottieJSON {
        .object([
            ("ty", .string("gr")),
            ("it", .array(items + [groupTransform()])),
        ])
    }

    private func fill(_ fillColor: Color) -> LottieJSON {
        .object([("ty", .string("fl")), ("c", color(fillColor)), ("o", opacity(fillColor)), ("r", .number(1))])
    }

    private func color(_ color: Color) -> LottieJSON {
        .object([
            ("a", .number(0)),
            ("k", .array([.number(color.red), .number(color.green), .number(color.blue), .number(1)])),
        ])
    }

    private func opacity(_ color: Color) -> LottieJSON {
        .object([("a", .number(0)), ("k", .number(color.alpha * 100))])
    }

    private func groupTransform() -> LottieJSON {
        .object([
            ("ty", .string("tr")),
            ("p", staticValue([0, 0])), ("a", staticValue([0, 0])), ("s", staticValue([100, 100])),
            ("r", .object([("a", .number(0)), ("k", .number(0))])),
            ("o", .object([("a", .number(0)), ("k", .number(100))])),
        ])
    }
}

/// A glyph outline in one fill: one asset.
private struct GlyphKey: Hashable {
    var outline: VectorPath
    var color: Color
}

/// A glyph's precomposition: the outline moved so its bounds start at a whole point inside the
/// precomposition (players clip a precomposition to its size), and the move to undo when placed.
private struct GlyphAsset {
    let id: String
    let moved: VectorPath
    let shift: Point
    let width: Double
    let height: Double

    init(id: String, outline: VectorPath) {
        self.id = id
        let bounds = outline.controlBounds ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let left = bounds.x.rounded(.down) - 1
        let top = bounds.y.rounded(.down) - 1
        shift = Point(x: left, y: top)
        moved = outline.translated(dx: -left, dy: -top).rounded()
        width = (bounds.x + bounds.width - left).rounded(.up) + 1
        height = (bounds.y + bounds.height - top).rounded(.up) + 1
    }

    func json(color: Color, frameCount: Int) -> LottieJSON {
        let shapes: LottieJSON = .array([
            .object([
                ("ty", .string("gr")),
                (
                    "it",
                    .array(
                        pathShapes(moved) + [
                            .object([
                                ("ty", .string("fl")),
                                (
                                    "c",
                                    .object([
                                        ("a", .number(0)),
                                        (
                                            "k",
                                            .array([
                                                .number(color.red), .number(color.green), .number(color.blue),
                                                .number(1),
                                            ])
                                        ),
                                    ])
                                ),
                                ("o", .object([("a", .number(0)), ("k", .number(color.alpha * 100))])),
                                ("r", .number(1)),
                            ]),
                            .object([
                                ("ty", .string("tr")),
                                ("p", .object([("a", .number(0)), ("k", .array([.number(0), .number(0)]))])),
                                ("a", .object([("a", .number(0)), ("k", .array([.number(0), .number(0)]))])),
                                ("s", .object([("a", .number(0)), ("k", .array([.number(100), .number(100)]))])),
                                ("r", .object([("a", .number(0)), ("k", .number(0))])),
                                ("o", .object([("a", .number(0)), ("k", .number(100))])),
                            ]),
                        ])
                ),
            ])
        ])
        let transform: LottieJSON = .object([
            ("o", .object([("a", .number(0)), ("k", .number(100))])),
            ("r", .object([("a", .number(0)), ("k", .number(0))])),
            ("p", .object([("a", .number(0)), ("k", .array([.number(0), .number(0), .number(0)]))])),
            ("a", .object([("a", .number(0)), ("k", .array([.number(0), .number(0), .number(0)]))])),
            ("s", .object([("a", .number(0)), ("k", .array([.number(100), .number(100), .number(100)]))])),
        ])
        let layer: LottieJSON = .object([
            ("ty", .number(4)), ("ind", .number(1)), ("ip", .number(0)), ("op", .number(Double(frameCount))),
            ("st", .number(0)), ("sr", .number(1)), ("ao", .number(0)), ("ddd", .number(0)), ("bm", .number(0)),
            ("ks", transform), ("shapes", shapes),
        ])
        return .object([("id", .string(id)), ("layers", .array([layer]))])
    }
}

/// A path shape (`sh`) for every contour: Lottie paths are one contour each, so a glyph with holes
/// is several `sh` items that the group's fill fills together (non-zero, as Cairo fills).
private func pathShapes(_ path: VectorPath) -> [LottieJSON] {
    let contours = path.contours.map { contour -> LottieJSON in
        let point: (Point) -> LottieJSON = { .array([.number($0.x), .number($0.y)]) }
        return .object([
            ("ty", .string("sh")),
            (
                "ks",
                .object([
                    ("a", .number(0)),
                    (
                        "k",
                        .object([
                            ("c", .bool(contour.closed)),
                            ("v", .array(contour.vertices.map(point))),
                            ("i", .array(contour.inTangents.map(point))),
                            ("o", .array(contour.outTangents.map(point))),
                        ])
                    ),
                ])
            ),
        ])
    }
    return contours
}

/// A coordinate rounded to 1/100 of a point.
private func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
