import Foundation
import KinetypeCore
import KinetypeRender

/// What the vector exports share: Lottie (`LottieExport`) and SVG (`SVGExport`) sample the
/// timeline's `FrameState`s once (`sampleLayers`), refuse by name what they cannot draw exactly
/// (the same rules, at the feature's JSON path), and take the glyphs, cursor, decorations and
/// pictures from the renderer's vector machinery (`FrameRenderer.vectorText`, `vectorImage`), the
/// glyphs of a text's layouts merged by `VectorGlyphMerge` and its transform keyframed by
/// `VectorMotion`. Each format then writes those in its own terms.
protocol VectorExport {
    var prepared: PreparedScene { get }
    var renderer: FrameRenderer { get }
    var isCancelled: @Sendable () -> Bool { get }
    /// The format as refusals name it: `Lottie` (`Lottie output does not support …`), `SVG`.
    static var formatName: String { get }
    /// The written file as the size refusal names it: `the Lottie JSON`, `the SVG`.
    static var documentName: String { get }
    /// The largest file the format writes, counted as it is built.
    static var maximumBytes: Int { get }
}

/// A value of every frame, kept as the frames where it changes.
struct VectorTrack<Value: Equatable> {
    private(set) var changes: [(frame: Int, value: Value)] = []
    init() {}
    /// A value that never changes.
    init(_ value: Value) { changes = [(0, value)] }
    mutating func add(_ value: Value, frame: Int) {
        if let last = changes.last, last.value == value { return }
        changes.append((frame, value))
    }
    /// The value at each of the first `count` frames.
    func expanded(count: Int) -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(count)
        for (position, change) in changes.enumerated() {
            let end = position + 1 < changes.count ? changes[position + 1].frame : count
            values += repeatElement(change.value, count: max(0, min(end, count) - change.frame))
        }
        return values
    }
    /// The value at `frame`.
    func value(at frame: Int) -> Value? {
        changes.last { $0.frame <= frame }?.value ?? changes.first?.value
    }
}

/// The cursor of one frame and the layout (an index in `VectorLayerTracks.layouts`) it stands in.
struct CursorSample: Equatable {
    var cursor: CursorState
    var layout: Int
}

/// What one layer does over the whole timeline.
struct VectorLayerTracks {
    var first: LayerState
    var opacity = VectorTrack<Double>()
    var position = VectorTrack<Point>()
    var scale = VectorTrack<Double>()
    var rotation = VectorTrack<Double>()
    /// Text layers: each distinct layout of the text (the text state without its reveal and
    /// cursor), in the order they first show, and which one each frame shows.
    var layouts: [TextState] = []
    var layoutOfFrame: [Int] = []
    /// Text layers: the reveal of each frame, and the cursor with the layout it stands in.
    var reveals: [TextReveal?] = []
    var cursor = VectorTrack<CursorSample?>()
    /// The frames each transform property jumps into (see `VectorMotion`).
    var opacityJumps: Set<Int> = []
    var positionJumps: Set<Int> = []
    var scaleJumps: Set<Int> = []
    var rotationJumps: Set<Int> = []

    /// Text layers: the frames each layout shows at, in order (worked out on every call).
    var framesOfLayout: [[Int]] {
        var frames = [[Int]](repeating: [], count: layouts.count)
        for (frame, layout) in layoutOfFrame.enumerated() { frames[layout].append(frame) }
        return frames
    }
}

/// The cursor of a text layer over the whole timeline, as a rectangle that follows the caret.
struct VectorCursor {
    /// Its shape, color and width (which never change).
    var style: CursorState
    /// 1 where it shows, 0 where it blinks off or is gone.
    var visible: VectorTrack<Double>
    /// Where it stands (the layer's coordinates); before it first shows, where it first shows.
    var rect: VectorTrack<Rect>
}

/// An underline's or strikethrough's piece of one layout, and at which frames (of that layout's)
/// it shows how much.
struct VectorDecorationSpan {
    var rect: Rect
    var color: Color
    var visibility: (Int) -> Double
}

extension VectorExport {
    var scene: Scene { prepared.scene }
    var timeline: Timeline { prepared.timeline }

