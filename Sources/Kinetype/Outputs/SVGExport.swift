import Foundation
import KinetypeCore
import KinetypeEncode
import KinetypeRender

/// Turns a scene into one self-contained animated SVG that plays where CSS animations play (a
/// browser, inline or through `<img>`, a README on GitHub): no script, no SMIL, no fonts (the
/// text is glyph outlines), pictures and color emoji as embedded PNGs.
///
/// It shares the Lottie export's sampling, refusals and vectors (`VectorExport`): every distinct
/// glyph outline is a `<path>` in `<defs>`, placed by `<use>` where the raster renderer draws it;
/// a text's layouts share their glyphs (`VectorGlyphMerge`); pictures are drawn by Cairo at the
/// scene's own scale. Everything that changes is a CSS animation in the document's `<style>`: a
/// layer's opacity, offset, rotation and scale are keyframes of a group each (`VectorMotion`:
/// eased with the scene's own cubic Bézier where it reproduces the frames, linear where it changes
/// smoothly, held where it jumps), a typewriter's reveal and fade the opacity of each glyph, the
/// cursor's blink its opacity and its moves its transform, a text shadow a drop-shadow filter of
/// the layer's glyphs. Every animation runs as long as the scene, as many times as
/// `output.loop` says, together.
///
/// Without animation (a viewer that does not run CSS animations, or `prefers-reduced-motion:
/// reduce`) every element shows its state at the last frame, as attributes: the finished text,
/// never an empty card.
///
/// The document is counted as it is built, and an export that would pass `maximumBytes` is
/// refused at the layer where it does, before anything is written.
struct SVGExport: VectorExport {
    /// The largest SVG kinetype writes (16 MiB), as for Lottie: a browser holds the whole document
    /// and every element in it; the reference scenes' largest is a few hundred kilobytes.
    static let maximumBytes = 16 << 20
    static let formatName = "SVG"
    static let documentName = "the SVG"

    let prepared: PreparedScene
    let renderer: FrameRenderer
    let isCancelled: @Sendable () -> Bool

    /// Grid units per point: 8 per pixel of the scene's own scale.
    var unitsPerPoint: Double { 8 * scene.canvas.scale }

    /// A length or coordinate in points, in grid units (to a tenth of a unit).
    func units(_ points: Double) -> String {
        SVGText.number(points * unitsPerPoint, decimals: 1)
    }

    /// The document's bytes (UTF-8).
    func document() throws -> Data {
        let (first, tracks) = try sampleLayers()
        var document = SVGDocument(unitsPerPoint: unitsPerPoint, duration: timeline.duration)
        let title = AltText.of(timeline)
        let canvas = Rect(x: 0, y: 0, width: scene.canvas.width, height: scene.canvas.height)
        if isVisible(first.canvas.background) {
            let fill = paint(renderer.vectorFill(first.canvas.background, in: canvas), &document)
            document.draw("<rect width=\"\(units(canvas.width))\" height=\"\(units(canvas.height))\"\(fill)/>")
        }
        for layerTracks in tracks {
            if isCancelled() { throw CancellationError() }
            try layer(layerTracks, into: &document)
            try check(document, title: title, at: "layers[\(layerTracks.first.index)]")
        }
        let loop = scene.output.loop
        let text = document.text(
            width: scene.canvas.width, height: scene.canvas.height, title: title,
            iterations: loop == 0 ? "infinite" : String(loop))
        let data = Data(text.utf8)
        if data.count > Self.maximumBytes { throw tooLarge(at: "layers", bytes: data.count) }
        return data
    }

    /// Refuses the export once `document` is past `maximumBytes`, at `path`.
    func check(_ document: SVGDocument, title: String, at path: String) throws {
        let bytes = document.bytes + SVGDocument.frameBytes(title: title)
        if bytes > Self.maximumBytes { throw tooLarge(at: path, bytes: bytes) }
    }

    // MARK: - Layers

