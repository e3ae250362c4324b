import KinetypeCore
import KinetypeEncode
import KinetypeRender

/// A text layer as a precomposition of glyphs. Every distinct layout the text takes (a size or
/// weight animation, text that changes as it is typed in flow mode, a color animation) is laid out
/// once, as the raster renderer lays it out, and its glyphs are shown over the frames that layout
/// is on screen: each glyph layer starts (`ip`) at the first frame it shows and ends after its
/// last, with hold keyframes of its opacity (its character's reveal, 0 while another layout
/// shows) in between. Glyph outlines stay shared assets. A shadow is copies of the glyphs in its
/// color under them (`ShadowCopies`).
extension LottieExport {
    /// The fewest bytes a glyph layer takes (`{"ty":0,"ind":1,"refId":"g0",…}`: 119 and more).
    static let leastGlyphLayerBytes = 100

    func textLayer(
        _ tracks: LayerTracks, index: Int, assets: inout [LottieWritten<LottieAsset>], shared: inout SharedAssets
    ) throws -> LottieLayer {
        let layer = tracks.first
        let path = "layers[\(layer.index)]"
        let frameCount = timeline.frameCount
        var framesOf = [[Int]](repeating: [], count: tracks.layouts.count)
        for (frame, layout) in tracks.layoutOfFrame.enumerated() { framesOf[layout].append(frame) }
        let vectors = try vectorLayouts(tracks)
        let clip = try textClip(vectors, path: path)
        var boxes: [Rect] = []
        for vector in vectors where !boxes.contains(vector.box) { boxes.append(vector.box) }
        let boxOfLayout = vectors.map { vector in boxes.firstIndex(of: vector.box) ?? 0 }
        let boxOfFrame = { (frame: Int) in boxOfLayout[tracks.layoutOfFrame[frame]] }

        // Front to back, as the raster renderer draws back to front: the border over the text,
        // the cursor, the glyphs, the box's background.
        var inner: [LottieWritten<LottieLayer>] = []
        func append(_ make: (Int) -> LottieLayer) { inner.append(LottieWritten(make(inner.count + 1))) }
        for (position, box) in boxes.enumerated() {
            let border = try borderShapes(layer, box: box)
            guard !border.isEmpty, let shown = shown(over: 0..<frameCount, { boxOfFrame($0) == position ? 1 : 0 })
            else { continue }
            append {
                shapeLayer(
                    name: "border", index: $0, shapes: border, transform: staticTransform(opacity: shown.opacity),
                    frames: shown.frames)
            }
        }
        if let cursorLayer = try cursorLayer(tracks, index: inner.count + 1) {
            inner.append(LottieWritten(cursorLayer))
        }
        // The frames each layout shows: from its first to its last.
        let spans: [Range<Int>?] = framesOf.map { frames in
            frames.first.flatMap { first in frames.last.map { first..<$0 + 1 } }
        }
        // Pango draws a run's underline and strikethrough over its glyphs.
        for (layout, vector) in vectors.enumerated() {
            guard let frames = spans[layout] else { continue }
            for decoration in try decorationLayers(
                vector, layout: layout, tracks: tracks, frames: frames, tint: nil, firstIndex: inner.count + 1)
            {
                inner.append(try tally(decoration, at: path, &shared))
            }
        }
        let merged = mergedGlyphs(vectors, tracks: tracks)
        // The shadows under the glyphs: a blurred copy of them, approximated by copies in the
        // shadow's color at offsets around it (see `ShadowCopies`), one set for each shadow the
        // layouts have, over the frames of the layouts that have it.
        var shadows: [(shadow: Shadow, layouts: Set<Int>)] = []
        for layout in tracks.layouts.indices where spans[layout] != nil {
            guard let shadow = tracks.layouts[layout].shadow, shadow.color.alpha > 0 else { continue }
            if let known = shadows.firstIndex(where: { $0.shadow == shadow }) {
                shadows[known].layouts.insert(layout)
            } else {
                shadows.append((shadow, [layout]))
            }
        }
        // Every glyph is a layer of at least `leastGlyphLayerBytes`, and again in each shadow: an
        // export that cannot fit is refused now, before its layers are made.
        let least = shared.bytes + merged.glyphs.count * Self.leastGlyphLayerBytes * (1 + shadows.count)
        if least > Self.maximumBytes { throw tooLarge(at: path, bytes: least) }
        inner += try glyphLayers(
            merged, of: vectors, shownIn: nil, tracks: tracks, spans: spans, tint: nil, firstIndex: inner.count + 1,
            path: path,
            assets: &assets, shared: &shared)
        for (number, group) in shadows.enumerated() {
            let shadowID = "layer\(layer.index)-shadow\(number)"
            var shadowLayers: [LottieWritten<LottieLayer>] = []
            for layout in group.layouts.sorted() {
                guard let frames = spans[layout] else { continue }
                for decoration in try decorationLayers(
                    vectors[layout], layout: layout, tracks: tracks, frames: frames, tint: group.shadow.color,
                    firstIndex: shadowLayers.count + 1)
                {
                    shadowLayers.append(try tally(decoration, at: path, &shared))
                }
            }
            shadowLayers += try glyphLayers(
                merged, of: vectors, shownIn: group.layouts, tracks: tracks, spans: spans, tint: group.shadow.color,
                firstIndex: shadowLayers.count + 1, path: path, assets: &assets, shared: &shared)
            guard !shadowLayers.isEmpty else { continue }
            let groupSpans = group.layouts.compactMap { spans[$0] }
            let frames = groupSpans.map(\.lowerBound).min()!..<groupSpans.map(\.upperBound).max()!
            assets.append(
                LottieWritten(LottieAsset(id: shadowID, name: path + ".shadow", .precomposition(shadowLayers))))
            for copy in ShadowCopies(group.shadow, pixelScale: scene.canvas.scale).copies {
                let copyLayer = LottieLayer(
                    .precomposition(id: shadowID, width: scene.canvas.width, height: scene.canvas.height),
                    index: inner.count + 1, name: "shadow", frames: frames,
                    transform: stillTransform(
                        opacity: .fixed(rounded(copy.opacity * 100)),
                        position: [rounded(copy.offset.x), rounded(copy.offset.y), 0]))
                inner.append(try tally(copyLayer, at: path, &shared))
            }
        }
        for (position, box) in boxes.enumerated() {
            let background = try backgroundShapes(layer, box: box)
            guard !background.isEmpty,
                let shown = shown(over: 0..<frameCount, { boxOfFrame($0) == position ? 1 : 0 })
            else { continue }
            append {
                shapeLayer(
                    name: "box", index: $0, shapes: background, transform: staticTransform(opacity: shown.opacity),
                    frames: shown.frames)
            }
        }
        let id = "layer\(layer.index)"
        assets.append(LottieWritten(LottieAsset(id: id, name: path, .precomposition(inner))))
        var centers = Track<Point>()
        for (frame, layout) in tracks.layoutOfFrame.enumerated() {
            let box = vectors[layout].box
            centers.add(Point(x: box.x + box.width / 2, y: box.y + box.height / 2), frame: frame)
        }
        return LottieLayer(
            .precomposition(id: id, width: scene.canvas.width, height: scene.canvas.height), index: index, name: path,
            frames: everyFrame, transform: transform(tracks, centers: centers), masks: clip.map { [mask($0)] })
    }

