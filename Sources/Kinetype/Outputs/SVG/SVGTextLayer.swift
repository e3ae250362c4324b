import Foundation
import KinetypeCore
import KinetypeEncode
import KinetypeRender

/// A text layer as glyphs: each distinct outline a `<path>` in `<defs>` (each distinct color emoji
/// an `<image>`), each glyph a `<use>` of it at the origin the raster renderer draws it at, in the
/// layer's color (a run of another color gives its own `fill`). A glyph's opacity is its
/// character's reveal in the layout each frame shows (0 while another layout shows), so a
/// typewriter, its fade, a flow typewriter's layouts and a text laid out again as it animates are
/// all opacity keyframes of glyphs, which layouts share where they draw the same glyph in the same
/// place (`VectorGlyphMerge`). Underlines and strikethroughs are rectangles revealed as the
/// raster renderer draws them (`VectorExport.decorationSpans`); the cursor a rectangle that
/// blinks and moves; a shadow the glyphs' drop shadow (a filter: the raster blurs their
/// alpha with σ = radius / 2 and paints it in the shadow's color at the offset), so it follows
/// every glyph's reveal.
extension SVGExport {
    func textLayer(_ tracks: VectorLayerTracks, into document: inout SVGDocument) throws {
        let layer = tracks.first
        let path = "layers[\(layer.index)]"
        let count = timeline.frameCount
        let vectors = try vectorLayouts(tracks)
        let clip = try textClip(vectors, path: path)
        var boxes: [Rect] = []
        for vector in vectors where !boxes.contains(vector.box) { boxes.append(vector.box) }
        let boxOfLayout = vectors.map { vector in boxes.firstIndex(of: vector.box) ?? 0 }
        var centers = VectorTrack<Point>()
        for (frame, layout) in tracks.layoutOfFrame.enumerated() {
            centers.add(center(of: vectors[layout].box), frame: frame)
        }
        let shownBox = { (position: Int) -> [Double] in
            tracks.layoutOfFrame.map { boxOfLayout[$0] == position ? 1 : 0 }
        }
        let closing = openTransform(tracks, centers: centers, into: &document)

        if let fill = layer.background, isVisible(fill) {
            for (position, box) in boxes.enumerated() {
                let values = shownBox(position)
                guard values.contains(1) else { continue }
                let opacity = boxes.count > 1 ? animatedOpacity(values, &document) : ""
                let element = background(layer, box: box, &document, extra: opacity)
                document.draw(element)
            }
        }
        if let clip {
            let id = document.define("clip " + rect(clip, radius: 0)) {
                "<clipPath id=\"\($0)\">\(rect(clip, radius: 0))/></clipPath>"
            }
            document.draw("<g clip-path=\"url(#\(id))\">")
        }
        let color = tracks.layouts.first?.color ?? .black
        var group = "<g fill=\"\(SVGText.hex(color))\"" + opacityAttribute("fill-opacity", color.alpha)
        if let shadow = try shadow(of: tracks, vectors: vectors, path: path) {
            group += " filter=\"url(#\(shadowFilter(shadow, vectors: vectors, &document)))\""
        }
        document.draw(group + ">")
        let merged = mergedGlyphs(vectors, tracks: tracks)
        let framesOfLayout = tracks.framesOfLayout
        var reveals = RevealGroup()
        // The merge lists glyphs front to back; a document draws back to front.
        for (number, glyph) in merged.glyphs.reversed().enumerated() {
            if number % 256 == 0 {
                if isCancelled() { throw CancellationError() }
                try check(document, title: "", at: path)
            }
            let values = glyphAlphas(glyph.characters, tracks: tracks, framesOfLayout: framesOfLayout)
            guard values.contains(where: { $0 > 0 }) else { continue }
            let drawn = vectors[glyph.layout].glyphs[glyph.index]
            var element: String
            let y: String
            if let bitmap = drawn.bitmap {
                let id = try picture(bitmap.picture, pixelScale: bitmap.pixelScale, &document)
                element = "<use href=\"#\(id)\" x=\"\(units(glyph.origin.x + bitmap.offset.x))\""
                y = units(glyph.origin.y + bitmap.offset.y)
            } else {
                let data = SVGPathData(unitsPerPoint: unitsPerPoint).encode(drawn.outline)
                let id = document.define("path " + data) { "<path id=\"\($0)\" d=\"\(data)\"/>" }
                element = "<use href=\"#\(id)\" x=\"\(units(glyph.origin.x))\""
                y = units(glyph.origin.y)
            }
            // A color emoji is drawn in its own colors; an outline in its run's.
            if drawn.bitmap == nil {
                if SVGText.hex(drawn.color) != SVGText.hex(color) {
                    element += " fill=\"\(SVGText.hex(drawn.color))\""
                }
                if drawn.color.alpha != color.alpha {
                    element += " fill-opacity=\"\(SVGText.number(min(max(drawn.color.alpha, 0), 1), decimals: 3))\""
                }
            }
            if let moment = revealMoment(values) {
                if !reveals.admits(moment, baseline: y) { reveals.close(into: &document, export: self) }
                reveals.add(element, baseline: y, moment: moment)
                continue
            }
            reveals.close(into: &document, export: self)
            document.draw(element + (y == "0" ? "" : " y=\"\(y)\"") + animatedOpacity(values, &document) + "/>")
        }
        reveals.close(into: &document, export: self)
        // Pango draws a run's underline and strikethrough over its glyphs.
        for (layout, vector) in vectors.enumerated() {
            for span in decorationSpans(vector, layout: layout, tracks: tracks, tint: nil) {
                let values = (0..<count).map(span.visibility)
                guard values.contains(where: { $0 > 0 }) else { continue }
                var element = rect(span.rect, radius: 0)
                if SVGText.hex(span.color) != SVGText.hex(color) { element += " fill=\"\(SVGText.hex(span.color))\"" }
                if span.color.alpha != color.alpha {
                    element += opacityAttribute("fill-opacity", span.color.alpha)
                }
                document.draw(element + animatedOpacity(values, &document) + "/>")
            }
        }
        document.draw("</g>")
        if let cursor = try cursor(tracks) { cursorElement(cursor, &document) }
        if clip != nil { document.draw("</g>") }
        for (position, box) in boxes.enumerated() {
            let values = shownBox(position)
            guard values.contains(1), layer.border != nil else { continue }
            let opacity = boxes.count > 1 ? animatedOpacity(values, &document) : ""
            let element = border(layer, box: box, extra: opacity)
            if !element.isEmpty { document.draw(element) }
        }
        document.draw(closing)
    }