    /// One layer, back to front as the raster renderer draws it: its transform as nested groups
    /// (opacity, offset, rotation, scale), then its box's background, its content, its border.
    private func layer(_ tracks: VectorLayerTracks, into document: inout SVGDocument) throws {
        let layer = tracks.first
        switch layer.content {
        case .rect:
            let box = renderer.vectorBox(layer)
            let closing = openTransform(tracks, centers: VectorTrack(center(of: box)), into: &document)
            let fill = background(layer, box: box, &document)
            document.draw(fill + border(layer, box: box))
            document.draw(closing)
        case .text:
            try textLayer(tracks, into: &document)
        case .image:
            try imageLayer(tracks, into: &document)
        }
    }

    func center(of box: Rect) -> Point {
        Point(x: box.x + box.width / 2, y: box.y + box.height / 2)
    }

    /// A layer's background, filling its box with the rounded corners (under the content), or "".
    func background(_ layer: LayerState, box: Rect, _ document: inout SVGDocument, extra: String = "") -> String {
        guard let background = layer.background, isVisible(background) else { return "" }
        let fill = paint(renderer.vectorFill(background, in: box), &document)
        return rect(box, radius: layer.cornerRadius) + fill + extra + "/>"
    }

    /// A layer's border, as the raster renderer strokes it inside its box (over the content), or "".
    func border(_ layer: LayerState, box: Rect, extra: String = "") -> String {
        guard let border = layer.border, border.width > 0, border.color.alpha > 0 else { return "" }
        let inset = min(border.width / 2, min(box.width, box.height) / 2)
        let inner = Rect(
            x: box.x + inset, y: box.y + inset, width: box.width - 2 * inset, height: box.height - 2 * inset)
        return rect(inner, radius: max(layer.cornerRadius - inset, 0)) + " fill=\"none\" stroke=\""
            + SVGText.hex(border.color) + "\"" + opacityAttribute("stroke-opacity", border.color.alpha)
            + " stroke-width=\"\(units(border.width))\"" + extra + "/>"
    }

    /// `<rect …` (unclosed) of `box` with corners of `radius`, limited to half the shorter side as
    /// Cairo limits it (SVG would limit each axis on its own).
    func rect(_ box: Rect, radius: Double) -> String {
        var out = "<rect"
        if box.x != 0 { out += " x=\"\(units(box.x))\"" }
        if box.y != 0 { out += " y=\"\(units(box.y))\"" }
        out += " width=\"\(units(box.width))\" height=\"\(units(box.height))\""
        let corner = min(max(radius, 0), min(box.width, box.height) / 2)
        if corner > 0 { out += " rx=\"\(units(corner))\"" }
        return out
    }

    /// ` fill="…"` (and its opacity) for a fill: a color, or a gradient defined once.
    func paint(_ fill: VectorFill, _ document: inout SVGDocument) -> String {
        switch fill {
        case .color(let color):
            return " fill=\"\(SVGText.hex(color))\"" + opacityAttribute("fill-opacity", color.alpha)
        case .linear(let from, let to, let start, let end):
            let element = { (id: String) in
                "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(units(start.x))\" "
                    + "y1=\"\(units(start.y))\" x2=\"\(units(end.x))\" y2=\"\(units(end.y))\">"
                    + "<stop stop-color=\"\(SVGText.hex(from))\"/>"
                    + "<stop offset=\"1\" stop-color=\"\(SVGText.hex(to))\"/></linearGradient>"
            }
            let id = document.define(element("")) { element($0) }
            return " fill=\"url(#\(id))\""
        }
    }

    /// ` name="alpha"` when `alpha` is below 1, else "".
    func opacityAttribute(_ name: String, _ alpha: Double) -> String {
        let value = min(max(alpha, 0), 1)
        return value < 1 ? " \(name)=\"\(SVGText.number(value, decimals: 3))\"" : ""
    }

    // MARK: - Animation

    /// The percentage of the animation at which frame `frame` shows.
    func percent(_ frame: Int) -> String {
        SVGText.number(100 * timeline.time(ofFrame: frame) / timeline.duration, decimals: 3) + "%"
    }