    /// Every frame of the timeline sampled once: the first frame's state, and for each layer what
    /// it does over the timeline. Refuses what no vector export writes: a canvas or a set of layers
    /// that changes, a frame, background or border that changes, translucent gradients, a layer
    /// whose content changes kind.
    func sampleLayers() throws -> (first: FrameState, tracks: [VectorLayerTracks]) {
        let frameCount = timeline.frameCount
        let first = timeline.state(atFrame: 0)
        try checkFill(first.canvas.background, at: "canvas.background")
        var tracks = first.layers.map { VectorLayerTracks(first: $0) }
        var previous = first
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
            if frame > 0 { findJumps(into: frame, from: previous, to: state, tracks: &tracks) }
            previous = state
        }
        return (first, tracks)
    }

    /// rlottie and ThorVG blend a gradient's translucent colors differently from each other and
    /// from Cairo (rlottie by more than a fifth of the pixels), and so do browsers (they interpolate
    /// unpremultiplied colors, Cairo premultiplied ones), so only opaque gradients are written.
    func checkFill(_ fill: Fill?, at path: String) throws {
        if case .linear(let from, let to, _, _) = fill, from.alpha < 1 || to.alpha < 1 {
            throw refusal(at: path, "a gradient with translucent colors")
        }
    }

    private func record(_ layer: LayerState, frame: Int, into tracks: inout VectorLayerTracks) throws {
        let path = "layers[\(layer.index)]"
        let base = tracks.first
        if frame == 0 { try checkFill(layer.background, at: path + ".background") }
        if layer.frame != base.frame || layer.alignment != base.alignment || layer.padding != base.padding
            || layer.background != base.background || layer.cornerRadius != base.cornerRadius
            || layer.border != base.border
        {
            throw refusal(at: path + ".animations", "a frame, background or border that changes over time")
        }
        switch (layer.content, base.content) {
        case (.rect, .rect): break
        case (.image(let picture), .image(let first)) where picture == first: break
        case (.text(let text), .text):
            let layout = laidOut(text)
            let known: Int
            if let last = tracks.layoutOfFrame.last, tracks.layouts[last] == layout {
                known = last
            } else if let found = tracks.layouts.firstIndex(of: layout) {
                known = found
            } else {
                tracks.layouts.append(layout)
                known = tracks.layouts.count - 1
            }
            tracks.layoutOfFrame.append(known)
            tracks.reveals.append(text.reveal)
            tracks.cursor.add(text.cursor.map { CursorSample(cursor: $0, layout: known) }, frame: frame)
        default:
            throw refusal(at: path, "a layer whose content changes kind")
        }
        let mirrored = renderer.isRightToLeftLayout
        tracks.opacity.add(min(max(layer.opacity, 0), 1), frame: frame)
        tracks.position.add(Point(x: mirrored ? -layer.offset.x : layer.offset.x, y: layer.offset.y), frame: frame)
        tracks.scale.add(layer.scale, frame: frame)
        tracks.rotation.add(layer.rotation, frame: frame)
    }

    /// A text state without what changes per frame in a layout that stays put (reveal, cursor).
    private func laidOut(_ text: TextState) -> TextState {
        var copy = text
        copy.reveal = nil
        copy.cursor = nil
        return copy
    }

    /// The refusal of a feature the format cannot draw exactly (exit 64), at its place in the scene.
    func refusal(at path: String, _ feature: String) -> DiagnosticList {
        var diagnostic = scene.source.diagnostic(
            at: path, "\(Self.formatName) output does not support \(feature) yet",
            hint: "render this scene to .gif, .webp, .apng or a video, or leave the feature out for \(Self.formatName)",
            kind: .usage)
        diagnostic.usageFollowUp = .none
        return DiagnosticList([diagnostic])
    }

    /// The refusal of an export past `maximumBytes` (exit 64, like every refusal), at `path`.
    func tooLarge(at path: String, bytes: Int) -> DiagnosticList {
        var diagnostic = scene.source.diagnostic(
            at: path,
            "\(Self.documentName) would be larger than \(RegularFile.describe(bytes: Int64(Self.maximumBytes))), "
                + "the most kinetype writes; it passes that here",
            hint: "render this scene to .gif, .webp, .apng or a video; text laid out again on many frames (a flow "
                + "typewriter, an animated size, weight, letter spacing or color) makes a large \(Self.formatName) "
                + "file, since every layout is its own glyphs",
            kind: .usage)
        diagnostic.usageFollowUp = .none
        return DiagnosticList([diagnostic])
    }

    /// A glyph origin where the raster renderer draws it: Cairo puts still text's cached glyph
    /// images at whole pixels of the scene's own scale, so the file shows the scene's pixels there
    /// (and is within half a pixel of Pango's unrounded position at any other density).
    func snapped(_ coordinate: Double) -> Double {
        let scale = scene.canvas.scale
        return (coordinate * scale).rounded() / scale
    }

    /// Pixels per point of bitmap glyphs' pictures (color emoji): the scene's own `canvas.scale`,
    /// the density whose pixels every output draws and glyph origins are snapped to. There a player
    /// copies Cairo's pixels of the glyph (0 % of pixels differ); pictures made denser (@3x) and
    /// scaled down by the player move their colors' edges, and on a line of emoji more than the
    /// 1 % of pixels the checks allow differed. A scene meant for @3x screens sets `canvas.scale` 3.
    var bitmapGlyphScale: Double { scene.canvas.scale }

    /// One layout's glyphs, or the refusal of what a vector output cannot draw.
    func vectorText(_ text: TextState, layer: LayerState, path: String) throws -> VectorText {
        do {
            return try renderer.vectorText(text, layer: layer, bitmapScale: bitmapGlyphScale)
        } catch let problem as VectorTextProblem {
            switch problem {
            case .glyphsWithoutOutlines:
                throw refusal(at: path + ".text", "glyphs without outlines")
            case .bitmapGlyphsInMovingText:
                throw refusal(
                    at: path + ".text",
                    "bitmap glyphs (a color font such as emoji) in text whose size, weight or letter spacing animates")
            case .missingGlyph: throw refusal(at: path + ".text", "a character none of the fonts has")
            }
        }
    }

    /// Every layout of a text layer as glyphs, in the order of `tracks.layouts`.
    func vectorLayouts(_ tracks: VectorLayerTracks) throws -> [VectorText] {
        let path = "layers[\(tracks.first.index)]"
        var vectors: [VectorText] = []
        for layout in tracks.layouts {
            if isCancelled() { throw CancellationError() }
            vectors.append(try vectorText(layout, layer: tracks.first, path: path))
        }
        return vectors
    }

    /// The glyphs of a text layer's layouts merged (`VectorGlyphMerge`), each placed as the raster
    /// renderer places it: snapped to the scene's pixels unless its layout's glyphs move.
    func mergedGlyphs(_ vectors: [VectorText], tracks: VectorLayerTracks) -> VectorGlyphMerge {
        VectorGlyphMerge(vectors) { layout in tracks.layouts[layout].glyphsMove ? { $0 } : snapped }
    }

    /// An image layer's picture as the raster renderer draws it, or the refusal of one too large.
    func vectorImage(_ layer: LayerState) throws -> VectorImage? {
        do {
            return try renderer.vectorImage(layer)
        } catch VectorImageProblem.tooLarge(let width, let height) {
            throw refusal(
                at: "layers[\(layer.index)].frame",
                "a picture drawn \(width) × \(height) pixels large, more than a canvas may have on a side")
        }
    }

    /// The rectangle the frame clips the text to, when the glyphs reach past it (the outlines'
    /// control points may overshoot the ink by a hair: a quarter point is allowed), or nil. A
    /// clip that changes with the layout is refused.
    func textClip(_ vectors: [VectorText], path: String) throws -> Rect? {
        let slack = 0.25
        let cut = vectors.contains { vector in
            guard let clip = vector.clip, let ink = vector.ink else { return false }
            return ink.x < clip.x - slack || ink.y < clip.y - slack
                || ink.x + ink.width > clip.x + clip.width + slack
                || ink.y + ink.height > clip.y + clip.height + slack
        }
        guard cut, let clip = vectors.first?.clip else { return nil }
        if vectors.contains(where: { $0.clip != clip }) {
            throw refusal(at: path + ".frame", "text cut off by its frame while its layout changes")
        }
        return clip
    }

    /// Where a layer whose opacity (0…1) at each of `frames` (and 0 at every other frame) is
    /// `alpha(frame)` shows: from its first visible frame to just after its last, with its opacity
    /// (0…100) there. Nil when it never shows.
    func shown(over frames: Range<Int>, _ alpha: (Int) -> Double) -> (frames: Range<Int>, opacity: VectorTrack<Double>)?
    {
        var values: [Double] = []
        values.reserveCapacity(frames.count)
        var first: Int?
        var last = frames.lowerBound
        for frame in frames {
            let value = alpha(frame)
            values.append(value)
            if value > 0 {
                first = first ?? frame
                last = frame
            }
        }
        guard let first else { return nil }
        var opacity = VectorTrack<Double>()
        for frame in first...last { opacity.add(values[frame - frames.lowerBound] * 100, frame: frame) }
        // It ends with a hold keyframe of 0 rather than at its out point alone: rlottie still draws
        // a layer at its out point, and a player between two frames must not show two layouts.
        guard last + 1 < timeline.frameCount else { return (first..<last + 1, opacity) }
        opacity.add(0, frame: last + 1)
        return (first..<min(last + 2, timeline.frameCount), opacity)
    }

    /// The opacity (0…1) of a merged glyph at `frame`: its character's reveal in the layout that
    /// frame shows, 0 when that layout does not have it.
    func glyphAlpha(_ characters: [(layout: Int, character: Int)], tracks: VectorLayerTracks) -> (Int) -> Double {
        { frame in
            VectorGlyphMerge.character(in: tracks.layoutOfFrame[frame], of: characters).map {
                TextReveal.alpha(of: $0, in: tracks.reveals[frame])
            } ?? 0
        }
    }

    /// `glyphAlpha` at every frame, worked out only at the frames of the layouts that have the glyph
    /// (`framesOfLayout`, from `tracks`): a text laid out anew on each of 300 frames has 300 times
    /// fewer to work out.
    func glyphAlphas(
        _ characters: [(layout: Int, character: Int)], tracks: VectorLayerTracks, framesOfLayout: [[Int]]
    ) -> [Double] {
        var values = [Double](repeating: 0, count: tracks.layoutOfFrame.count)
        for (layout, character) in characters {
            for frame in framesOfLayout[layout] {
                values[frame] = TextReveal.alpha(of: character, in: tracks.reveals[frame])
            }
        }
        return values
    }

    /// The cursor of a text layer over the timeline (nil when it has none): whether it shows, and
    /// its rectangle in the layout of each frame. A cursor whose style changes is refused.
    func cursor(_ tracks: VectorLayerTracks) throws -> VectorCursor? {
        let changes = tracks.cursor.changes
        guard let style = changes.compactMap(\.value).first?.cursor else { return nil }
        var visible = VectorTrack<Double>()
        var placed = VectorTrack<Rect>()
        var rects: [Int: [Int: Rect]] = [:]
        for change in changes {
            guard let sample = change.value else {
                visible.add(0, frame: change.frame)
                continue
            }
            let cursor = sample.cursor
            if cursor.shape != style.shape || cursor.color != style.color || cursor.width != style.width {
                throw refusal(at: "layers[\(tracks.first.index)].animations", "a cursor whose style changes")
            }
            visible.add(cursor.visible ? 1 : 0, frame: change.frame)
            let rect: Rect
            if let known = rects[sample.layout]?[cursor.characterOffset] {
                rect = known
            } else {
                rect = try renderer.vectorCursorRect(cursor, of: tracks.layouts[sample.layout], layer: tracks.first)
                rects[sample.layout, default: [:]][cursor.characterOffset] = rect
            }
            // Before the first visible moment, the cursor stands where it first shows.
            if placed.changes.isEmpty { placed.add(rect, frame: 0) }
            placed.add(rect, frame: change.frame)
        }
        return VectorCursor(style: style, visible: visible, rect: placed)
    }

    /// The underline and strikethrough pieces of one layout, as the raster renderer reveals them:
    /// Pango draws a run's line under its revealed characters only, one rectangle for the
    /// characters of the run fully shown (a prefix of it, since a typewriter reveals in order) and
    /// one for each character still fading in (its own color, so its own run). So each character
    /// has two pieces: the run's line up to its end, shown while it is the last character of the
    /// run fully shown, and its own piece, shown with its alpha while it fades in. In their own
    /// colors, or all in `tint` (a shadow's color, its alpha left to what places the shadow).
    func decorationSpans(_ vector: VectorText, layout: Int, tracks: VectorLayerTracks, tint: Color?)
        -> [VectorDecorationSpan]
    {
        var spans: [VectorDecorationSpan] = []
        let layoutOfFrame = tracks.layoutOfFrame
        let reveals = tracks.reveals
        let alpha = { (character: Int, frame: Int) -> Double in
            layoutOfFrame[frame] == layout ? TextReveal.alpha(of: character, in: reveals[frame]) : 0
        }
        for decoration in vector.decorations {
            let color =
                tint.map { Color(red: $0.red, green: $0.green, blue: $0.blue, alpha: decoration.color.alpha) }
                ?? decoration.color
            let pieces = decoration.pieces
            for (position, piece) in pieces.enumerated() {
                let next = position + 1 < pieces.count ? pieces[position + 1].character : nil
                let lineEnd = { (frame: Int) -> Double in
                    alpha(piece.character, frame) >= 1 && (next.map { alpha($0, frame) < 1 } ?? true) ? 1 : 0
                }
                let fading = { (frame: Int) -> Double in
                    let shown = alpha(piece.character, frame)
                    return shown < 1 ? shown : 0
                }
                let prefix = pieces[...position]
                let line = (
                    left: prefix.map(\.left).min() ?? piece.left, right: prefix.map(\.right).max() ?? piece.right
                )
                for span in [(line.left, line.right, lineEnd), (piece.left, piece.right, fading)]
                where span.1 > span.0 {
                    spans.append(
                        VectorDecorationSpan(
                            rect: Rect(
                                x: span.0, y: decoration.top, width: span.1 - span.0, height: decoration.thickness),
                            color: color, visibility: span.2))
                }
            }
        }
        return spans
    }
}