    /// When a glyph that appears at one frame and stays (a typewriter's character) appears: the
    /// delay before the end of the animation, as its shortest text (`3.6`), and the moment it stands
    /// for. Nil for a glyph that shows from the start, fades, or goes away again.
    func revealMoment(_ values: [Double]) -> (delay: String, moment: Double)? {
        guard let frame = values.firstIndex(where: { $0 != 0 }), frame > 0,
            values[frame...].allSatisfy({ $0 == 1 })
        else { return nil }
        let window = changeWindow(frame)
        let duration = timeline.duration
        let delay = Self.shortest(from: duration - window.high, below: duration - window.low)
        return (delay.text, duration - delay.value)
    }

    /// The shadow the layer's layouts cast, if any: one for all of them (a shadow does not animate).
    private func shadow(of tracks: VectorLayerTracks, vectors: [VectorText], path: String) throws -> Shadow? {
        let shadows = tracks.layouts.compactMap { layout in layout.shadow.flatMap { $0.color.alpha > 0 ? $0 : nil } }
        guard let first = shadows.first else { return nil }
        if shadows.count != tracks.layouts.count || shadows.contains(where: { $0 != first }) {
            throw refusal(at: path + ".shadow", "a shadow that changes during the animation")
        }
        return first
    }

    /// The id of the drop shadow filter of `shadow`: its region covers the glyphs' ink in every
    /// layout with the blur's reach and the offset, and it composites in sRGB, as Cairo does.
    private func shadowFilter(_ shadow: Shadow, vectors: [VectorText], _ document: inout SVGDocument) -> String {
        let scale = scene.canvas.scale
        // The raster renderer's widest blur, and no blur under half a pixel of σ (`ShadowBlur`).
        let radius = min(max(shadow.radius, 0), 512 / scale)
        let sigma = radius / 2 * scale >= 0.5 ? radius / 2 : 0
        var region: Rect?
        for vector in vectors {
            guard let ink = vector.ink else { continue }
            region =
                region.map { known in
                    let minX = min(known.x, ink.x)
                    let minY = min(known.y, ink.y)
                    let maxX = max(known.x + known.width, ink.x + ink.width)
                    let maxY = max(known.y + known.height, ink.y + ink.height)
                    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
                } ?? ink
        }
        let ink = region ?? Rect(x: 0, y: 0, width: scene.canvas.width, height: scene.canvas.height)
        let margin = 3 * sigma + 2
        let area = Rect(
            x: ink.x - margin + min(shadow.x, 0), y: ink.y - margin + min(shadow.y, 0),
            width: ink.width + 2 * margin + abs(shadow.x), height: ink.height + 2 * margin + abs(shadow.y))
        // SVG 1.1's primitives rather than `feDropShadow`, which librsvg 2.54 does not draw (and
        // an element whose filter fails is not drawn at all). A blur of σ 0 is left out: SVG 1.1
        // makes it transparent.
        let blur =
            sigma > 0
            ? "<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"\(units(sigma))\"/><feOffset "
            : "<feOffset in=\"SourceAlpha\" "
        let element = { (id: String) in
            "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" x=\"\(units(area.x))\" y=\"\(units(area.y))\" "
                + "width=\"\(units(area.width))\" height=\"\(units(area.height))\" "
                + "color-interpolation-filters=\"sRGB\">" + blur
                + "dx=\"\(units(shadow.x))\" dy=\"\(units(shadow.y))\" result=\"s\"/>"
                + "<feFlood flood-color=\"\(SVGText.hex(shadow.color))\""
                + opacityAttribute("flood-opacity", shadow.color.alpha) + "/>"
                + "<feComposite in2=\"s\" operator=\"in\"/>"
                + "<feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge></filter>"
        }
        return document.define("filter " + element("")) { element($0) }
    }