    /// The shortest decimal number (at most `decimals` decimals) from `low` up to but not
    /// including `high`, with its text.
    static func shortest(from low: Double, below high: Double, decimals: Int = 4) -> (value: Double, text: String) {
        for places in 0...decimals {
            let factor = pow(10, Double(places))
            let candidate = (low * factor).rounded(.up) / factor
            if candidate < high { return (candidate, SVGText.number(candidate, decimals: places)) }
        }
        return (low, SVGText.number(low, decimals: decimals + 2))
    }

    /// When a value that changes at frame `frame` (from 1) may change, in seconds: any moment after
    /// the frame before shows (plus a quarter of a frame, so that a player a hair late still shows
    /// it) up to the frame's own moment, so every frame shows what the raster shows.
    func changeWindow(_ frame: Int) -> (low: Double, high: Double) {
        let period = 1 / timeline.fps
        return (timeline.time(ofFrame: frame - 1) + period / 4, timeline.time(ofFrame: frame))
    }

    /// The percentage of a change held on both sides at frame `frame`: the shortest in its window.
    func changePercent(_ frame: Int) -> String {
        guard frame > 0 else { return "0%" }
        let window = changeWindow(frame)
        let scale = 100 / timeline.duration
        // The highest percentage of the window, counted down: `high` is in it, `low` is not.
        let down = Self.shortest(from: -window.high * scale, below: -window.low * scale)
        return SVGText.number(-down.value, decimals: 4) + "%"
    }

    /// The keyframes of `motion` (nil when its value never changes): each key at its frame's
    /// percentage, held until the next (the style sheet's `step-end`) or, where the value moves,
    /// `linear` or the scene's own `cubic-bezier`. A key held on both sides may fall anywhere
    /// after the frame before it (`changePercent`), which is shorter to write.
    func keyframes<Value>(_ motion: VectorMotion<Value>, _ declaration: (Value) -> String) -> String? {
        guard let first = motion.values.first, motion.values.contains(where: { $0 != first }) else { return nil }
        var body = ""
        let keys = motion.keys()
        for (position, key) in keys.enumerated() {
            let heldBefore = position == 0 || keys[position - 1].holds
            let at = heldBefore && key.holds ? changePercent(key.frame) : percent(key.frame)
            body += at + "{" + declaration(motion.values[key.frame])
            if let curve = key.curve {
                let numbers = [curve.x1, curve.y1, curve.x2, curve.y2].map { SVGText.number($0, decimals: 3) }
                body += ";animation-timing-function:cubic-bezier(\(numbers.joined(separator: ",")))"
            } else if !key.holds {
                body += ";animation-timing-function:linear"
            }
            body += "}"
        }
        return body
    }

    /// An opacity (0…1) of every frame as keyframes: held where something appears or disappears
    /// (a typed character, a layout that gives way to another), linear where it fades.
    func opacityKeyframes(_ values: [Double]) -> String? {
        var jumps = Set<Int>()
        for frame in values.indices.dropFirst() where (values[frame - 1] == 0) != (values[frame] == 0) {
            jumps.insert(frame)
        }
        let motion = VectorMotion(values: values, jumps: jumps, exactness: 1e-4)
        return keyframes(motion) { "opacity:" + SVGText.number($0, decimals: 3) }
    }

    /// ` opacity="…"` of the last frame (when below 1) and ` class="…"` running `keyframes`.
    func animatedOpacity(_ values: [Double], _ document: inout SVGDocument) -> String {
        var out = opacityAttribute("opacity", values.last ?? 1)
        if let body = opacityKeyframes(values) { out += " class=\"\(document.animation(body))\"" }
        return out
    }