    /// A layer mask that shows only `rect` (in the layer's coordinates), as the raster clips.
    private func mask(_ rect: Rect) -> LottieMask {
        let corners = [
            Point(x: rect.x, y: rect.y), Point(x: rect.x + rect.width, y: rect.y),
            Point(x: rect.x + rect.width, y: rect.y + rect.height), Point(x: rect.x, y: rect.y + rect.height),
        ]
        let zero = Array(repeating: Point(x: 0, y: 0), count: 4)
        let outline = LottieBezier(
            closed: true, vertices: corners.map { Point(x: rounded($0.x), y: rounded($0.y)) }, inTangents: zero,
            outTangents: zero)
        return LottieMask(name: "frame", mode: .add, path: .fixed(outline))
    }

    /// A glyph's layer showing `content` over `frames` at `opacity`, placed at `origin` (rounded as
    /// every position is) and scaled by `scale` percent when given.
    private func placedLayer(
        _ content: LottieLayerContent, index: Int, frames: Range<Int>, opacity: LottieProperty<Double>,
        at origin: Point, scale: Double? = nil
    ) -> LottieLayer {
        let transform = LottieTransform(
            opacity: opacity, position: .fixed([rounded(origin.x), rounded(origin.y), 0]),
            scale: scale.map { .fixed([$0, $0, 100]) })
        return LottieLayer(content, index: index, frames: frames, transform: transform)
    }