    /// The id of a picture (a color emoji, a layer's picture): an `<image>` of its PNG, drawn
    /// `pixelScale` pixels per point, defined once for the same pixels.
    func picture(_ image: Image, pixelScale: Double, _ document: inout SVGDocument) throws -> String {
        let png = try PNGCodec.encode(image)
        let width = units(Double(image.width) / pixelScale)
        let height = units(Double(image.height) / pixelScale)
        let uri = "data:image/png;base64," + png.base64EncodedString()
        return document.define("image \(width) \(height) " + uri) {
            "<image id=\"\($0)\" width=\"\(width)\" height=\"\(height)\" preserveAspectRatio=\"none\" href=\"\(uri)\"/>"
        }
    }

    /// The cursor: a rectangle at its place at the end, whose opacity is its blink and whose
    /// `translate` and `scale` move it where it stands before (from one character or layout to
    /// another; a block cursor is as wide as its character).
    private func cursorElement(_ cursor: VectorCursor, _ document: inout SVGDocument) {
        let count = timeline.frameCount
        let visible = cursor.visible.expanded(count: count)
        guard visible.contains(where: { $0 > 0 }) else { return }
        let fill =
            " fill=\"\(SVGText.hex(cursor.style.color))\"" + opacityAttribute("fill-opacity", cursor.style.color.alpha)
        let rects = cursor.rect.changes
        guard let last = rects.last?.value, last.width > 0, last.height > 0 else { return }
        var element = rect(last, radius: 0) + fill
        if rects.count > 1 {
            // Each place as a scale about the origin and a move from the place at the end.
            let places = rects.map { change in
                let sx = change.value.width / last.width
                let sy = change.value.height / last.height
                return (
                    frame: change.frame, dx: change.value.x - last.x * sx, dy: change.value.y - last.y * sy, sx: sx,
                    sy: sy
                )
            }
            let moves = places.contains { units($0.dy) != "0" }
            let scales = places.contains { $0.sx != 1 || $0.sy != 1 }
            var body = ""
            for place in places {
                body += changePercent(place.frame) + "{translate:\(units(place.dx))px"
                if moves { body += " \(units(place.dy))px" }
                if scales {
                    body += ";scale:\(SVGText.number(place.sx, decimals: 4)) \(SVGText.number(place.sy, decimals: 4))"
                }
                body += "}"
            }
            element += " class=\"\(document.animation(body))\""
            document.draw("<g" + animatedOpacity(visible, &document) + ">" + element + "/></g>")
        } else {
            document.draw(element + animatedOpacity(visible, &document) + "/>")
        }
    }
}