    /// Opens the groups of a layer's transform, outermost first: its opacity, offset, rotation and
    /// scale (each a group only when it is not the identity at every frame), as the raster
    /// renderer draws a layer (`translate(offset + center) rotate scale translate(−center)`);
    /// returns the closing tags. Rotation and scale are about the box's center, which moves with
    /// a text that is laid out again.
    func openTransform(
        _ tracks: VectorLayerTracks, centers: VectorTrack<Point>, into document: inout SVGDocument
    ) -> String {
        let count = timeline.frameCount
        let curves = transformCurves
        var groups = 0
        let opacities = tracks.opacity.expanded(count: count)
        if opacities.contains(where: { $0 < 1 }) {
            let motion = VectorMotion(values: opacities, jumps: tracks.opacityJumps, exactness: 1e-4, curves: curves)
            var open = "<g" + opacityAttribute("opacity", opacities[count - 1])
            if let body = keyframes(motion, { "opacity:" + SVGText.number($0, decimals: 3) }) {
                open += " class=\"\(document.animation(body))\""
            }
            document.draw(open + ">")
            groups += 1
        }
        let offsets = tracks.position.expanded(count: count)
        if offsets.contains(where: { $0 != .zero }) {
            let motion = VectorMotion(values: offsets, jumps: tracks.positionJumps, exactness: 0.01, curves: curves)
            let last = offsets[count - 1]
            var open = "<g"
            if last != .zero { open += " transform=\"translate(\(units(last.x)) \(units(last.y)))\"" }
            if let body = keyframes(motion, { "transform:translate(\(units($0.x))px,\(units($0.y))px)" }) {
                open += " class=\"\(document.animation(body))\""
            }
            document.draw(open + ">")
            groups += 1
        }
        let centerOfFrame = centers.expanded(count: count)
        var centerJumps = Set<Int>()
        for frame in centerOfFrame.indices.dropFirst() where centerOfFrame[frame] != centerOfFrame[frame - 1] {
            centerJumps.insert(frame)
        }
        let about = { (center: Point, inner: String) -> String in
            "translate(\(units(center.x))px,\(units(center.y))px) \(inner) "
                + "translate(\(units(-center.x))px,\(units(-center.y))px)"
        }
        let rotations = tracks.rotation.expanded(count: count)
        if rotations.contains(where: { $0 != 0 }) {
            let values = zip(rotations, centerOfFrame).map { CenteredValue(value: $0, center: $1) }
            let motion = VectorMotion(
                values: values, jumps: tracks.rotationJumps.union(centerJumps), exactness: 1e-3, curves: curves)
            let last = values[count - 1]
            var open = "<g"
            if last.value != 0 {
                open +=
                    " transform=\"rotate(\(SVGText.number(last.value, decimals: 3)) "
                    + "\(units(last.center.x)) \(units(last.center.y)))\""
            }
            if let body = keyframes(
                motion, { "transform:" + about($0.center, "rotate(\(SVGText.number($0.value, decimals: 3))deg)") })
            {
                open += " class=\"\(document.animation(body))\""
            }
            document.draw(open + ">")
            groups += 1
        }
        let scales = tracks.scale.expanded(count: count)
        if scales.contains(where: { $0 != 1 }) {
            let values = zip(scales, centerOfFrame).map { CenteredValue(value: $0, center: $1) }
            let motion = VectorMotion(
                values: values, jumps: tracks.scaleJumps.union(centerJumps), exactness: 1e-5, curves: curves)
            let last = values[count - 1]
            var open = "<g"
            if last.value != 1 {
                let scale = SVGText.number(last.value, decimals: 5)
                open +=
                    " transform=\"translate(\(units(last.center.x)) \(units(last.center.y))) scale(\(scale)) "
                    + "translate(\(units(-last.center.x)) \(units(-last.center.y)))\""
            }
            if let body = keyframes(
                motion, { "transform:" + about($0.center, "scale(\(SVGText.number($0.value, decimals: 5)))") })
            {
                open += " class=\"\(document.animation(body))\""
            }
            document.draw(open + ">")
            groups += 1
        }
        return String(repeating: "</g>", count: groups)
    }
}

/// A rotation or scale and the center it turns or scales about, keyframed together.
struct CenteredValue: VectorInterpolable {
    var value: Double
    var center: Point
    var components: [Double] { [value, center.x, center.y] }
}