    /// The glyph layers of `merged` front to back, each shown over the frames of the layouts that
    /// have it (of `layouts` only, when given), in their own colors or all in `tint` (a shadow's
    /// color, its alpha left to the layers that place the shadow). Each is written at once and
    /// counted against the file's size (`tally`).
    private func glyphLayers(
        _ merged: VectorGlyphMerge, of vectors: [VectorText], shownIn layouts: Set<Int>?, tracks: LayerTracks,
        spans: [Range<Int>?],
        tint: Color?, firstIndex: Int, path: String, assets: inout [LottieWritten<LottieAsset>],
        shared: inout SharedAssets
    ) throws -> [LottieWritten<LottieLayer>] {
        var layers: [LottieWritten<LottieLayer>] = []
        for merged in merged.glyphs {
            if isCancelled() { throw CancellationError() }
            let characters =
                layouts.map { wanted in merged.characters.filter { wanted.contains($0.layout) } }
                ?? merged.characters
            let shownSpans = characters.compactMap { spans[$0.layout] }
            guard let first = shownSpans.map(\.lowerBound).min(), let end = shownSpans.map(\.upperBound).max()
            else { continue }
            let alpha = glyphAlpha(characters, tracks: tracks)
            guard let shown = shown(over: first..<end, alpha) else { continue }
            let glyph = vectors[merged.layout].glyphs[merged.index]
            let opacity = keyframes(shown.opacity) { $0 }
            if let bitmap = glyph.bitmap {
                let picture = tint.map { bitmap.tinted($0) } ?? bitmap
                let id = try embeddedPicture(picture.picture, assets: &assets, pictures: &shared.pictures)
                let layer = placedLayer(
                    .image(id: id), index: firstIndex + layers.count, frames: shown.frames, opacity: opacity,
                    at: Point(x: merged.origin.x + picture.offset.x, y: merged.origin.y + picture.offset.y),
                    scale: 100 / picture.pixelScale)
                layers.append(try tally(layer, at: path, &shared))
                continue
            }
            let color =
                tint.map { Color(red: $0.red, green: $0.green, blue: $0.blue, alpha: glyph.color.alpha) }
                ?? glyph.color
            let key = GlyphKey(outline: glyph.outline, color: color)
            let asset: GlyphAsset
            if let known = shared.glyphs[key] {
                asset = known
            } else {
                asset = GlyphAsset(id: "g\(shared.glyphs.count)", outline: glyph.outline)
                shared.glyphs[key] = asset
                assets.append(try tally(asset.asset(color: color, frameCount: timeline.frameCount), at: path, &shared))
            }
            let layer = placedLayer(
                .precomposition(id: asset.id, width: asset.width, height: asset.height),
                index: firstIndex + layers.count, frames: shown.frames, opacity: opacity,
                at: Point(x: merged.origin.x + asset.shift.x, y: merged.origin.y + asset.shift.y))
            layers.append(try tally(layer, at: path, &shared))
        }
        return layers
    }

    /// The cursor as a rectangle whose place and size follow the caret (in the layout of each
    /// frame) and whose layer opacity is its blink, or nil when the layer has none.
    private func cursorLayer(_ tracks: LayerTracks, index: Int) throws -> LottieLayer? {
        guard let cursor = try cursor(tracks) else { return nil }
        var visible = Track<Double>()
        for change in cursor.visible.changes { visible.add(change.value * 100, frame: change.frame) }
        var center = Track<Point>()
        var size = Track<Point>()
        for change in cursor.rect.changes {
            let rect = change.value
            center.add(Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2), frame: change.frame)
            size.add(Point(x: rect.width, y: rect.height), frame: change.frame)
        }
        let point: (Point) -> [Double] = { [rounded($0.x), rounded($0.y)] }
        let rectangle = LottieRectangle(
            name: "cursor", position: keyframes(center, point), size: keyframes(size, point), roundness: .fixed(0))
        return shapeLayer(
            name: "cursor", index: index,
            shapes: [.group(LottieGroup([.rectangle(rectangle), .solid(cursor.style.color)]))],
            transform: staticTransform(opacity: visible))
    }
}