/// Glyphs that appear one after another and stay, as a typewriter types them, drawn without a
/// keyframe rule each: every glyph of a group runs the group's one animation (shown from the
/// start of its play for `d − h` of the animation's length `d`, then hidden), started `d − t`
/// before the animation (`--d`, in seconds, is its `animation-delay` backwards) so that it shows
/// from its moment `t` to the end of the play, and on into the next play up to `t − h`; the group
/// itself is hidden from the start of each play up to `h`. So each glyph shows from `t` to the
/// end, exactly, as long as `h` is at most the group's first moment and at least half its last
/// one; glyphs are grouped, in drawing order and by baseline (the group places them on it), while
/// such an `h` exists. Without animation, both show, as at the end.
struct RevealGroup {
    private var elements: [String] = []
    private var first = Double.infinity
    private var last = -Double.infinity
    /// The baseline of the glyphs, as written (`y="…"` of each is left out).
    private var baseline: String?

    /// Whether a glyph on `baseline` appearing at `moment` can join the group.
    func admits(_ moment: (delay: String, moment: Double), baseline: String) -> Bool {
        elements.isEmpty || (self.baseline == baseline && max(last, moment.moment) / 2 <= min(first, moment.moment))
    }

    /// Adds `element` (`<use href="#a" x="12"`, unclosed, without `y`) on `baseline`.
    mutating func add(_ element: String, baseline: String, moment: (delay: String, moment: Double)) {
        elements.append(element + " style=\"--d:\(moment.delay)\"/>")
        self.baseline = baseline
        first = min(first, moment.moment)
        last = max(last, moment.moment)
    }

    /// Draws the group, if it has glyphs, and empties it.
    mutating func close(into document: inout SVGDocument, export: SVGExport) {
        guard !elements.isEmpty else { return }
        let scale = 100 / export.timeline.duration
        let hidden = SVGExport.shortest(from: last / 2 * scale, below: first * scale + 1e-9)
        let rest = SVGText.number(100 - hidden.value, decimals: 4)
        let group = document.animation("0%{opacity:0}\(hidden.text)%{opacity:1}")
        let glyphs = document.keyframes("\(rest)%{opacity:0}")
        document.rule(".\(group)>*{animation-name:\(glyphs);animation-delay:calc(var(--d)*-1s)}")
        let place = baseline.map { $0 == "0" ? "" : " transform=\"translate(0 \($0))\"" } ?? ""
        document.draw("<g class=\"\(group)\"\(place)>" + elements.joined() + "</g>")
        elements = []
        first = .infinity
        last = -.infinity
        baseline = nil
    }
}

extension SVGExport {
    /// An image layer: its box's background, the picture as the raster renderer draws it inside
    /// the layer (`FrameRenderer.vectorImage`: its fit, filter, clip and mirroring, drawn by Cairo
    /// at the scene's own scale on its whole pixels) as an embedded PNG, and the border, under the
    /// layer's transform.
    func imageLayer(_ tracks: VectorLayerTracks, into document: inout SVGDocument) throws {
        let layer = tracks.first
        guard let image = try vectorImage(layer) else { return }
        let closing = openTransform(tracks, centers: VectorTrack(center(of: image.box)), into: &document)
        let fill = background(layer, box: image.box, &document)
        document.draw(fill)
        let id = try picture(image.picture, pixelScale: image.pixelScale, &document)
        document.draw("<use href=\"#\(id)\" x=\"\(units(image.origin.x))\" y=\"\(units(image.origin.y))\"/>")
        document.draw(border(layer, box: image.box) + closing)
    }
}
